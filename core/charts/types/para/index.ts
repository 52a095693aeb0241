import type { ChartModel, ChartPropsInput, ChartType, ControlPanel, FormData, TableModel } from "../../contract";
import * as c from "../../controls/shared";
import { BASE_OPTIONS, themeColors } from "../../chartjs";
import { categoricalColors, sequentialColor } from "../../colors/schemes";
import { emptyModel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { ensureArray, getColumnLabel, getMetricLabel } from "../../query/labels";
import { sortMetricQuery } from "../../query/sort-metric-query";
import type { TextMark } from "../../text-marks";

// Superset's parallel coordinates (legacy `para`): one line per series value across a vertical axis per metric,
// each axis scaled from its lowest to its highest value, lines coloured by the secondary metric on a linear
// scheme. Drawn as one Chart.js line dataset (a row's points, then a gap before the next row) whose segments take
// their row's colour, so thousands of rows stay one dataset; axis ranges written by the textMarks plugin.

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "series", type: "ColumnControl", label: "Dimension", validators: [{ kind: "nonEmpty" }], description: "One line per value of this column." },
        c.metrics(),
        { name: "secondary_metric", type: "MetricControl", label: "Color Metric", description: "A metric whose value colours each line." },
        c.adhocFilters(), c.seriesLimit(), c.rowLimit({ default: 10000 }), c.seriesLimitMetric(), c.orderDesc(),
      ],
    },
    {
      label: "Options",
      expanded: true,
      controls: [
        c.checkbox("show_datatable", "Data Table", false, "Whether to display the data table under the chart"),
        c.checkbox("include_series", "Include Series", false, "Include series name as an axis"),
        c.linearColorScheme(),
      ],
    },
  ],
};

/** Superset's query: grouped by `series`, the metrics and the colour metric; the sort metric selected and ordered by. */
const buildQuery = (formData: FormData) => sortMetricQuery(formData);

interface Axis { name: string; categorical: boolean; at: (row: Record<string, unknown>) => number | null; low: string; high: string; categories?: string[] }

