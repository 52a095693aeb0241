import type { ChartPropsInput } from "./contract";
import { groupbyLabel, num, rowsOf, temporalColumns } from "./data";
import { getTimeFormatter } from "./format/time";
import { ensureArray, getColumnLabel, getMetricLabel } from "./query/labels";

/** One metric by dimensions, as pie, funnel and gauge read it: each row's name (its dimension values, dates in
 * date_format; the metric's label when there are no dimensions) and its value (null stays null). */
export function metricByDimensions(input: ChartPropsInput): { metric: string; names: string[]; values: (number | null)[] } {
  const { formData } = input;
  const rows = rowsOf(input);
  const metric = getMetricLabel(formData.metric);
  const dims = ensureArray(formData.groupby).map(getColumnLabel);
  const dateText = getTimeFormatter(String(formData.date_format ?? "smart_date"));
  const temporal = temporalColumns(input.queriesData[0]);
  return {
    metric,
    names: rows.map((r) => (dims.length ? groupbyLabel(r, dims, dateText, temporal) : metric)),
    values: rows.map((r) => num(r[metric])),
  };
}
