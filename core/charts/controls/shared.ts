import type { Control, ControlSection, FormData, VisibilityColumn } from "../contract";
import { NUMBER_FORMAT_CHOICES, SMART_NUMBER } from "../format/number";
import { SMART_DATE, TIME_FORMAT_CHOICES } from "../format/time";
import { CATEGORICAL_SCHEMES, DEFAULT_CATEGORICAL_SCHEME, DEFAULT_SEQUENTIAL_SCHEME, SEQUENTIAL_SCHEMES } from "../colors/schemes";

// Controls several chart types share, with Superset's names, labels, defaults and choices, so a chart's
// panel is a list of these plus its own few. Each factory answers a fresh object a chart may tweak.

export const ROW_LIMIT_CHOICES = [10, 50, 100, 250, 500, 1000, 5000, 10000, 50000];
export const SERIES_LIMIT_CHOICES = [5, 10, 25, 50, 100, 500];
export const TIME_GRAIN_CHOICES: [string, string][] = [
  ["PT5S", "5 second"], ["PT30S", "30 second"], ["PT1M", "Minute"], ["PT5M", "5 minute"], ["PT30M", "30 minute"], ["PT1H", "Hour"],
  ["PT6H", "6 hour"], ["P1D", "Day"], ["P7D", "7 day"], ["P1W", "Week"], ["1969-12-28T00:00:00Z/P1W", "Week starting Sunday"],
  ["P1W/1970-01-03T00:00:00Z", "Week ending Saturday"], ["P1M", "Month"], ["P3M", "Quarter"], ["P1Y", "Year"],
];
export const ROLLING_CHOICES: [string, string][] = [["None", "None"], ["mean", "mean"], ["sum", "sum"], ["std", "std"], ["cumsum", "cumsum"]];
export const COMPARISON_CHOICES: [string, string][] = [["values", "Actual values"], ["difference", "Difference"], ["percentage", "Percentage change"], ["ratio", "Ratio"]];
export const TIME_COMPARE_CHOICES: [string, string][] = [
  ["1 day ago", "1 day ago"], ["1 week ago", "1 week ago"], ["28 days ago", "28 days ago"], ["30 days ago", "30 days ago"],
  ["52 weeks ago", "52 weeks ago"], ["1 year ago", "1 year ago"], ["104 weeks ago", "104 weeks ago"], ["2 years ago", "2 years ago"],
  ["156 weeks ago", "156 weeks ago"], ["3 years ago", "3 years ago"],
];
export const SORT_SERIES_CHOICES: [string, string][] = [["name", "Category name"], ["sum", "Total value"], ["min", "Minimum value"], ["max", "Maximum value"], ["avg", "Average value"]];

const choices = (values: number[]): [unknown, string][] => values.map((v) => [v, String(v)]);
const nonEmpty = [{ kind: "nonEmpty" as const }];

export const metrics = (over: Partial<Control> = {}): Control => ({ name: "metrics", type: "MetricsControl", label: "Metrics", multi: true, validators: nonEmpty, ...over });
export const metric = (over: Partial<Control> = {}): Control => ({ name: "metric", type: "MetricControl", label: "Metric", validators: nonEmpty, ...over });
export const groupby = (over: Partial<Control> = {}): Control => ({ name: "groupby", type: "GroupByControl", label: "Dimensions", multi: true, default: [], ...over });
export const xAxis = (over: Partial<Control> = {}): Control => ({ name: "x_axis", type: "XAxisControl", label: "X-axis", validators: nonEmpty, ...over });
/** Superset's time_grain_sqla visibility: shown unless the x-axis is a dataset column known not to be temporal
 * (no x-axis, a custom SQL x-axis or columns not known yet all keep it). */
export function xAxisIsTemporal(formData: FormData, columns?: readonly VisibilityColumn[]): boolean {
  const x = formData.x_axis;
  if (typeof x !== "string" || !x || !columns?.length) return true;
  return columns.find((c) => c.column_name === x)?.is_dttm === true;
}
export const timeGrain = (): Control => ({
  name: "time_grain_sqla", type: "TimeGrainControl", label: "Time Grain", default: "P1D", choices: TIME_GRAIN_CHOICES, visibility: xAxisIsTemporal,
  description: "Select a time grain for the visualization. The grain is the time interval represented by a single point on the chart.",
});
export const adhocFilters = (): Control => ({ name: "adhoc_filters", type: "AdhocFilterControl", label: "Filters", default: [] });
export const rowLimit = (over: Partial<Control> = {}): Control => ({
  name: "row_limit", type: "SelectControl", label: "Row limit", freeForm: true, default: 10000, choices: choices(ROW_LIMIT_CHOICES),
  validators: [{ kind: "nonEmpty" }, { kind: "integer" }, { kind: "maxValue", max: null }],
  description: "Limits the number of the rows that are computed in the query that is the source of the data used for this chart.",
  ...over,
});
export const seriesLimit = (): Control => ({
  name: "limit", type: "SelectControl", label: "Series limit", freeForm: true, choices: choices(SERIES_LIMIT_CHOICES), validators: [{ kind: "integer" }],
  description: "Limits the number of series that get displayed.",
});
export const seriesLimitMetric = (): Control => ({ name: "timeseries_limit_metric", type: "MetricControl", label: "Sort by", description: "Metric used to define how the top series are sorted if a series or row limit is present." });
export const orderDesc = (): Control => ({ name: "order_desc", type: "CheckboxControl", label: "Sort descending", default: true });
export const truncateMetric = (): Control => ({ name: "truncate_metric", type: "CheckboxControl", label: "Truncate Metric", default: true, renderTrigger: false, description: "Whether to truncate metrics" });
export const showEmptyColumns = (): Control => ({ name: "show_empty_columns", type: "CheckboxControl", label: "Show empty columns", default: true });

