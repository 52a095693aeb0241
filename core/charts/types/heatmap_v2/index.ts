import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import { crossFilter } from "./cross-filter";
import * as c from "../../controls/shared";
import { themeColors, BASE_OPTIONS } from "../../chartjs";
import { COLOR_LEGEND_WIDTH, colorLegendOf } from "../../color-legend";
import { sequentialColor } from "../../colors/schemes";
import { emptyModel, num, rowsOf, temporalColumns } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getTimeFormatter } from "../../format/time";
import { buildQueryContext } from "../../query/build-query-context";
import { ensureArray, getColumnLabel, getMetricLabel } from "../../query/labels";

// Superset's heatmap_v2: one metric by x-axis and a dimension, sorted by the query, with the engine's rank step
// giving each cell's percentile (within x, y or the whole heatmap) for the colour. Drawn with
// chartjs-chart-matrix's `matrix` type: one rectangle per {x, y}.

const SORTS: [string, string][] = [["alpha_asc", "Axis ascending"], ["alpha_desc", "Axis descending"], ["value_asc", "Metric ascending"], ["value_desc", "Metric descending"]];

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        c.xAxis(), c.timeGrain(), { ...c.groupby({ multi: false, label: "Y-axis", validators: [{ kind: "nonEmpty" }] }), type: "ColumnControl" }, c.metric(), c.adhocFilters(), c.rowLimit(),
        { name: "sort_x_axis", type: "SelectControl", label: "Sort X Axis", choices: SORTS },
        { name: "sort_y_axis", type: "SelectControl", label: "Sort Y Axis", choices: SORTS },
        { name: "normalize_across", type: "SelectControl", label: "Normalize Across", default: "heatmap", choices: [["heatmap", "heatmap"], ["x", "x"], ["y", "y"]] },
      ],
    },
    {
      label: "Heatmap Options",
      expanded: true,
      controls: [
        c.linearColorScheme(),
        { name: "value_bounds", type: "BoundsControl", label: "Value bounds", default: [null, null], renderTrigger: true },
        c.numberFormat("y_axis_format", "Value Format"),
        c.timeFormat("x_axis_time_format", "Time format"),
        c.checkbox("show_legend", "Legend", true),
        c.checkbox("show_percentage", "Show percentage", true),
        c.checkbox("show_values", "Show Values", false),
        c.checkbox("normalized", "Normalized", false, "Whether to apply a normal distribution based on rank on the color scale"),
      ],
    },
  ],
};

function buildQuery(formData: FormData) {
  const metric = getMetricLabel(formData.metric);
  const columns = [...ensureArray(formData.x_axis), ...ensureArray(formData.groupby)];
  const orderby: [unknown, boolean][] = [];
  const sortX = formData.sort_x_axis, sortY = formData.sort_y_axis;
  // value sorts happen after the query, on each category's total (Superset: a SQL order by single cells would
  // bias what the row limit cuts off)
  if (typeof sortX === "string" && sortX && !sortX.includes("value")) orderby.push([columns[0], sortX.includes("asc")]);
  if (typeof sortY === "string" && sortY && !sortY.includes("value")) orderby.push([columns[1], sortY.includes("asc")]);
  const groupBy = formData.normalize_across === "x" ? getColumnLabel(formData.x_axis) : formData.normalize_across === "y" ? getColumnLabel(ensureArray(formData.groupby)[0]) : undefined;
  return buildQueryContext(formData, (base) => [{ ...base, columns, orderby, post_processing: [{ operation: "rank", options: { metric, group_by: groupBy } }] }]);
}

/** An axis's categories in the chosen order: by name, or by the total of the metric over each category. */
export function sortAxis(labels: string[], values: (number | null)[], sort: unknown): string[] {
  const totals = new Map<string, number>();
  labels.forEach((l, i) => totals.set(l, (totals.get(l) ?? 0) + (values[i] ?? 0)));
  const keys = [...totals.keys()];
  const how = typeof sort === "string" ? sort : "";
  const dir = how.includes("desc") ? -1 : 1;
  if (how.includes("value")) return keys.sort((a, b) => (totals.get(a)! - totals.get(b)!) * dir);
  if (how.includes("alpha")) return keys.sort((a, b) => a.localeCompare(b, undefined, { numeric: true }) * dir);
  return keys;
}

