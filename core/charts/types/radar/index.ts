import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData } from "../../contract";
import { crossFilter } from "./cross-filter";
import * as c from "../../controls/shared";
import { legendOptions, themeColors, BASE_OPTIONS } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { withAlpha } from "../../colors/schemes";
import { emptyModel, groupbyLabel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { buildQueryContext } from "../../query/build-query-context";
import { ensureArray, getColumnLabel, getMetricLabel, isDict } from "../../query/labels";

// Superset's radar: a polygon per dimension row over one axis per metric. ECharts scales each axis on its own
// (column_config radarMetricMaxValue, else the metric's largest value); Chart.js has one radial scale, so values
// are drawn as shares of their axis's maximum and the tooltip shows the real value.

const controlPanel: ControlPanel = {
  sections: [
    { label: "Query", expanded: true, controls: [c.groupby(), c.metrics(), c.adhocFilters(), c.rowLimit({ default: 10 }), { name: "series_limit_metric", type: "MetricControl", label: "Sort by" }] },
    {
      label: "Chart Options",
      expanded: true,
      controls: [c.colorScheme(), c.showLegend(), c.legendOrientation(), c.checkbox("show_labels", "Show Labels", false), c.numberFormat("number_format", "Number format"), c.checkbox("is_circle", "Circle radar shape", false)],
    },
  ],
};

function buildQuery(formData: FormData) {
  const sortBy = ensureArray(formData.series_limit_metric)[0];
  return buildQueryContext(formData, (base) => {
    const metrics = base.metrics ?? [];
    const orderby: [unknown, boolean][] = sortBy ? [[sortBy, false]] : metrics.length ? [[metrics[0], false]] : base.orderby ?? [];
    return [{ ...base, orderby }];
  });
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData, theme } = input;
  const metrics = ensureArray(formData.metrics).map(getMetricLabel);
  const dims = ensureArray(formData.groupby).map(getColumnLabel);
  const config = isDict(formData.column_config) ? formData.column_config : {};
  const maxOf = metrics.map((m) => {
    const own = isDict(config[m]) ? num((config[m] as Record<string, unknown>).radarMetricMaxValue) : null;
    return own ?? Math.max(...rows.map((r) => num(r[m]) ?? 0), 0);
  });
  const colorFn = colorFnFromFormData(formData);
  const text = getNumberFormatter(formData.number_format as string | undefined);
  const names = rows.map((r) => (dims.length ? groupbyLabel(r, dims) : "Total"));
  const raw = rows.map((r) => metrics.map((m) => num(r[m])));
  return {
    kind: "chartjs",
    type: "radar",
    data: {
      labels: metrics,
      datasets: names.map((n, i) => ({
        label: n,
        data: raw[i].map((v, m) => (v === null || !maxOf[m] ? v : v / maxOf[m])),
        values: raw[i],
        borderColor: colorFn(n),
        backgroundColor: withAlpha(colorFn(n), 0.2),
      })),
    },
    options: {
      ...BASE_OPTIONS,
      plugins: {
        legend: legendOptions(formData, theme),
        tooltip: { callbacks: { label: (item: { datasetIndex: number; dataIndex: number }) => `${names[item.datasetIndex]}, ${metrics[item.dataIndex]}: ${text(raw[item.datasetIndex][item.dataIndex])}` } },
      },
      scales: { r: { min: 0, max: 1, ticks: { display: false }, grid: { circular: formData.is_circle === true, color: themeColors(theme).grid }, pointLabels: { color: themeColors(theme).text } } },
    },
  };
}

export const radar: ChartType = {
  crossFilter,
  metadata: {
    name: "Radar Chart",
    category: "Ranking",
    description: "Visualize a parallel set of metrics across multiple groups. Each group is visualized using its own line of points and each metric is represented as an edge in the chart.",
    tags: ["Business", "Comparison", "Multi-Variables", "ECharts", "Web", "Featured"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
