import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import * as c from "../../controls/shared";
import { BASE_OPTIONS, categoryAxis, valueAxis } from "../../chartjs";
import { emptyModel, num, rowsOf, temporalColumns } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter } from "../../format/time";
import { buildQueryContext } from "../../query/build-query-context";
import { ensureArray, getColumnLabel, getMetricLabel, getXAxisLabel } from "../../query/labels";
import { rgbaText } from "../big_number";

// Superset's waterfall: each x value's metric as a rise or fall from the running total, then a Total bar. Drawn as
// Chart.js floating bars ([start, end] per bar). With a breakdown dimension, the x value's rows are summed.

const controlPanel: ControlPanel = {
  sections: [
    { label: "Query", expanded: true, controls: [c.xAxis(), c.timeGrain(), { ...c.groupby({ label: "Breakdowns" }), multi: false }, c.metric(), c.adhocFilters(), c.rowLimit()] },
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        c.checkbox("show_value", "Show Values", false),
        { name: "increase_color", type: "ColorPickerControl", label: "Increase", default: { r: 90, g: 193, b: 137, a: 1 }, renderTrigger: true },
        { name: "decrease_color", type: "ColorPickerControl", label: "Decrease", default: { r: 224, g: 67, b: 85, a: 1 }, renderTrigger: true },
        { name: "total_color", type: "ColorPickerControl", label: "Total", default: { r: 102, g: 102, b: 102, a: 1 }, renderTrigger: true },
        c.text("x_axis_label", "X Axis Label"), c.timeFormat("x_axis_time_format", "Time format"), c.text("y_axis_label", "Y Axis Label"), c.numberFormat("y_axis_format", "Y Axis Format"),
      ],
    },
  ],
};

function buildQuery(formData: FormData) {
  const columns = [...ensureArray(formData.x_axis || formData.granularity_sqla), ...ensureArray(formData.groupby)];
  return buildQueryContext(formData, (base) => [{ ...base, columns, orderby: columns.map((col) => [col, true] as [unknown, boolean]) }]);
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData, theme } = input;
  const x = formData.x_axis ? getXAxisLabel(formData) : getColumnLabel(formData.granularity_sqla);
  const metric = getMetricLabel(formData.metric);
  const temporal = temporalColumns(input.queriesData[0]).has(x);
  const xText = temporal ? getTimeFormatter(String(formData.x_axis_time_format ?? "smart_date")) : (v: unknown) => String(v);
  const sums = new Map<unknown, number>();
  for (const r of rows) sums.set(r[x], (sums.get(r[x]) ?? 0) + (num(r[metric]) ?? 0));
  let running = 0;
  const bars = [...sums].map(([key, value]) => {
    const start = running;
    running += value;
    return { label: xText(key), range: [start, running] as [number, number], value, kind: value >= 0 ? "increase" : "decrease" };
  });
  bars.push({ label: "Total", range: [0, running], value: running, kind: "total" });
  const color = { increase: rgbaText(formData.increase_color ?? { r: 90, g: 193, b: 137, a: 1 }), decrease: rgbaText(formData.decrease_color ?? { r: 224, g: 67, b: 85, a: 1 }), total: rgbaText(formData.total_color ?? { r: 102, g: 102, b: 102, a: 1 }) };
  const text = getNumberFormatter(formData.y_axis_format as string | undefined);
  return {
    kind: "chartjs",
    type: "bar",
    data: {
      labels: bars.map((b) => b.label),
      datasets: [{
        label: metric,
        data: bars.map((b) => b.range),
        backgroundColor: bars.map((b) => color[b.kind as keyof typeof color]),
        valueTexts: formData.show_value ? bars.map((b) => text(b.value)) : undefined,
      }],
    },
    options: {
      ...BASE_OPTIONS,
      // room above the highest bar for its value (core/charts/value-labels.ts writes them above or below the bars)
      ...(formData.show_value ? { layout: { padding: { top: 16, bottom: 4 } } } : {}),
      plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item: { dataIndex: number }) => `${bars[item.dataIndex].kind === "total" ? "Total" : metric}: ${text(bars[item.dataIndex].value)}` } } },
      scales: {
        x: categoryAxis(formData.x_axis_label, theme),
        y: valueAxis(text, formData.y_axis_label, theme),
      },
    },
  };
}

export const waterfall: ChartType = {
  metadata: {
    name: "Waterfall Chart",
    category: "Evolution",
    description: "A waterfall chart is a form of data visualization that helps in understanding the cumulative effect of sequentially introduced positive or negative values.",
    tags: ["Categorical", "Comparison", "ECharts", "Sequential", "Featured"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
