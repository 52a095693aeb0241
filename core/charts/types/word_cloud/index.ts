import type { ChartModel, ChartPropsInput, ChartType, ControlPanel } from "../../contract";
import { crossFilter } from "./cross-filter";
import * as c from "../../controls/shared";
import { BASE_OPTIONS } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { emptyModel, groupbyLabel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { getColumnLabel, getMetricLabel } from "../../query/labels";
import { sortByMetricQuery } from "../../query/sort-by-metric";

// Superset's word cloud: one word per value of a dimension, its font size the metric scaled linearly between
// "minimum font size" and "maximum font size", rotated as the "word rotation" choice says. Drawn with
// chartjs-chart-wordcloud's `wordCloud` type, whose words are sized by their data value.

const controlPanel: ControlPanel = {
  sections: [
    {
      label: "Query",
      expanded: true,
      controls: [
        { name: "series", type: "ColumnControl", label: "Dimension", validators: [{ kind: "nonEmpty" }], description: "The words of the cloud: one per value of this column." },
        c.metric(), c.adhocFilters(), c.rowLimit({ default: 100 }), c.sortByMetric(),
      ],
    },
    {
      label: "Options",
      expanded: true,
      controls: [
        { name: "size_from", type: "NumberControl", label: "Minimum Font Size", default: 10, renderTrigger: true, validators: [{ kind: "integer" }], description: "Font size for the smallest value in the list" },
        { name: "size_to", type: "NumberControl", label: "Maximum Font Size", default: 70, renderTrigger: true, validators: [{ kind: "integer" }], description: "Font size for the biggest value in the list" },
        { name: "rotation", type: "SelectControl", label: "Word Rotation", default: "square", renderTrigger: true, choices: [["random", "random"], ["flat", "flat"], ["square", "square"]], description: "Rotation to apply to words in the cloud" },
        c.colorScheme(),
      ],
    },
  ],
};

/** A small stable hash, so a word keeps its rotation from one draw to the next (Superset picks at random). */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Superset's ROTATION: flat 0°, square 0° or 90°, random one of -90° … 60° in steps of 30°. */
export function rotationOf(word: string, rotation: unknown): number {
  if (rotation === "flat") return 0;
  if (rotation === "random") return ((hash(word) % 6) - 3) * 30;
  return (hash(word) % 2) * 90;
}

/** d3's scaleLinear from [min, max] of the values onto [from, to]; equal values take the middle size. */
export function fontSizes(values: number[], from: number, to: number): number[] {
  const min = Math.min(...values), max = Math.max(...values);
  return values.map((v) => (max === min ? (from + to) / 2 : from + ((v - min) / (max - min)) * (to - from)));
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const series = getColumnLabel(formData.series);
  const metric = getMetricLabel(formData.metric);
  const words = rows.map((r) => groupbyLabel(r, [series]));
  const values = rows.map((r) => num(r[metric]) ?? 0);
  const from = num(formData.size_from) ?? 10, to = num(formData.size_to) ?? 70;
  const colorFn = colorFnFromFormData(formData);
  const format = getNumberFormatter("SMART_NUMBER");
  return {
    kind: "chartjs",
    type: "wordCloud",
    data: {
      labels: words,
      datasets: [{
        label: metric,
        data: fontSizes(values, from, to),
        values,
        color: words.map((w) => colorFn(w)),
        rotate: words.map((w) => rotationOf(w, formData.rotation)),
        family: "Helvetica, Arial, sans-serif",
        padding: 2,
      }],
    },
    options: {
      ...BASE_OPTIONS,
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { label: (item: { dataIndex: number }) => `${words[item.dataIndex]}: ${format(values[item.dataIndex])}` } },
      },
    },
  };
}

export const wordCloud: ChartType = {
  crossFilter,
  metadata: {
    name: "Word Cloud",
    category: "Ranking",
    description: "Visualizes the words in a column that appear the most often. Bigger font corresponds to higher frequency.",
    tags: ["Categorical", "Comparison", "Density", "Single Metric"],
  },
  controlPanel,
  buildQuery: sortByMetricQuery,
  transformProps,
};
