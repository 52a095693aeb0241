import { addAlpha } from "../../colors/schemes";
import { getMetricLabel, isDict } from "../../query/labels";

// Superset's table conditional formatting (getColorFormatters): each rule colours the cells of one column that
// pass its comparison, in the rule's colour with an opacity that grows from the cut-off value (5%) to the most
// extreme value of the column (100%); with no operator every cell is shaded from the column's min (0%) to its max.

export const COMPARATORS = ["None", ">", "<", "≥", "≤", "=", "≠", "< x <", "≤ x ≤", "≤ x <", "< x ≤"] as const;
const BETWEEN = ["< x <", "≤ x ≤", "≤ x <", "< x ≤"];

type Match = { cutoff: number; extreme: number } | false;

const round2 = (n: number) => Math.round(n * 100) / 100;

export function opacity(value: number, cutoff: number, extreme: number, min: number, max = 1): number {
  if (extreme === cutoff) return max;
  return Math.min(max, round2(Math.abs(((max - min) / (extreme - cutoff)) * (value - cutoff)) + min));
}


function comparator(rule: Record<string, unknown>): ((v: number, all: number[]) => Match) | null {
  const op = String(rule.operator);
  const t = Number(rule.targetValue), l = Number(rule.targetValueLeft), r = Number(rule.targetValueRight);
  if (BETWEEN.includes(op) && (rule.targetValueLeft === undefined || rule.targetValueRight === undefined)) return null;
  if (op !== "None" && !BETWEEN.includes(op) && rule.targetValue === undefined) return null;
  const max = (all: number[]) => Math.max(...all), min = (all: number[]) => Math.min(...all);
  switch (op) {
    case "None": return (v, all) => ({ cutoff: min(all), extreme: max(all) });
    case ">": return (v, all) => (v > t ? { cutoff: t, extreme: max(all) } : false);
    case "<": return (v, all) => (v < t ? { cutoff: t, extreme: min(all) } : false);
    case "≥": return (v, all) => (v >= t ? { cutoff: t, extreme: max(all) } : false);
    case "≤": return (v, all) => (v <= t ? { cutoff: t, extreme: min(all) } : false);
    case "=": return (v) => (v === t ? { cutoff: t, extreme: t } : false);
    case "≠": return (v, all) => (v === t ? false : { cutoff: t, extreme: Math.abs(t - min(all)) > Math.abs(max(all) - t) ? min(all) : max(all) });
    case "< x <": return (v) => (v > l && v < r ? { cutoff: l, extreme: r } : false);
    case "≤ x ≤": return (v) => (v >= l && v <= r ? { cutoff: l, extreme: r } : false);
    case "≤ x <": return (v) => (v >= l && v < r ? { cutoff: l, extreme: r } : false);
    case "< x ≤": return (v) => (v > l && v <= r ? { cutoff: l, extreme: r } : false);
    default: return null;
  }
}

/** Cell background colours per row and column key, for the columns the rules name; later rules win. */
export function cellBackgrounds(rules: unknown, rows: Record<string, unknown>[]): Record<string, string>[] {
  const out: Record<string, string>[] = rows.map(() => ({}));
  for (const rule of Array.isArray(rules) ? rules : []) {
    if (!isDict(rule) || typeof rule.column !== "string" || typeof rule.colorScheme !== "string" || rule.operator === undefined) continue;
    const compare = comparator(rule);
    if (!compare) continue;
    const column = rule.column;
    const all = rows.map((r) => r[column]).filter((v): v is number => typeof v === "number");
    const minOpacity = rule.operator === "None" ? 0 : 0.05;
    rows.forEach((r, i) => {
      const v = r[column];
      if (typeof v !== "number") return;
      const match = compare(v, all);
      if (match) out[i][column] = addAlpha(rule.colorScheme as string, opacity(v, match.cutoff, match.extreme, minOpacity));
    });
  }
  return out;
}

/** Superset's colour choices for a formatter (its theme's success / alert / error, light and dark). */
export const FORMATTER_COLORS: [string, string][] = [
  ["#ACE1C4", "green"], ["#FDE380", "yellow"], ["#EFA1AA", "red"],
  ["#439066", "green dark"], ["#BC9501", "yellow dark"], ["#A7323F", "red dark"],
];

export const isBetween = (operator: unknown) => BETWEEN.includes(String(operator));

/**
 * The columns a formatter may colour, as Superset offers them: the numeric columns of the last answer (metrics,
 * percent metrics, numeric raw columns); before any answer, the metric labels the form data names.
 */
export function formattableColumns(formData: Record<string, unknown>, answer: { colnames?: string[]; coltypes?: number[] } | null): string[] {
  if (answer?.colnames?.length) return answer.colnames.filter((_, i) => answer.coltypes?.[i] === 0);
  const metrics = Array.isArray(formData.metrics) ? formData.metrics : [];
  const percent = Array.isArray(formData.percent_metrics) ? formData.percent_metrics : [];
  return formData.query_mode === "raw" ? [] : [...metrics.map(getMetricLabel), ...percent.map((m) => `%${getMetricLabel(m)}`)];
}

/** A rule in words, as the control lists it: "sum__num > 1000", "100 < count < 200", "count" (no operator). */
export function describeRule(rule: Record<string, unknown>): string {
  const column = String(rule.column ?? "");
  const op = String(rule.operator ?? "None");
  if (op === "None") return column;
  if (isBetween(op)) {
    const [left, right] = op.split(" x ");
    return `${rule.targetValueLeft} ${left} ${column} ${right} ${rule.targetValueRight}`;
  }
  return `${column} ${op} ${rule.targetValue}`;
}

/** Why a rule cannot be saved yet, or null: a column, a colour, an operator and its values are required. */
export function ruleProblem(rule: Record<string, unknown>): string | null {
  if (typeof rule.column !== "string" || !rule.column) return "Choose a column";
  if (typeof rule.colorScheme !== "string") return "Choose a color";
  const op = String(rule.operator ?? "");
  if (!(COMPARATORS as readonly string[]).includes(op)) return "Choose an operator";
  const num = (v: unknown) => typeof v === "number" && Number.isFinite(v);
  if (isBetween(op)) {
    if (!num(rule.targetValueLeft) || !num(rule.targetValueRight)) return "Enter both values";
    if ((rule.targetValueLeft as number) >= (rule.targetValueRight as number)) return "The left value must be less than the right value";
  } else if (op !== "None" && !num(rule.targetValue)) return "Enter a value";
  return null;
}