const LINE_ALPHA = "b3";
/** Up to this many series values are written on the series axis. */
const MAX_CATEGORY_LABELS = 25;

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData, theme } = input;
  const series = getColumnLabel(formData.series);
  const metrics = ensureArray(formData.metrics).map(getMetricLabel);
  if (!metrics.length) throw new Error("Parallel coordinates need at least one metric");
  const colorMetric = formData.secondary_metric ? getMetricLabel(formData.secondary_metric) : null;
  const verbose = (m: string) => input.verboseMap?.[m] ?? m;
  const fmt = getNumberFormatter("SMART_NUMBER");
  const name = (r: Record<string, unknown>) => (r[series] === null || r[series] === undefined ? "<NULL>" : String(r[series]));

  const axes: Axis[] = [];
  if (formData.include_series) {
    const categories = [...new Set(rows.map(name))].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    const index = new Map(categories.map((v, i) => [v, i]));
    axes.push({ name: verbose(series), categorical: true, categories, low: categories[0], high: categories[categories.length - 1], at: (r) => (categories.length > 1 ? index.get(name(r))! / (categories.length - 1) : 0.5) });
  }
  for (const m of metrics) {
    const values = rows.map((r) => num(r[m])).filter((v): v is number => v !== null);
    const lo = values.length ? Math.min(...values) : 0, hi = values.length ? Math.max(...values) : 0;
    axes.push({ name: verbose(m), categorical: false, low: fmt(lo), high: fmt(hi), at: (r) => { const v = num(r[m]); return v === null ? null : hi === lo ? 0.5 : (v - lo) / (hi - lo); } });
  }

  const colorValues = colorMetric ? rows.map((r) => num(r[colorMetric])) : [];
  const known = colorValues.filter((v): v is number => v !== null);
  const [cLo, cHi] = known.length ? [Math.min(...known), Math.max(...known)] : [0, 0];
  const scale = sequentialColor(formData.linear_color_scheme);
  const plain = categoricalColors()[0];
  const rowColor = rows.map((_, i) => {
    const v = colorValues[i];
    return `${colorMetric && v !== null && v !== undefined ? scale(cHi === cLo ? 1 : (v - cLo) / (cHi - cLo)) : plain}`;
  });

  // a row's points across the axes, then a gap (null) so the next row's line starts afresh
  const points: { x: number; y: number | null }[] = [];
  const rowOf: number[] = [];
  const axisOf: number[] = [];
  rows.forEach((r, i) => {
    axes.forEach((a, k) => { points.push({ x: k, y: a.at(r) }); rowOf.push(i); axisOf.push(k); });
    points.push({ x: axes.length - 1, y: null });
    rowOf.push(i);
    axisOf.push(-1);
  });
  const hex = (c: string) => (/^#[0-9a-f]{6}$/i.test(c) ? `${c}${LINE_ALPHA}` : c);
  const marks: TextMark[] = axes.flatMap((a, k) => {
    const ends: TextMark[] = [{ x: k, y: 1, text: a.high, align: "center", baseline: "bottom" }];
    if (!a.categorical) return [...ends, { x: k, y: 0, text: a.low, align: "center", baseline: "top" }];
    return (a.categories!.length <= MAX_CATEGORY_LABELS ? a.categories! : []).map((v, i, all) => ({ x: k, y: all.length > 1 ? i / (all.length - 1) : 0.5, text: v, align: "right" as const, size: 10 }));
  });
  const colors = themeColors(theme);
  const valueOf = (r: Record<string, unknown>, k: number) => (axes[k].categorical ? name(r) : fmt(num(r[metrics[k - (formData.include_series ? 1 : 0)]])));
  return {
    kind: "chartjs",
    type: "line",
    data: {
      datasets: [{
        label: verbose(series),
        data: points,
        borderWidth: 1.5,
        pointRadius: 0,
        pointHitRadius: 4,
        spanGaps: false,
        borderColor: hex(plain),
        segment: { borderColor: (ctx: { p0DataIndex: number }) => hex(rowColor[rowOf[ctx.p0DataIndex]]) },
        textMarks: marks,
      }],
    },
    options: {
      ...BASE_OPTIONS,
      // room for the series axis's names on its left, the top axis ends above
      layout: { padding: { top: 16, left: formData.include_series ? 80 : 24, right: 24 } },
      plugins: {
        legend: { display: false },
        tooltip: {
          filter: (item: { dataIndex: number }) => axisOf[item.dataIndex] >= 0,
          callbacks: {
            title: () => "",
            label: (item: { dataIndex: number }) => {
              const r = rows[rowOf[item.dataIndex]], k = axisOf[item.dataIndex];
              return `${name(r)}: ${axes[k].name} ${valueOf(r, k)}`;
            },
          },
        },
      },
      scales: {
        x: {
          type: "linear", min: axes.length > 1 ? 0 : -0.5, max: axes.length > 1 ? axes.length - 1 : 0.5,
          // the axes' names under the low ends' values
          ticks: { stepSize: 1, color: colors.text, callback: (v: number) => axes[v]?.name ?? "", autoSkip: false, padding: 16 },
          grid: { color: colors.text, lineWidth: (ctx: { tick?: { value: number } }) => (Number.isInteger(ctx.tick?.value) && axes[ctx.tick!.value] ? 1 : 0) },
          border: { display: false },
        },
        y: { type: "linear", display: false, min: 0, max: 1 },
      },
    },
    ...(formData.show_datatable ? { dataTable: dataTable(rows, series, [...metrics, ...(colorMetric && !metrics.includes(colorMetric) ? [colorMetric] : [])], verbose, name) } : {}),
  };
}

/** The rows as a table: the series value, then each metric (and the colour metric) formatted. */
function dataTable(rows: Record<string, unknown>[], series: string, metrics: string[], verbose: (m: string) => string, name: (r: Record<string, unknown>) => string): TableModel {
  const fmt = getNumberFormatter("SMART_NUMBER");
  return {
    kind: "table",
    columns: [
      { key: series, label: verbose(series), isMetric: false, isNumeric: false, isTemporal: false },
      ...metrics.map((m) => ({ key: m, label: verbose(m), isMetric: true, isNumeric: true, isTemporal: false })),
    ],
    rows: rows.map((r) => Object.fromEntries([[series, r[series]], ...metrics.map((m) => [m, num(r[m])])])),
    formatted: rows.map((r) => Object.fromEntries([[series, name(r)], ...metrics.map((m) => [m, fmt(num(r[m]))])])),
    pageSize: 0,
    showCellBars: false,
    colorPositiveNegative: false,
  };
}

export const para: ChartType = {
  metadata: {
    name: "Parallel Coordinates",
    category: "Correlation",
    description: "Many metrics of each item side by side: every item a line crossing one vertical axis per metric, so items that rank alike on several metrics, and trade-offs between them, stand out.",
    tags: ["Directional", "Legacy", "Relational"],
  },
  controlPanel,
  buildQuery,
  transformProps,
};
