import type { FormData, QueryContextBody } from "../../contract";
import { buildQueryContext, normalizeOrderBy } from "../../query/build-query-context";
import { ensureArray, getMetricLabel, isXAxisSet } from "../../query/labels";
import {
  contributionOperator, flattenOperator, isTimeComparison, pivotOperator, renameOperator, resampleOperator, rollingWindowOperator, sortOperator,
  timeCompareOperator,
} from "../../query/operators";

// Superset's ECharts Timeseries buildQuery: x-axis + dimensions as columns, dimensions as series columns (for the
// series limit), then pivot → rolling → compare → resample → rename → contribution → sort → flatten.

/** The x-axis sort metric joins the query when it is the sort-by metric and not already one of the metrics. */
function extraMetrics(formData: FormData): unknown[] {
  const sortBy = formData.timeseries_limit_metric;
  const xSort = formData.x_axis_sort;
  if (ensureArray(formData.groupby).length || !sortBy || getMetricLabel(sortBy) !== xSort) return [];
  return ensureArray(formData.metrics).some((m) => getMetricLabel(m) === xSort) ? [] : [sortBy];
}

export function buildTimeseriesQuery(formData: FormData): QueryContextBody {
  const groupby = ensureArray(formData.groupby);
  return buildQueryContext(formData, (base) => {
    const timeOffsets = isTimeComparison(formData, base) ? ensureArray<string>(formData.time_compare) : [];
    const withTime = { ...base, is_timeseries: !isXAxisSet(formData) };
    return [{
      ...base,
      metrics: [...(base.metrics ?? []), ...extraMetrics(formData)],
      columns: [...(isXAxisSet(formData) ? [formData.x_axis] : []), ...groupby],
      series_columns: groupby,
      ...(isXAxisSet(formData) ? {} : { is_timeseries: true }),
      orderby: normalizeOrderBy(base).orderby,
      time_offsets: timeOffsets,
      post_processing: [
        pivotOperator(formData, withTime),
        rollingWindowOperator(formData, base),
        timeCompareOperator(formData, base),
        resampleOperator(formData, base),
        renameOperator(formData, base),
        contributionOperator(formData, base, timeOffsets),
        sortOperator(formData, base),
        flattenOperator(formData, base),
      ].filter((s) => s !== undefined),
    }];
  });
}
