// What a click on a chart cross-filters (Superset's per-plugin getCrossFilterDataMask): the dimension column the
// chart groups by and the clicked value. Charts without a plain column dimension emit nothing.

type Dict = Record<string, unknown>;

/** A click as the renderer reports it: a Chart.js element (label, series) or a table row. */
export interface ChartPick {
  label?: unknown;
  series?: string;
  row?: Dict;
}

const firstColumn = (v: unknown): string | null => {
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === "string" && first ? first : null;
};

const TIMESERIES = /^(echarts_timeseries|echarts_area|line|bar|area|dist_bar)/;
/** Charts whose slices or elements are labelled by their first groupby column's values. */
const BY_LABEL = new Set(["pie", "funnel", "treemap_v2", "sunburst_v2", "word_cloud", "box_plot", "radar"]);

export function crossFilterOf(formData: Dict, pick: ChartPick): { col: string; value: unknown } | null {
  const viz = String(formData.viz_type ?? "");
  if (viz === "table" || viz === "pivot_table_v2") {
    const col = formData.query_mode === "raw" ? firstColumn(formData.all_columns) : firstColumn(formData.groupby ?? formData.groupbyRows);
    return col && pick.row && col in pick.row ? { col, value: pick.row[col] } : null;
  }
  if (BY_LABEL.has(viz)) {
    const col = firstColumn(formData.groupby ?? formData.columns ?? formData.series);
    return col && pick.label !== undefined ? { col, value: pick.label } : null;
  }
  if (TIMESERIES.test(viz)) {
    // series are the groupby values; with several metrics Superset names them "<metric>, <value>"
    const col = firstColumn(formData.groupby);
    if (!col || !pick.series) return null;
    const metrics = Array.isArray(formData.metrics) ? formData.metrics.length : 1;
    const value = metrics > 1 && pick.series.includes(", ") ? pick.series.slice(pick.series.indexOf(", ") + 2) : pick.series;
    return { col, value };
  }
  return null;
}
