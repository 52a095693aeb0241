import type { ChartModel, ChartPropsInput, ChartType, ControlPanel } from "../../contract";
import { crossFilter } from "./cross-filter";
import * as c from "../../controls/shared";
import { legendOptions, BASE_OPTIONS } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { emptyModel, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { sortByMetricQuery } from "../../query/sort-by-metric";
import { metricByDimensions } from "../../slices";

// Pie and donut (Superset's ECharts Pie): one metric by dimensions, slices labelled by label_type.

const LABEL_TYPES: [string, string][] = [
  ["key", "Category Name"], ["value", "Value"], ["percent", "Percentage"], ["key_value", "Category and Value"],
  ["key_percent", "Category and Percentage"], ["key_value_percent", "Category, Value and Percentage"], ["value_percent", "Value and Percentage"],
];

const controlPanel: ControlPanel = {
  sections: [
    c.metricByDimensionsSection(100),
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        c.colorScheme(),
        { name: "show_labels_threshold", type: "NumberControl", label: "Percentage threshold", default: 5, renderTrigger: true, description: "Minimum threshold in percentage points for showing labels." },
        c.showLegend(),
        c.legendOrientation(),
        { name: "label_type", type: "SelectControl", label: "Label Type", default: "key", renderTrigger: true, choices: LABEL_TYPES },
        c.numberFormat("number_format", "Number format"),
        c.timeFormat("date_format", "Date format"),
        c.checkbox("show_labels", "Show Labels", true),
        c.checkbox("labels_outside", "Put labels outside", true),
        c.checkbox("show_total", "Show Total", false),
        c.checkbox("donut", "Donut", false),
        { name: "innerRadius", type: "SliderControl", label: "Inner Radius", default: 30, min: 0, max: 100, renderTrigger: true, visibility: (fd) => fd.donut === true },
        { name: "outerRadius", type: "SliderControl", label: "Outer Radius", default: 70, min: 10, max: 100, renderTrigger: true },
      ],
    },
  ],
};

/** Superset's pie label formats ("key_value_percent" → "Cars: 1.5k (60.00%)"). */
export function sliceText(labelType: string, name: string, value: string, percent: string): string {
  const texts: Record<string, string> = {
    key: name, value, percent, key_value: `${name}: ${value}`, key_percent: `${name}: ${percent}`,
    key_value_percent: `${name}: ${value} (${percent})`, value_percent: `${value} (${percent})`,
  };
  return texts[labelType] ?? name;
}

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const { metric, names, values } = metricByDimensions(input);
  const total = values.reduce<number>((t, v) => t + (v ?? 0), 0);
  const valueText = getNumberFormatter(formData.number_format as string | undefined);
  const percentText = getNumberFormatter(".2%");
  const colorFn = colorFnFromFormData(formData);
  const labelType = String(formData.label_type ?? "key");
  const threshold = Number(formData.show_labels_threshold ?? 5) / 100;
  const texts = names.map((n, i) => sliceText(labelType, n, valueText(values[i]), percentText(total ? (values[i] ?? 0) / total : 0)));
  const outer = Number(formData.outerRadius ?? 70);
  const inner = formData.donut ? Number(formData.innerRadius ?? 30) : 0;
  return {
    kind: "chartjs",
    type: formData.donut ? "doughnut" : "pie",
    data: {
      labels: names,
      datasets: [{
        label: metric,
        data: values,
        backgroundColor: names.map((n) => colorFn(n)),
        // what each slice's label reads; slices under the threshold show none (slice-labels.ts draws them)
        labelTexts: texts.map((t, i) => (formData.show_labels !== false && total && (values[i] ?? 0) / total >= threshold ? t : "")),
        labelsOutside: formData.labels_outside !== false,
      }],
    },
    options: {
      ...BASE_OPTIONS,
      radius: `${outer}%`,
      cutout: `${outer ? (inner / outer) * 100 : 0}%`,
      plugins: {
        legend: legendOptions(formData),
        title: { display: formData.show_total === true, text: `Total: ${valueText(total)}` },
        tooltip: { callbacks: { label: (item: { dataIndex: number }) => sliceText("key_value_percent", names[item.dataIndex], valueText(values[item.dataIndex]), percentText(total ? (values[item.dataIndex] ?? 0) / total : 0)) } },
      },
    },
  };
}

export const pie: ChartType = {
  crossFilter,
  metadata: {
    name: "Pie Chart",
    category: "Part of a Whole",
    description: "The classic. Great for showing how much of a company each investor gets, what demographics follow your blog, or what portion of the budget goes to the military industrial complex.",
    tags: ["Categorical", "Circular", "Comparison", "Percentages", "Featured", "Proportional", "ECharts", "Nightingale"],
  },
  controlPanel,
  buildQuery: sortByMetricQuery,
  transformProps,
};
