import { firstColumn, type CrossFilter } from "../../cross-filter";
import { ensureArray, getMetricLabel } from "../../query/labels";

// Bar, line, area, scatter …: a series is a value of the dimension (groupby); clicking a bar or point filters by
// it. Series pivoted from the query are named "<metric>, <value>" (with one metric too, unless renamed), so a
// leading metric label is taken off. A chart without a dimension has nothing to filter by.
export const crossFilter: CrossFilter = (formData, pick) => {
  const col = firstColumn(formData.groupby);
  if (!col || !pick.series) return null;
  const series = pick.series;
  const metric = ensureArray(formData.metrics).map(getMetricLabel).find((m) => series.startsWith(`${m}, `));
  return [{ col, value: metric ? series.slice(metric.length + 2) : series }];
};
