import type { BigNumberModel, ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import * as c from "../../controls/shared";
import { emptyModel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { buildQueryContext } from "../../query/build-query-context";
import { getMetricLabel } from "../../query/labels";
import { fontSize } from "../big_number_total/headline";

// Big Number with Time Period Comparison (Superset's BigNumberPeriodOverPeriod): the metric over the time range,
// the same metric over a comparison period (a time offset the server joins on as "<metric>__<offset>"), and under
// it the previous value (#), the difference (△) and the change (%), coloured by its sign when asked.

const TIME_COMPARE_CHOICES: [string, string][] = [
  ["inherit", "Inherit range from time filters"], ["1 day ago", "1 day ago"], ["1 week ago", "1 week ago"], ["28 days ago", "28 days ago"],
  ["1 month ago", "1 month ago"], ["1 year ago", "1 year ago"], ["custom", "Custom start date"],
];
/** Superset 4.0's `time_comparison` codes, still in charts saved then. */
const LEGACY_COMPARISON: Record<string, string> = { r: "inherit", y: "1 year ago", m: "1 month ago", w: "1 week ago" };

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        c.metric(),
        c.adhocFilters(),
        {
          name: "time_compare", type: "SelectControl", label: "Range for Comparison", default: "inherit", choices: TIME_COMPARE_CHOICES,
          description: "The period the metric is compared with: a time shift, the period of the same length just before the time range (inherit), or the range moved to start on a date (custom).",
        },
        { name: "start_date_offset", type: "TextControl", label: "Custom start date", description: "YYYY-MM-DD: the comparison period starts here and lasts as long as the time range.", visibility: (fd) => fd.time_compare === "custom" },
        c.rowLimit({ default: 10000 }),
      ],
    },
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        c.numberFormat(),
        { ...c.numberFormat("percentDifferenceFormat", "Percent Difference format"), default: "SMART_NUMBER" },
        { name: "header_font_size", type: "SelectControl", label: "Big Number Font Size", default: 0.2, renderTrigger: true, choices: [[0.2, "Tiny"], [0.3, "Small"], [0.4, "Normal"], [0.5, "Large"], [0.6, "Huge"]] },
        { name: "subheader_font_size", type: "SelectControl", label: "Comparison font size", default: 0.125, renderTrigger: true, choices: [[0.125, "Tiny"], [0.15, "Small"], [0.2, "Normal"], [0.3, "Large"], [0.4, "Huge"]] },
        c.checkbox("comparison_color_enabled", "Add color for positive/negative change", false),
        {
          name: "comparison_color_scheme", type: "SelectControl", label: "color scheme for comparison", default: "Green", renderTrigger: true,
          choices: [["Green", "Green for increase, red for decrease"], ["Red", "Red for increase, green for decrease"]],
          visibility: (fd) => fd.comparison_color_enabled === true,
        },
      ],
    },
  ],
};

/** The offset the query asks for: a custom comparison is named by its start date, as Superset names its column. */
export function comparisonOffset(formData: FormData): string | undefined {
  const chosen = typeof formData.time_compare === "string" ? formData.time_compare : Array.isArray(formData.time_compare) ? formData.time_compare[0] : LEGACY_COMPARISON[String(formData.time_comparison)];
  if (chosen === "custom") return typeof formData.start_date_offset === "string" && formData.start_date_offset ? formData.start_date_offset : undefined;
  return typeof chosen === "string" && chosen ? chosen : undefined;
}

function buildQuery(formData: FormData) {
  const offset = comparisonOffset(formData);
  return buildQueryContext(formData, (base) => [{ ...base, columns: [], post_processing: [], time_offsets: offset ? [offset] : [] }]);
}

const GREEN = "#2f9e44";
const RED = "#e03131";

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const metric = getMetricLabel(formData.metric);
  const offset = comparisonOffset(formData);
  // summed over rows as Superset does (one row without a groupby)
  const sum = (key: string) => rows.reduce((acc, r) => acc + (num(r[key]) ?? 0), 0);
  const current = sum(metric);
  const previous = offset ? sum(`${metric}__${offset}`) : 0;
  const change = !current && !previous ? 0 : !current || !previous ? (current ? 1 : -1) : (current - previous) / Math.abs(previous);
  const valueText = getNumberFormatter(typeof formData.y_axis_format === "string" ? formData.y_axis_format : undefined);
  const percentText = getNumberFormatter(typeof formData.percentDifferenceFormat === "string" ? formData.percentDifferenceFormat : undefined);
  const increaseIsGood = formData.comparison_color_scheme !== "Red";
  const color = formData.comparison_color_enabled && change !== 0 ? ((change > 0) === increaseIsGood ? GREEN : RED) : undefined;
  const comparisons: BigNumberModel["comparisons"] = [
    { symbol: "#", label: "Previous value", text: valueText(previous) },
    { symbol: "△", label: "Value difference", text: valueText(current - previous), color },
    { symbol: "%", label: "Percent difference", text: percentText(change), color },
  ];
  return {
    kind: "big_number",
    value: current,
    headline: valueText(current),
    subheader: "",
    headerFontSize: fontSize(formData.header_font_size, 0.2),
    subheaderFontSize: fontSize(formData.subheader_font_size, 0.125),
    comparisons,
  };
}

export const popKpi: ChartType = {
  metadata: {
    name: "Big Number with Time Period Comparison",
    category: "KPI",
    description: "Showcases a metric along with a comparison of value, change, and percent change for a selected time period.",
    tags: ["Comparison", "Business", "Percentages", "Report", "Advanced-Analytics"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
