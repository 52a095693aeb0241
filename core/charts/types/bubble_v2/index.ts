import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import * as c from "../../controls/shared";
import { BASE_OPTIONS, bounds, legendOptions, valueAxis } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { withAlpha } from "../../colors/schemes";
import { emptyModel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { buildQueryContext } from "../../query/build-query-context";
import { ensureArray, getColumnLabel, getMetricLabel } from "../../query/labels";

// Superset's bubble_v2: three metrics (x, y, size) per entity, coloured by series. Bubble radii follow Superset's
// normalizeSymbolSize: the size's place between the smallest and largest, times twice max_bubble_size, plus 5.

const MIN_BUBBLE = 5;

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "series", type: "ColumnControl", label: "Dimension" },
        { name: "entity", type: "ColumnControl", label: "Entity", validators: [{ kind: "nonEmpty" }], description: "This defines the element to be plotted on the chart" },
        c.metric({ name: "x", label: "X Axis" }),
        c.metric({ name: "y", label: "Y Axis" }),
        c.adhocFilters(),
        c.metric({ name: "size", label: "Bubble Size" }),
        c.orderDesc(),
        c.rowLimit(),
      ],
    },
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        c.colorScheme(), c.showLegend(), c.legendOrientation(),
        { name: "max_bubble_size", type: "SelectControl", label: "Max Bubble Size", default: "25", freeForm: true, renderTrigger: true, choices: ["5", "10", "15", "25", "50", "75", "100"].map((v) => [v, v]) },
        c.numberFormat("tooltipSizeFormat", "Bubble size number format"),
        { name: "opacity", type: "SliderControl", label: "Bubble Opacity", default: 0.6, min: 0, max: 1, step: 0.1, renderTrigger: true },
        c.text("x_axis_label", "X Axis Title"), c.numberFormat("xAxisFormat", "X Axis Format"), c.checkbox("logXAxis", "Logarithmic x-axis", false),
        c.text("y_axis_label", "Y Axis Title"), c.numberFormat("y_axis_format", "Y Axis Format"), c.checkbox("logYAxis", "Logarithmic y-axis", false),
        { name: "y_axis_bounds", type: "BoundsControl", label: "Y Axis Bounds", default: [null, null], renderTrigger: true },
      ],
    },
  ],
};

function buildQuery(formData: FormData) {
  const columns = [...ensureArray(formData.entity), ...ensureArray(formData.series)];
  // Superset's bubble takes its row limit from `limit`, not row_limit
  return buildQueryContext(formData, (base) => [{ ...base, columns, row_limit: formData.limit as number | undefined }]);
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData, theme } = input;
  const [x, y, size] = [formData.x, formData.y, formData.size].map(getMetricLabel);
  const entity = getColumnLabel(formData.entity);
  const seriesCol = formData.series ? getColumnLabel(formData.series) : null;
  const sizes = rows.map((r) => num(r[size]) ?? 0);
  const [min, max] = [Math.min(...sizes), Math.max(...sizes)];
  const maxBubble = Number(formData.max_bubble_size ?? 25);
  const radius = (s: number) => ((((s - min) / (max - min)) * maxBubble * 2 || 0) + MIN_BUBBLE) / 2;
  const groups = new Map<string, Record<string, unknown>[]>();
  rows.forEach((r, i) => {
    const name = String((seriesCol ? r[seriesCol] : r[entity]) ?? "null");
    (groups.get(name) ?? groups.set(name, []).get(name)!).push({ x: num(r[x]), y: num(r[y]), r: radius(sizes[i]), size: sizes[i], entity: r[entity] });
  });
  const colorFn = colorFnFromFormData(formData);
  const opacity = typeof formData.opacity === "number" ? formData.opacity : 0.6;
  const [xText, yText, sizeText] = [formData.xAxisFormat, formData.y_axis_format, formData.tooltipSizeFormat].map((f) => getNumberFormatter(f as string | undefined));
  return {
    kind: "chartjs",
    type: "bubble",
    data: { datasets: [...groups].map(([name, data]) => ({ label: name, data, backgroundColor: withAlpha(colorFn(name), opacity), borderColor: colorFn(name) })) },
    options: {
      ...BASE_OPTIONS,
      plugins: {
        legend: legendOptions(formData, theme),
        tooltip: {
          callbacks: {
            label: (item: { raw: { x: number; y: number; size: number; entity: unknown } }) =>
              `${String(item.raw.entity)}: ${x} ${xText(item.raw.x)}, ${y} ${yText(item.raw.y)}, ${size} ${sizeText(item.raw.size)}`,
          },
        },
      },
      scales: {
        x: valueAxis(xText, formData.x_axis_label, theme, { type: formData.logXAxis ? "logarithmic" : "linear" }),
        y: valueAxis(yText, formData.y_axis_label, theme, { type: formData.logYAxis ? "logarithmic" : "linear", ...bounds(formData.y_axis_bounds) }),
      },
    },
  };
}

export const bubbleV2: ChartType = {
  metadata: {
    name: "Bubble Chart",
    category: "Correlation",
    description: "Visualizes a metric across three dimensions of data in a single chart (X axis, Y axis, and bubble size). Bubbles from the same group can be showcased using bubble color.",
    tags: ["Multi-Dimensions", "Comparison", "Scatter", "Time", "Trend", "ECharts", "Featured"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
