import type { ChartModel, ChartPropsInput, ChartType, ControlPanel } from "../../contract";
import * as c from "../../controls/shared";
import { BASE_OPTIONS } from "../../chartjs";
import { colorFnFromFormData } from "../../colors/label-colors";
import { emptyModel, num, rowsOf } from "../../data";
import { getNumberFormatter } from "../../format/number";
import { sortByMetricQuery } from "../../query/sort-by-metric";
import { metricByDimensions } from "../../slices";
import { crossFilter } from "./cross-filter";
import { ensureArray, getColumnLabel } from "../../query/labels";

// Superset's gauge as a Chart.js doughnut: each value (one per dimension row) is a ring filled from min to the
// value; ECharts' angles (degrees counter-clockwise from 3 o'clock, start 225, end -45) become Chart.js's
// rotation (clockwise from 12 o'clock) and circumference.

const controlPanel: ControlPanel = {
  sections: [
    c.metricByDimensionsSection(10),
    {
      label: "Options",
      expanded: true,
      controls: [
        { name: "min_val", type: "NumberControl", label: "Min", default: 0, renderTrigger: true },
        { name: "max_val", type: "NumberControl", label: "Max", renderTrigger: true, description: "Maximum value on the gauge axis; the largest value when empty" },
        { name: "start_angle", type: "NumberControl", label: "Start angle", default: 225, renderTrigger: true },
        { name: "end_angle", type: "NumberControl", label: "End angle", default: -45, renderTrigger: true },
        c.colorScheme(), c.numberFormat("number_format", "Number format"), c.text("value_formatter", "Value format", "{value}"),
        c.checkbox("show_pointer", "Show pointer", true), c.checkbox("show_progress", "Show progress", true), c.checkbox("overlap", "Overlap", true),
      ],
    },
  ],
};

function transformProps(input: ChartPropsInput): ChartModel {
  const rows = rowsOf(input);
  if (!rows.length) return emptyModel();
  const { formData } = input;
  const { names, values: raw } = metricByDimensions(input);
  const values = raw.map((v) => v ?? 0);
  const min = num(formData.min_val) ?? 0;
  const max = num(formData.max_val) ?? Math.max(...values, min + 1);
  const start = num(formData.start_angle) ?? 225;
  const end = num(formData.end_angle) ?? -45;
  const numberText = getNumberFormatter(formData.number_format as string | undefined);
  const valueText = (v: number) => String(formData.value_formatter ?? "{value}").replace("{value}", numberText(v));
  const colorFn = colorFnFromFormData(formData);
  // each ring's dimension values, for its cross-filter
  const dims = ensureArray(formData.groupby).map(getColumnLabel);
  const clamp = (v: number) => Math.min(max, Math.max(min, v));
  return {
    kind: "chartjs",
    type: "doughnut",
    data: {
      labels: names,
      datasets: names.map((n, i) => ({
        label: n,
        data: [clamp(values[i]) - min, max - clamp(values[i])],
        backgroundColor: [colorFn(n), "rgba(128,128,128,0.15)"],
        value: values[i],
        valueText: valueText(values[i]),
        groupbyValues: dims.map((d) => rows[i][d]),
      })),
    },
    options: {
      ...BASE_OPTIONS,
      rotation: (((90 - start) % 360) + 360) % 360,
      circumference: start - end,
      cutout: "75%",
      plugins: {
        legend: { display: names.length > 1 },
        tooltip: { filter: (item: { dataIndex: number }) => item.dataIndex === 0, callbacks: { label: (item: { datasetIndex: number }) => `${names[item.datasetIndex]}: ${valueText(values[item.datasetIndex])}` } },
      },
      gauge: { min, max, showPointer: formData.show_pointer !== false },
    },
  };
}

export const gaugeChart: ChartType = {
  metadata: {
    name: "Gauge Chart",
    category: "KPI",
    description: "Uses a gauge to showcase progress of a metric towards a target. The position of the dial represents the progress and the terminal value in the gauge represents the target value.",
    tags: ["Business", "Comparison", "ECharts", "Report", "Featured"],
  },
  controlPanel,
  // Superset's gauge alone also sends the deprecated groupby key
  buildQuery: (formData) => sortByMetricQuery(formData, { groupby: formData.groupby || [] }),
  transformProps,
  crossFilter,
};