export const colorScheme = (): Control => ({
  name: "color_scheme", type: "ColorSchemeControl", label: "Color Scheme", default: DEFAULT_CATEGORICAL_SCHEME, renderTrigger: true,
  choices: Object.entries(CATEGORICAL_SCHEMES).map(([id, s]) => [id, s.label]),
});
export const linearColorScheme = (): Control => ({
  name: "linear_color_scheme", type: "SequentialColorSchemeControl", label: "Linear Color Scheme", default: DEFAULT_SEQUENTIAL_SCHEME, renderTrigger: true,
  choices: Object.entries(SEQUENTIAL_SCHEMES).map(([id, s]) => [id, s.label]),
});
export const numberFormat = (name = "y_axis_format", label = "Number format"): Control => ({
  name, type: "SelectControl", label, freeForm: true, default: SMART_NUMBER, renderTrigger: true, choices: NUMBER_FORMAT_CHOICES,
  description: "D3 format syntax: https://github.com/d3/d3-format",
});
export const timeFormat = (name = "x_axis_time_format", label = "Time format"): Control => ({
  name, type: "SelectControl", label, freeForm: true, default: SMART_DATE, renderTrigger: true, choices: TIME_FORMAT_CHOICES,
  description: "D3 time format syntax: https://github.com/d3/d3-time-format",
});
export const checkbox = (name: string, label: string, dflt: boolean, description?: string): Control => ({ name, type: "CheckboxControl", label, default: dflt, renderTrigger: true, description });
/** A checkbox that changes the query, so changing it runs the query again (not a render trigger). */
export const queryCheckbox = (name: string, label: string, dflt: boolean, description?: string): Control => ({ ...checkbox(name, label, dflt, description), renderTrigger: false });
export const sortByMetric = (dflt = true) => queryCheckbox("sort_by_metric", "Sort by metric", dflt, "Whether to sort results by the selected metric in descending order.");

/** The query section of pie, funnel and gauge: one metric by dimensions, optionally ordered by it. */
export const metricByDimensionsSection = (rowLimitDefault: number): ControlSection => ({
  label: "Query",
  expanded: true,
  controls: [groupby(), metric(), adhocFilters(), rowLimit({ default: rowLimitDefault }), sortByMetric()],
});
export const showLegend = () => checkbox("show_legend", "Show legend", true, "Whether to display a legend for the chart");
export const legendOrientation = (): Control => ({
  name: "legendOrientation", type: "SelectControl", label: "Orientation", default: "top", renderTrigger: true,
  choices: [["top", "Top"], ["bottom", "Bottom"], ["left", "Left"], ["right", "Right"]], visibility: (fd) => fd.show_legend !== false,
});
export const text = (name: string, label: string, dflt = "", renderTrigger = true): Control => ({ name, type: "TextControl", label, default: dflt, renderTrigger });

const hasTimeCompare = (fd: FormData) => Array.isArray(fd.time_compare) && fd.time_compare.length > 0;

/** Superset's "Advanced analytics" section: rolling window, time comparison and resampling. */
export function advancedAnalyticsSection(): ControlSection {
  return {
    label: "Advanced analytics",
    description: "This section contains options that allow for advanced analytical post processing of query results",
    controls: [
      { name: "rolling_type", type: "SelectControl", label: "Rolling Function", default: "None", choices: ROLLING_CHOICES },
      { name: "rolling_periods", type: "TextControl", label: "Periods", validators: [{ kind: "integer" }], visibility: (fd) => ["mean", "sum", "std"].includes(String(fd.rolling_type)) },
      { name: "min_periods", type: "TextControl", label: "Min Periods", validators: [{ kind: "integer" }], visibility: (fd) => ["mean", "sum", "std"].includes(String(fd.rolling_type)) },
      { name: "time_compare", type: "SelectControl", label: "Time Comparison", multi: true, freeForm: true, default: [], choices: TIME_COMPARE_CHOICES },
      { name: "comparison_type", type: "SelectControl", label: "Calculation type", default: "values", choices: COMPARISON_CHOICES, visibility: hasTimeCompare },
      {
        name: "resample_rule", type: "SelectControl", label: "Rule", freeForm: true,
        choices: [["1T", "1 minutely frequency"], ["1H", "1 hourly frequency"], ["1D", "1 calendar day frequency"], ["7D", "7 calendar day frequency"], ["1MS", "1 month start frequency"], ["1M", "1 month end frequency"], ["1AS", "1 year start frequency"], ["1A", "1 year end frequency"]],
      },
      { name: "resample_method", type: "SelectControl", label: "Fill method", choices: [["asfreq", "Null imputation"], ["zerofill", "Zero imputation"], ["linear", "Linear interpolation"], ["ffill", "Forward values"], ["bfill", "Backward values"], ["median", "Median values"], ["mean", "Mean values"], ["sum", "Sum values"]] },
    ],
  };
}
