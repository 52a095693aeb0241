import type { ChartModel, ChartPropsInput, ChartType, ControlPanel } from "../../contract";
import { crossFilter } from "./cross-filter";
import * as c from "../../controls/shared";
import { legendOptions, BASE_OPTIONS } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { emptyModel, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { sortByMetricQuery } from "../../query/sort-by-metric";
import { metricByDimensions } from "../../slices";

// Superset's funnel: one metric by a dimension, each step's share of the first step, the previous step or the
// total. Drawn with chartjs-chart-funnel's `funnel` type.

const controlPanel: ControlPanel = {
  sections: [
    c.metricByDimensionsSection(10),
    {
      label: "Chart Options",
      expanded: true,
      controls: [
        { name: "percent_calculation_type", type: "SelectControl", label: "% calculation", default: "first_step", renderTrigger: true, choices: [["first_step", "Calculate from first step"], ["prev_step", "Calculate from previous step"], ["total", "Percent of total"]] },
        c.colorScheme(), c.showLegend(), c.legendOrientation(), c.numberFormat("number_format", "Number format"), c.checkbox("show_labels", "Show Labels", true),
      ],
    },
  ],
};

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const { metric, names, values: raw } = metricByDimensions(input);
  const values = raw.map((v) => v ?? 0);
  const total = values.reduce((a, b) => a + b, 0);
  const how = String(formData.percent_calculation_type ?? "first_step");
  const shares = values.map((v, i) => {
    const base = how === "total" ? total : how === "prev_step" ? (i ? values[i - 1] : v) : values[0];
    return base ? v / base : 0;
  });
  const valueText = getNumberFormatter(formData.number_format as string | undefined);
  const pct = getNumberFormatter(".2%");
  const colorFn = colorFnFromFormData(formData);
  return {
    kind: "chartjs",
    type: "funnel",
    data: {
      labels: names,
      datasets: [{ label: metric, data: values, backgroundColor: names.map((n) => colorFn(n)), shares, labelTexts: formData.show_labels === false ? undefined : names.map((n, i) => `${n}: ${valueText(values[i])} (${pct(shares[i])})`) }],
    },
    options: {
      ...BASE_OPTIONS,
      plugins: {
        legend: legendOptions(formData),
        tooltip: { callbacks: { label: (item: { dataIndex: number }) => `${names[item.dataIndex]}: ${valueText(values[item.dataIndex])} (${pct(shares[item.dataIndex])})` } },
      },
    },
  };
}

export const funnel: ChartType = {
  crossFilter,
  metadata: {
    name: "Funnel Chart",
    category: "KPI",
    description: "Showcases how a metric changes as the funnel progresses. This classic chart is useful for visualizing drop-off between stages in a pipeline or lifecycle.",
    tags: ["Business", "ECharts", "Progressive", "Featured"],
  },
  controlPanel,
  buildQuery: sortByMetricQuery,
  transformProps,
};
