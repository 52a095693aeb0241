import { expect, test } from "vitest";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { radar } from ".";

const avg = (col: string) => ({ expressionType: "SIMPLE", column: { column_name: col }, aggregate: "AVG", sqlExpression: null, hasCustomLabel: false, label: `AVG(${col})` });
// params of the example bundle's "Featured Charts/Radar.yaml" (column objects trimmed)
const example = {
  datasource: "22__table", viz_type: "radar", groupby: ["product_line"], metrics: ["count", avg("price_each"), avg("sales")], adhoc_filters: [temporalRange],
  row_limit: 10, color_scheme: "supersetColors", show_legend: true, legendType: "scroll", legendOrientation: "top", legendMargin: "", show_labels: false,
  label_type: "value", label_position: "top", number_format: "SMART_NUMBER", date_format: "smart_date", is_circle: true, extra_form_data: {},
};

test("radar: the example bundle's query context, ordered by the first metric descending", () => {
  expect(radar.buildQuery(example).queries).toEqual([supersetQuery({
    columns: ["product_line"],
    metrics: example.metrics,
    orderby: [["count", false]],
    row_limit: 10,
  })]);
  expect(radar.buildQuery({ ...example, series_limit_metric: avg("sales") }).queries[0].orderby).toEqual([[avg("sales"), false]]);
});

test("radar transformProps: each axis scaled to its own maximum, real values in the tooltip", () => {
  const data = [
    { product_line: "Cars", count: 100, "AVG(price_each)": 80, "AVG(sales)": 4000 },
    { product_line: "Ships", count: 50, "AVG(price_each)": 100, "AVG(sales)": 3000 },
  ];
  const model = radar.transformProps({ formData: { ...example, column_config: { "AVG(sales)": { radarMetricMaxValue: 8000 } } }, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.data.labels).toEqual(["count", "AVG(price_each)", "AVG(sales)"]);
  expect(model.data.datasets.map((d) => [d.label, d.data])).toEqual([["Cars", [1, 0.8, 0.5]], ["Ships", [0.5, 1, 0.375]]]);
  expect((model.options.plugins as any).tooltip.callbacks.label({ datasetIndex: 0, dataIndex: 2 })).toBe("Cars, AVG(sales): 4k");
  expect((model.options.scales as any).r.grid.circular).toBe(true);
});
