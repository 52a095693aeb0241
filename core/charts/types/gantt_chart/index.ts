import type { ChartModel, ChartPropsInput, ChartType, ControlPanel } from "../../contract";
import * as c from "../../controls/shared";
import { axisTitle, BASE_OPTIONS, legendOptions, themeColors } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { emptyModel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter, toDate } from "../../format/time";
import { ensureArray, getColumnLabel, getMetricLabel } from "../../query/labels";
import { buildGanttQuery } from "./build-query";

// Superset's Gantt chart: each row an event drawn as a horizontal bar from its start to its end time, on the row
// of its y-axis value, coloured by its series (optionally each row split into one sub-row per series value).
// Drawn as Chart.js floating bars ({ x: [start, end], y }) over a linear time axis of epoch milliseconds.

const column = (name: string, label: string, description: string, nonEmpty = true) =>
  ({ name, type: "ColumnControl" as const, label, description, ...(nonEmpty ? { validators: [{ kind: "nonEmpty" as const }] } : {}) });

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        column("start_time", "Start Time", "The time each event starts."),
        column("end_time", "End Time", "The time each event ends."),
        column("y_axis", "Y-axis", "Dimension to use on y-axis."),
        column("series", "Dimension", "Dimension to use on the series: the bars' colour.", false),
        c.checkbox("subcategories", "Subcategories", false, "Divides each category into subcategories based on the values in the dimension. It can be used to exclude intersections."),
        { ...c.metrics({ name: "tooltip_metrics", label: "Tooltip Metrics" }), validators: [] },
        { name: "tooltip_columns", type: "GroupByControl", label: "Tooltip Columns", multi: true, default: [] },
        c.adhocFilters(),
        { name: "order_by_cols", type: "SelectControl", label: "Ordering", multi: true, default: [], description: "Order results by selected columns" },
        c.rowLimit(),
      ],
    },
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        c.colorScheme(), c.showLegend(), c.legendOrientation(),
        c.timeFormat("x_axis_time_format", "Time format"), c.timeFormat("tooltipTimeFormat", "Tooltip time format"),
        c.numberFormat("tooltipValuesFormat", "Number format"),
        c.text("x_axis_title", "X Axis Title"), c.text("y_axis_title", "Y Axis Title"),
      ],
    },
  ],
};

const time = (v: unknown): number | null => toDate(v)?.getTime() ?? null;

const MINUTE = 60_000, HOUR = 60 * MINUTE, DAY = 24 * HOUR;
const STEPS = [MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 7 * DAY, 30 * DAY, 365 * DAY];

/** Ticks on whole minutes, hours or days (a linear axis of milliseconds would tick at round milliseconds):
 * the smallest step giving at most ten ticks, the axis widened to whole steps. */
export function timeAxisRange(first: number, last: number): { min: number; max: number; stepSize: number } {
  const stepSize = STEPS.find((s) => (last - first) / s <= 10) ?? STEPS[STEPS.length - 1];
  return { min: Math.floor(first / stepSize) * stepSize, max: Math.ceil(last / stepSize) * stepSize, stepSize };
}

function transformProps(input: ChartPropsInput): ChartModel {
  const { formData, theme } = input;
  const start = getColumnLabel(formData.start_time), end = getColumnLabel(formData.end_time), yAxis = getColumnLabel(formData.y_axis);
  const series = formData.series ? getColumnLabel(formData.series) : undefined;
  const rows = rowsOf(input).filter((r) => time(r[start]) !== null && time(r[end]) !== null);
  if (!rows.length) return emptyModel();
  const sub = formData.subcategories === true && series !== undefined;
  const rowLabel = (r: Record<string, unknown>) => (sub ? `${String(r[yAxis])} / ${String(r[series!])}` : String(r[yAxis]));
  const categories = [...new Set(rows.map(rowLabel))].sort((a, b) => a.localeCompare(b));
  const seriesOf = (r: Record<string, unknown>) => (series === undefined ? getColumnLabel(formData.y_axis) : String(r[series]));
  const names = [...new Set(rows.map(seriesOf))];
  const colorFn = colorFnFromFormData(formData);
  const timeText = getTimeFormatter(String(formData.x_axis_time_format ?? "smart_date"));
  const tooltipTime = getTimeFormatter(String(formData.tooltipTimeFormat ?? "smart_date"));
  const valueText = getNumberFormatter(formData.tooltipValuesFormat as string | undefined);
  const extraColumns = ensureArray(formData.tooltip_columns).map(getColumnLabel);
  const extraMetrics = ensureArray(formData.tooltip_metrics).map(getMetricLabel);
  const datasets = names.map((name) => {
    const own = rows.filter((r) => seriesOf(r) === name);
    return {
      label: name,
      data: own.map((r) => ({ x: [time(r[start]), time(r[end])], y: rowLabel(r) })),
      tooltips: own.map((r) => [
        `${tooltipTime(r[start])} – ${tooltipTime(r[end])}`,
        ...extraColumns.map((col) => `${col}: ${String(r[col])}`),
        ...extraMetrics.map((m) => `${m}: ${valueText(num(r[m]))}`),
      ]),
      backgroundColor: colorFn(name),
      grouped: false,
      borderSkipped: false,
      barPercentage: 0.8,
      categoryPercentage: 1,
    };
  });
  const times = rows.flatMap((r) => [time(r[start])!, time(r[end])!]);
  const range = timeAxisRange(Math.min(...times), Math.max(...times));
  const colors = themeColors(theme);
  return {
    kind: "chartjs",
    type: "bar",
    data: { labels: categories, datasets },
    options: {
      ...BASE_OPTIONS,
      indexAxis: "y",
      parsing: { xAxisKey: "x", yAxisKey: "y" },
      scales: {
        x: { type: "linear", min: range.min, max: range.max, ticks: { color: colors.text, stepSize: range.stepSize, callback: (v: unknown) => timeText(Number(v)) }, grid: { color: colors.grid }, title: axisTitle(formData.x_axis_title, theme) },
        y: { type: "category", ticks: { color: colors.text, autoSkip: false }, grid: { display: false }, title: axisTitle(formData.y_axis_title, theme) },
      },
      plugins: {
        legend: { ...legendOptions(formData, theme), display: series !== undefined && formData.show_legend !== false },
        tooltip: { callbacks: { label: (item: { datasetIndex: number; dataIndex: number }) => datasets[item.datasetIndex].tooltips[item.dataIndex] } },
      },
    },
  };
}

export const ganttChart: ChartType = {
  metadata: {
    name: "Gantt Chart",
    category: "Evolution",
    description: "Gantt chart visualizes important events over a time span. Every data point displayed as a separate event along a horizontal line.",
    tags: ["ECharts", "Featured", "Timeline", "Time"],
  },
  controlPanel,
  buildQuery: buildGanttQuery,
  transformProps,
};
