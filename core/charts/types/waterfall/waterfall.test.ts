import { expect, test } from "vitest";
import { baseAxis, supersetQuery, temporalRange } from "../../test-fixtures";
import { waterfall } from ".";

const sumSales = { expressionType: "SIMPLE", column: { column_name: "sales" }, aggregate: "SUM", sqlExpression: null, hasCustomLabel: false, label: "SUM(sales)" };
// params of the example bundle's "Featured Charts/Waterfall.yaml"
const example = {
  datasource: "22__table", viz_type: "waterfall", x_axis: "order_date", time_grain_sqla: "P3M", groupby: [], metric: sumSales, adhoc_filters: [temporalRange],
  row_limit: 10000, show_value: true, increase_color: { r: 90, g: 193, b: 137, a: 1 }, decrease_color: { r: 224, g: 67, b: 85, a: 1 },
  total_color: { r: 102, g: 102, b: 102, a: 1 }, x_axis_time_format: "smart_date", x_ticks_layout: "auto", y_axis_format: "SMART_NUMBER", extra_form_data: {},
};

test("waterfall: the example bundle's query context (quarters ascending)", () => {
  expect(waterfall.buildQuery(example).queries).toEqual([supersetQuery({
    extras: { time_grain_sqla: "P3M", having: "", where: "" },
    columns: [baseAxis("order_date", "P3M")],
    metrics: [sumSales],
    orderby: [["order_date", true]],
    row_limit: 10000,
  })]);
});

test("waterfall transformProps: floating bars from the running total, then the total", () => {
  const data = [{ order_date: Date.UTC(2024, 0, 1), "SUM(sales)": 100 }, { order_date: Date.UTC(2024, 3, 1), "SUM(sales)": -30 }, { order_date: Date.UTC(2024, 6, 1), "SUM(sales)": 50 }];
  const model = waterfall.transformProps({ formData: example, queriesData: [{ data, colnames: ["order_date", "SUM(sales)"], coltypes: [2, 0] }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.data.labels).toEqual(["2024", "April", "July", "Total"]);
  const [ds] = model.data.datasets;
  expect(ds.data).toEqual([[0, 100], [100, 70], [70, 120], [0, 120]]);
  expect(ds.backgroundColor).toEqual(["rgba(90,193,137,1)", "rgba(224,67,85,1)", "rgba(90,193,137,1)", "rgba(102,102,102,1)"]);
  expect(ds.valueTexts).toEqual(["100", "-30", "50", "120"]);
  expect((model.options.plugins as any).tooltip.callbacks.label({ dataIndex: 3 })).toBe("Total: 120");
});
