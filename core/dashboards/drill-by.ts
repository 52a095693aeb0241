import { ensureArray, getColumnLabel } from "../charts/query/labels";
import type { DrillFilter } from "./drill-detail";

// Drill by (Superset's DrillByModal): a right-click on a value of a dashboard chart, then a column: the chart is
// drawn again grouped by that column and filtered to the value clicked. Each further drill is one more step;
// the breadcrumb goes back to any earlier one. The chart's dimension control (the one that holds the clicked
// column) is replaced by the new column, and each clicked value becomes a WHERE adhoc filter, as Superset's
// getDrillByFormData does.

export interface DrillByStep {
  /** the values clicked at this level (column = value) */
  filters: DrillFilter[];
  /** the column the chart is grouped by after this step */
  column: string;
}

/** Controls that hold a chart's dimensions, in the order a clicked column is looked for in them. */
const DIMENSION_CONTROLS = ["groupby", "groupbyRows", "groupbyColumns", "columns", "series", "entity", "x_axis", "y_axis", "source", "target", "all_columns"];

const labels = (v: unknown): string[] => ensureArray(v).map((c) => getColumnLabel(c)).filter((l): l is string => Boolean(l));

/** The control holding `column` (the chart's clicked dimension), or groupby when no control holds it. */
export function dimensionControl(formData: Record<string, unknown>, column: string | undefined): string {
  if (column) for (const key of DIMENSION_CONTROLS) if (labels(formData[key]).includes(column)) return key;
  return DIMENSION_CONTROLS.find((key) => labels(formData[key]).length > 0) ?? "groupby";
}

const asAdhoc = (f: DrillFilter) =>
  f.val === null || f.val === undefined
    ? { expressionType: "SIMPLE", clause: "WHERE", subject: f.col, operator: "IS NULL", comparator: null }
    : { expressionType: "SIMPLE", clause: "WHERE", subject: f.col, operator: "==", comparator: f.val };

/** The form data of a chart after drill-by steps: each step's values filtered, its column the new dimension. */
export function drillByFormData<T extends Record<string, unknown>>(formData: T, steps: DrillByStep[]): T {
  let fd: Record<string, unknown> = formData;
  for (const step of steps) {
    const key = dimensionControl(fd, step.filters[0]?.col);
    // a single-column control (x_axis, entity …) takes the name; a list control takes a list of one
    const value = Array.isArray(fd[key]) || fd[key] === undefined ? [step.column] : step.column;
    fd = { ...fd, [key]: value, adhoc_filters: [...ensureArray(fd.adhoc_filters), ...step.filters.map(asAdhoc)] };
  }
  return fd as T;
}

/** The columns a chart may be drilled by: the dataset's groupable ones not already among its dimensions. */
export function drillByColumns(columns: { column_name: string; groupby?: boolean | null }[], formData: Record<string, unknown>): string[] {
  const used = new Set(DIMENSION_CONTROLS.flatMap((key) => labels(formData[key])));
  return columns.filter((c) => c.groupby !== false && !used.has(c.column_name)).map((c) => c.column_name);
}

/**
 * The breadcrumb of a drill: "<column> (<value>)" per level drilled from, then the column it is grouped by now
 * (`first`: the chart's own dimension, shown alone once every step is undone). Item i goes back to steps.slice(0, i).
 */
export function drillByBreadcrumbs(first: string, steps: DrillByStep[]): string[] {
  const value = (f: DrillFilter[]) => f.map((x) => (x.val === null ? "NULL" : String(x.val))).join(", ");
  return [...steps.map((s) => `${s.filters.map((f) => f.col).join(", ")} (${value(s.filters)})`), steps.length ? steps[steps.length - 1].column : first];
}