/** Bands of the colour legend: enough that the scale reads as continuous. */
const LEGEND_STEPS = 20;

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData, theme } = input;
  const xCol = getColumnLabel(formData.x_axis);
  const yCol = getColumnLabel(ensureArray(formData.groupby)[0]);
  const metric = getMetricLabel(formData.metric);
  const temporal = temporalColumns(input.queriesData[0]);
  const timeText = getTimeFormatter(String(formData.x_axis_time_format ?? "smart_date"));
  const label = (col: string, v: unknown) => (temporal.has(col) ? timeText(v) : v === null ? "<NULL>" : String(v));
  const values = rows.map((r) => num(r[metric]));
  const xs = sortAxis(rows.map((r) => label(xCol, r[xCol])), values, formData.sort_x_axis);
  const ys = sortAxis(rows.map((r) => label(yCol, r[yCol])), values, formData.sort_y_axis);
  const nums = values.filter((v): v is number => v !== null);
  const [lo, hi] = [ensureArray(formData.value_bounds)[0], ensureArray(formData.value_bounds)[1]].map((b, i) =>
    b !== null && b !== undefined && b !== "" ? Number(b) : i === 0 ? Math.min(...nums) : Math.max(...nums));
  const scale = sequentialColor(formData.linear_color_scheme);
  // normalized colours by percentile rank, otherwise by where the value sits between the bounds
  const t = (r: Record<string, unknown>, v: number | null) => (formData.normalized ? num(r.rank) ?? 0 : v === null || hi === lo ? 0 : (v - lo) / (hi - lo));
  const total = nums.reduce((a, b) => a + b, 0);
  const valueText = getNumberFormatter(formData.y_axis_format as string | undefined);
  const pct = getNumberFormatter(".2%");
  const colors = themeColors(theme);
  const showLegend = formData.show_legend !== false;
  const points = rows.map((r, i) => ({ x: label(xCol, r[xCol]), y: label(yCol, r[yCol]), v: values[i], rank: num(r.rank) }));
  return {
    kind: "chartjs",
    type: "matrix",
    data: {
      datasets: [{
        label: metric,
        data: points,
        backgroundColor: rows.map((r, i) => scale(t(r, values[i]))),
        width: ({ chart }: { chart: { chartArea?: { width: number } } }) => (chart.chartArea?.width ?? 0) / xs.length - 1,
        height: ({ chart }: { chart: { chartArea?: { height: number } } }) => (chart.chartArea?.height ?? 0) / ys.length - 1,
        // Superset's visualMap: the scale between the bounds (percentile ranks when normalized), beside the grid
        colorLegend: showLegend ? colorLegendOf(scale, LEGEND_STEPS, formData.normalized ? pct(0) : valueText(lo), formData.normalized ? pct(1) : valueText(hi)) : undefined,
        valueTexts: formData.show_values ? values.map((v) => (v === null ? "" : valueText(v))) : undefined,
      }],
    },
    options: {
      ...BASE_OPTIONS,
      layout: { padding: { right: showLegend ? COLOR_LEGEND_WIDTH : 0 } },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: () => "",
            label: (item: { dataIndex: number }) => {
              const p = points[item.dataIndex];
              const share = formData.show_percentage !== false && total && p.v !== null ? ` (${pct(p.v / total)})` : "";
              return `${xCol} ${p.x}, ${yCol} ${p.y}: ${p.v === null ? "null" : valueText(p.v)}${share}`;
            },
          },
        },
      },
      scales: {
        x: { type: "category", labels: xs, offset: true, ticks: { color: colors.text }, grid: { display: false } },
        y: { type: "category", labels: ys, offset: true, reverse: false, ticks: { color: colors.text }, grid: { display: false } },
      },
    },
  };
}

export const heatmapV2: ChartType = {
  crossFilter,
  metadata: {
    name: "Heatmap",
    category: "Correlation",
    description: "Visualize a related metric across pairs of groups. Heatmaps excel at showcasing the correlation or strength between two groups.",
    tags: ["Business", "Intensity", "Density", "Single Metric", "ECharts", "Featured"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
