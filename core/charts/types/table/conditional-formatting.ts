import { addAlpha } from "../../colors/schemes";
import { isDict } from "../../query/labels";

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
