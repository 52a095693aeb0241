import type { ChartModel, ChartPropsInput, ChartType, ControlPanel } from "../../contract";
import * as c from "../../controls/shared";
import { BASE_OPTIONS, themeColors } from "../../chartjs";
import { emptyModel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { buildQueryContext } from "../../query/build-query-context";
import { getMetricLabel } from "../../query/labels";

// Superset's bullet chart (legacy nvd3 Bullet): one metric as a bar over qualitative ranges (grey bands, the
// widest lightest), with markers (triangles) and marker lines. Ranges, markers and their labels are comma-separated
// lists as Superset stores them; with no ranges the one band runs to 110 % of the value, as BulletViz does.

const controlPanel: ControlPanel = {
  sections: [
    { label: "Query", expanded: true, controls: [c.metric(), c.adhocFilters()] },
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        { ...c.text("ranges", "Ranges"), description: "Ranges to highlight with shading" },
        { ...c.text("range_labels", "Range labels"), description: "Labels for the ranges" },
        { ...c.text("markers", "Markers"), description: "List of values to mark with triangles" },
        { ...c.text("marker_labels", "Marker labels"), description: "Labels for the markers" },
        { ...c.text("marker_lines", "Marker lines"), description: "List of values to mark with lines" },
        { ...c.text("marker_line_labels", "Marker line labels"), description: "Labels for the marker lines" },
        c.numberFormat(),
      ],
    },
  ],
};

/** Superset's to_array: "1, 2.5,x" → [1, 2.5] (what does not read as a number is left out). */
export function numberList(v: unknown): number[] {
  if (Array.isArray(v)) return v.map(num).filter((n): n is number => n !== null);
  if (typeof v !== "string") return [];
  return v.split(",").map((s) => s.trim()).filter(Boolean).map(Number).filter(Number.isFinite);
}

const labelList = (v: unknown): string[] => (typeof v === "string" ? v.split(",").map((s) => s.trim()) : Array.isArray(v) ? v.map(String) : []);

/** nvd3's bullet palette: bands from light (widest) to darker (narrowest), the measure in steelblue. */
const BAND_GREYS = ["#eeeeee", "#dddddd", "#cccccc", "#bbbbbb", "#aaaaaa"];
const MEASURE = "#4682b4";

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData, theme } = input;
  const metric = getMetricLabel(formData.metric);
  const value = num(rows[0][metric]);
  const text = getNumberFormatter(typeof formData.y_axis_format === "string" ? formData.y_axis_format : undefined);
  const given = numberList(formData.ranges);
  const ranges = given.length ? given : [Math.trunc(Math.max(value ?? 0, 0) * 1.1)];
  const rangeLabels = labelList(formData.range_labels);
  // widest first, so the narrower bands are drawn over it (Chart.js draws higher `order` first)
  const bands = ranges.map((r, i) => ({ r, label: rangeLabels[i] || `Range ${i + 1}` })).sort((a, b) => b.r - a.r);
  const point = (x: number) => [{ x, y: metric }];
  const markers = numberList(formData.markers);
  const markerLabels = labelList(formData.marker_labels);
  const lines = numberList(formData.marker_lines);
  const lineLabels = labelList(formData.marker_line_labels);
  const ink = theme?.dark ? "#e0e0e0" : "#000000";
  return {
    kind: "chartjs",
    type: "bar",
    data: {
      labels: [metric],
      datasets: [
        ...bands.map((b, i) => ({
          label: b.label, data: [b.r], backgroundColor: BAND_GREYS[Math.min(i, BAND_GREYS.length - 1)],
          grouped: false, barPercentage: 1, categoryPercentage: 0.9, order: 100 + bands.length - i,
        })),
        { label: metric, data: [value], backgroundColor: MEASURE, grouped: false, barPercentage: 0.35, categoryPercentage: 0.9, order: 10 },
        ...markers.map((m, i) => ({ type: "scatter", label: markerLabels[i] || `Marker ${i + 1}`, data: point(m), pointStyle: "triangle", rotation: 180, radius: 7, hoverRadius: 8, backgroundColor: ink, borderColor: ink, order: 1 })),
        ...lines.map((m, i) => ({ type: "scatter", label: lineLabels[i] || `Marker line ${i + 1}`, data: point(m), pointStyle: "line", rotation: 90, radius: 22, hoverRadius: 22, borderWidth: 2, borderColor: ink, order: 0 })),
      ],
    },
    options: {
      ...BASE_OPTIONS,
      indexAxis: "y",
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { label: (item: { dataset: { label?: string }; parsed: { x: number } }) => `${item.dataset.label}: ${text(item.parsed.x)}` } },
      },
      scales: {
        x: { beginAtZero: true, ticks: { color: themeColors(theme).text, callback: (v: unknown) => text(v) }, grid: { color: themeColors(theme).grid } },
        y: { type: "category", ticks: { color: themeColors(theme).text }, grid: { display: false } },
      },
    },
  };
}

export const bullet: ChartType = {
  metadata: {
    name: "Bullet Chart",
    category: "KPI",
    description: "Showcases the progress of a single metric against a given target. The higher the fill, the closer the metric is to the target.",
    tags: ["Business", "Legacy", "Report"],
  },
  controlPanel,
  buildQuery: (formData) => buildQueryContext(formData, (base) => [{ ...base, columns: [] }]),
  transformProps,
};
