import { expect, test } from "vitest";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { gaugeChart } from ".";

// params of the example bundle's "Featured Charts/Gauge.yaml"
const example = {
  datasource: "22__table", viz_type: "gauge_chart", groupby: ["deal_size"], metric: "count", adhoc_filters: [temporalRange], row_limit: 10,
  start_angle: 225, end_angle: -45, color_scheme: "supersetColors", font_size: 13, number_format: "SMART_NUMBER", value_formatter: "{value}",
  show_pointer: true, animation: true, show_axis_tick: false, show_split_line: false, split_number: 10, show_progress: true, overlap: true,
  round_cap: false, extra_form_data: {},
};

test("gauge_chart: the example bundle's query context (no sort_by_metric, so no orderby)", () => {
  expect(gaugeChart.buildQuery(example).queries).toEqual([supersetQuery({
    columns: ["deal_size"],
    groupby: ["deal_size"],
    metrics: ["count"],
    row_limit: 10,
  })]);
});

test("gauge_chart transformProps: a ring per value up to the largest; ECharts angles as Chart.js rotation", () => {
  const model = gaugeChart.transformProps({ formData: { ...example, value_formatter: "{value} orders" }, queriesData: [{ data: [{ deal_size: "Medium", count: 1384 }, { deal_size: "Small", count: 1282 }] }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect([model.type, model.options.rotation, model.options.circumference]).toEqual(["doughnut", 225, 270]);
  expect(model.data.datasets.map((d) => [d.label, d.data, d.valueText])).toEqual([["Medium", [1384, 0], "1.38k orders"], ["Small", [1282, 102], "1.28k orders"]]);
  const capped = gaugeChart.transformProps({ formData: { ...example, min_val: 1000, max_val: 1300 }, queriesData: [{ data: [{ deal_size: "Medium", count: 1384 }] }], width: 1, height: 1 });
  expect(capped.kind === "chartjs" && capped.data.datasets[0].data).toEqual([300, 0]);
});
