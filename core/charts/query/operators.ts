import type { FormData, PostProcessingStep, QueryObjectBody } from "../contract";
import { DTTM_ALIAS, ensureArray, getColumnLabel, getMetricLabel, getXAxisLabel, isXAxisSet } from "./labels";

// Superset's post-processing factories (superset-ui-chart-controls/src/operators): each reads form data and the
// base query object and answers one step for core/post-processing, or undefined when it does not apply.

type Operator = (formData: FormData, query: QueryObjectBody) => PostProcessingStep | undefined;

export const TIME_COMPARISON_SEPARATOR = "__";
export const COMPARISON_TYPES = ["values", "difference", "percentage", "ratio"];
const ROLLING_TYPES = ["cumsum", "sum", "mean", "std"];

const int = (v: unknown, fallback: number) => (Number.isInteger(Number(v)) && v !== null && v !== "" ? Number(v) : fallback);

/** "SUM(x)__1 year ago" → "SUM(x)", for every metric and offset. */
export function metricOffsetsMap(formData: FormData, query: QueryObjectBody): Map<string, string> {
  const map = new Map<string, string>();
  for (const metric of ensureArray(query.metrics).map(getMetricLabel)) {
    for (const offset of ensureArray<string>(formData.time_compare)) map.set([metric, offset].join(TIME_COMPARISON_SEPARATOR), metric);
  }
  return map;
}

export const isTimeComparison = (formData: FormData, query: QueryObjectBody) =>
  COMPARISON_TYPES.includes(String(formData.comparison_type)) && metricOffsetsMap(formData, query).size > 0;

export const pivotOperator: Operator = (formData, query) => {
  const metrics = ensureArray(query.metrics).map(getMetricLabel);
  if (!metrics.length || (!isXAxisSet(formData) && !query.is_timeseries)) return undefined;
  const timeCompare = isTimeComparison(formData, query);
  const aggregated = timeCompare ? [...metricOffsetsMap(formData, query).values(), ...metricOffsetsMap(formData, query).keys()] : metrics;
  return {
    operation: "pivot",
    options: {
      index: [getXAxisLabel(formData)],
      columns: ensureArray(query.series_columns ?? query.columns).map(getColumnLabel),
      // 'mean' of a single value is the value; it only assigns cells (and keeps NaN rather than dropping it)
      aggregates: Object.fromEntries([...new Set(aggregated)].map((m) => [m, { operator: "mean" }])),
      drop_missing_columns: !formData.show_empty_columns,
    },
  };
};

export const rollingWindowOperator: Operator = (formData, query) => {
  let columns: string[];
  if (isTimeComparison(formData, query)) {
    const map = metricOffsetsMap(formData, query);
    columns = formData.comparison_type === "values"
      ? [...map.values(), ...map.keys()]
      : [...map.entries()].map(([offset, metric]) => [formData.comparison_type, metric, offset].join(TIME_COMPARISON_SEPARATOR));
  } else columns = ensureArray(query.metrics).map(getMetricLabel);
  const map = Object.fromEntries(columns.map((c) => [c, c]));
  if (formData.rolling_type === "cumsum") return { operation: "cum", options: { operator: "sum", columns: map } };
  if (["sum", "mean", "std"].includes(String(formData.rolling_type))) {
    return {
      operation: "rolling",
      options: { rolling_type: formData.rolling_type, window: int(formData.rolling_periods, 1), min_periods: int(formData.min_periods, 0), columns: map },
    };
  }
  return undefined;
};

export const timeCompareOperator: Operator = (formData, query) => {
  if (!isTimeComparison(formData, query) || formData.comparison_type === "values") return undefined;
  const map = metricOffsetsMap(formData, query);
  return {
    operation: "compare",
    options: { source_columns: [...map.values()], compare_columns: [...map.keys()], compare_type: formData.comparison_type, drop_original_columns: true },
  };
};

export const resampleOperator: Operator = (formData) => {
  const zerofill = formData.resample_method === "zerofill";
  const method = zerofill ? "asfreq" : formData.resample_method;
  if (!method || !formData.resample_rule) return undefined;
  return { operation: "resample", options: { method, rule: formData.resample_rule, fill_value: zerofill ? 0 : null } };
};

/**
 * Drops the metric level from series names when there is one metric and truncate_metric is on: "Classic Cars", not
 * "SUM(Sales), Classic Cars". The control defaults to on, and Superset's Explore saves that default into every
 * chart, so form data without the key (a chart made through the API, an old bundle) takes it as on; only an
 * explicit false keeps the metric in the name.
 */
export const renameOperator: Operator = (formData, query) => {
  const metrics = ensureArray(query.metrics);
  const columns = ensureArray(query.series_columns ?? query.columns);
  const offsets = ensureArray<string>(formData.time_compare);
  const timeCompare = isTimeComparison(formData, query);
  if (!metrics.length || !(timeCompare || ((columns.length || offsets.length > 1) && formData.truncate_metric !== false))) return undefined;
  const pairs: [string, string | null][] = [];
  if (timeCompare) {
    for (const [withOffset, metric] of metricOffsetsMap(formData, query)) {
      const offset = offsets.find((o) => withOffset.includes(o)) ?? withOffset;
      const from = formData.comparison_type === "values" ? withOffset : [formData.comparison_type, metric, withOffset].join(TIME_COMPARISON_SEPARATOR);
      pairs.push([from, metrics.length > 1 ? `${metric}, ${offset}` : offset]);
    }
  }
  if (!["difference", "percentage", "ratio"].includes(String(formData.comparison_type)) && metrics.length === 1 && !pairs.length) {
    pairs.push([getMetricLabel(metrics[0]), null]);
  }
  return pairs.length ? { operation: "rename", options: { columns: Object.fromEntries(pairs), level: 0, inplace: true } } : undefined;
};

export const contributionOperator = (formData: FormData, _query: QueryObjectBody, timeShifts: string[] = []): PostProcessingStep | undefined =>
  formData.contributionMode ? { operation: "contribution", options: { orientation: formData.contributionMode, time_shifts: timeShifts } } : undefined;

/** Sorts bars by the x-axis or a metric when there are no dimensions (Superset's x_axis_sort). */
export const sortOperator: Operator = (formData) => {
  const xLabel = getXAxisLabel(formData);
  const sortable = [xLabel, ...ensureArray(formData.metrics).map(getMetricLabel), ...ensureArray(formData.timeseries_limit_metric).map(getMetricLabel)];
  const by = formData.x_axis_sort;
  if (typeof by !== "string" || typeof formData.x_axis_sort_asc !== "boolean" || !sortable.includes(by) || ensureArray(formData.groupby).length) return undefined;
  return by === xLabel
    ? { operation: "sort", options: { is_sort_index: true, ascending: formData.x_axis_sort_asc } }
    : { operation: "sort", options: { by, ascending: formData.x_axis_sort_asc } };
};

export const flattenOperator: Operator = () => ({ operation: "flatten" });

export const isRollingType = (v: unknown) => ROLLING_TYPES.includes(String(v));
export { DTTM_ALIAS };
