import type { FormData, QueryContextBody } from "../../contract";
import { buildQueryContext } from "../../query/build-query-context";
import { ensureArray, getColumnLabel } from "../../query/labels";

// Superset's Gantt buildQuery: one row per event (start, end, its row on the y-axis, its series and tooltip
// columns), the tooltip metrics if any, ordered as "Ordering" says.

export function buildGanttQuery(formData: FormData): QueryContextBody {
  const series = ensureArray(formData.series);
  const orderby = ensureArray<string>(formData.order_by_cols).map((o) => (typeof o === "string" ? JSON.parse(o) : o) as [unknown, boolean]);
  const all = [formData.start_time, formData.end_time, formData.y_axis, ...ensureArray(formData.tooltip_columns), ...series, ...orderby.map(([col]) => col)]
    .filter((c) => c !== undefined && c !== null && c !== "");
  const seen = new Set<string>();
  const columns = all.filter((c) => (seen.has(getColumnLabel(c)) ? false : (seen.add(getColumnLabel(c)), true)));
  return buildQueryContext(formData, (base) => [{
    ...base,
    columns,
    metrics: ensureArray(formData.tooltip_metrics),
    orderby,
    series_columns: series,
  }]);
}
