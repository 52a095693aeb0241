import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import * as c from "../../controls/shared";
import { BASE_OPTIONS } from "../../chartjs";
import { emptyModel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter } from "../../format/time";
import { buildQueryContext } from "../../query/build-query-context";
import { flattenOperator, pivotOperator, resampleOperator, rollingWindowOperator } from "../../query/operators";
import { ensureArray, getMetricLabel, getXAxisLabel, isXAxisSet } from "../../query/labels";
import { fontSize, headlineText } from "../big_number_total/headline";

// The latest value of a metric over time, with its trend drawn under it and the change against `compare_lag`
// periods earlier (Superset's BigNumberWithTrendline).

const controlPanel: ControlPanel = {
  sections: [
    { label: "Query", expanded: true, controls: [c.xAxis(), c.timeGrain(), c.metric(), c.adhocFilters()] },
    {
      label: "Options",
      expanded: true,
      controls: [
        { name: "compare_lag", type: "TextControl", label: "Comparison Period Lag", validators: [{ kind: "integer" }], description: "Based on granularity, number of time periods to compare against" },
        c.text("compare_suffix", "Comparison suffix"),
        c.checkbox("show_timestamp", "Show Timestamp", false),
        c.checkbox("show_trend_line", "Show Trend Line", true),
        c.checkbox("start_y_axis_at_zero", "Start y-axis at 0", true),
        { name: "color_picker", type: "ColorPickerControl", label: "Fixed Color", default: { r: 0, g: 122, b: 135, a: 1 }, renderTrigger: true },
        { name: "header_font_size", type: "SelectControl", label: "Big Number Font Size", default: 0.4, renderTrigger: true, choices: [[0.2, "Tiny"], [0.3, "Small"], [0.4, "Normal"], [0.5, "Large"], [0.6, "Huge"]] },
        { name: "subheader_font_size", type: "SelectControl", label: "Subheader Font Size", default: 0.15, renderTrigger: true, choices: [[0.125, "Tiny"], [0.15, "Small"], [0.2, "Normal"], [0.3, "Large"], [0.4, "Huge"]] },
        c.numberFormat(),
        c.timeFormat("time_format", "Date format"),
      ],
    },
    { label: "Advanced Analytics", controls: c.advancedAnalyticsSection().controls.filter((ctl) => ctl.name.startsWith("rolling") || ctl.name === "min_periods" || ctl.name.startsWith("resample")) },
  ],
};

function buildQuery(formData: FormData) {
  return buildQueryContext(formData, (base) => [{
    ...base,
    columns: isXAxisSet(formData) ? ensureArray(formData.x_axis) : [],
    ...(isXAxisSet(formData) ? {} : { is_timeseries: true }),
    post_processing: [pivotOperator(formData, { ...base, is_timeseries: !isXAxisSet(formData) }), rollingWindowOperator(formData, base), resampleOperator(formData, base), flattenOperator(formData, base)]
      .filter((s) => s !== undefined),
  }]);
}

/** Superset's color_picker {r, g, b, a} (default rgba(0,122,135,1)) as a CSS colour. */
export function rgbaText(v: unknown): string {
  const { r = 0, g = 122, b = 135, a = 1 } = (v && typeof v === "object" ? v : {}) as Record<string, number>;
  return `rgba(${r},${g},${b},${a})`;
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const x = getXAxisLabel(formData);
  const metric = getMetricLabel(formData.metric);
  // newest first, as Superset reads it: the headline is the newest non-null value
  const points = rows.map((r) => [num(r[x]), num(r[metric])] as const).filter((p) => p[0] !== null).sort((a, b) => b[0]! - a[0]!);
  const latest = points.find((p) => p[1] !== null);
  const value = latest?.[1] ?? null;
  let subheader = "";
  const lag = Number(formData.compare_lag);
  if (value !== null && Number.isInteger(lag) && lag > 0 && lag < points.length) {
    const previous = points[points.indexOf(latest!) + lag]?.[1];
    if (previous !== null && previous !== undefined) {
      const change = previous ? (value - previous) / Math.abs(previous) : 0;
      subheader = `${getNumberFormatter("+.1%")(change)} ${typeof formData.compare_suffix === "string" ? formData.compare_suffix : ""}`.trim();
    }
  }
  const timeText = getTimeFormatter(typeof formData.time_format === "string" ? formData.time_format : "smart_date");
  const valueText = getNumberFormatter(typeof formData.y_axis_format === "string" ? formData.y_axis_format : undefined);
  const color = rgbaText(formData.color_picker);
  const ascending = [...points].reverse();
  return {
    kind: "big_number",
    value,
    headline: headlineText(value, formData),
    subheader: formData.show_timestamp && latest ? [subheader, timeText(latest[0])].filter(Boolean).join(" · ") : subheader,
    headerFontSize: fontSize(formData.header_font_size, 0.4),
    subheaderFontSize: fontSize(formData.subheader_font_size, 0.15),
    ...(formData.show_trend_line === false ? {} : {
      trendline: {
        kind: "chartjs" as const,
        type: "line",
        data: {
          labels: ascending.map((p) => p[0]),
          datasets: [{ label: metric, data: ascending.map((p) => p[1]), borderColor: color, backgroundColor: color.replace(/[\d.]+\)$/, "0.2)"), fill: true, pointRadius: 0, tension: 0, spanGaps: false }],
        },
        options: {
          // sized by its box (a fixed canvas is Chart.js's 300 × 150 and spilled out of narrow boxes)
          ...BASE_OPTIONS,
          plugins: {
            legend: { display: false },
            tooltip: { callbacks: { title: (items: { label: unknown }[]) => timeText(Number(items[0]?.label)), label: (item: { raw: unknown }) => valueText(item.raw) } },
          },
          scales: { x: { display: false }, y: { display: false, beginAtZero: formData.start_y_axis_at_zero !== false } },
        },
      },
    }),
  };
}

export const bigNumber: ChartType = {
  metadata: {
    name: "Big Number with Trendline",
    category: "KPI",
    description:
      "Showcases a single number accompanied by a simple line chart, to call attention to an important metric along with its change over time or other dimension.",
    tags: ["Advanced-Analytics", "Line", "Percentages", "Featured", "Report", "Trend"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
