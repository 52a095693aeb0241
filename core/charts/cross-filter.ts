import { ensureArray, getColumnLabel } from "./query/labels";

// The cross-filter contract of a chart type (Superset's per-plugin getCrossFilterDataMask): what a click on the
// drawn chart filters the rest of the dashboard by. Each chart type that has one keeps it in its folder
// (types/<type>/cross-filter.ts); a type without one (big number, histogram …) emits nothing.

/** A click as the renderer reports it: a Chart.js element (its label, series, data point, dataset) or a table row. */
export interface ChartPick {
  label?: unknown;
  series?: string;
  /** the clicked element's data point (Chart.js `raw`) and its index in the dataset */
  raw?: unknown;
  index?: number;
  /** the clicked element's Chart.js dataset (extra arrays models keep for this, e.g. a sunburst ring's paths) */
  dataset?: Record<string, unknown>;
  /** a table row (column label → value) or a pivot table's row header (row dimension → value) */
  row?: Record<string, unknown>;
}

/** One column = value condition of a cross-filter; several are ANDed (a heatmap cell, a treemap branch). */
export interface CrossFilterHit {
  col: string;
  value: unknown;
}

export type CrossFilter = (formData: Record<string, unknown>, pick: ChartPick) => CrossFilterHit[] | null;

/** The label of the first column of a column control (a list or a single column, physical or adhoc). */
export function firstColumn(v: unknown): string | null {
  const first = ensureArray(v)[0];
  if (first === undefined || first === null || first === "") return null;
  const label = getColumnLabel(first);
  return label ? label : null;
}

/** The common case: the element's label is a value of the chart's first dimension column. */
export const byLabelOf = (control: string): CrossFilter => (formData, pick) => {
  const col = firstColumn(formData[control]);
  return col && pick.label !== undefined && pick.label !== null ? [{ col, value: pick.label }] : null;
};
