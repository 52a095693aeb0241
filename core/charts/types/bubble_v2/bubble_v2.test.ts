import { expect, test } from "vitest";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { bubbleV2 } from ".";

const sumQty = { expressionType: "SIMPLE", column: { column_name: "quantity_ordered" }, aggregate: "SUM", sqlExpression: null, hasCustomLabel: false, label: "SUM(quantity_ordered)" };
const countries = { expressionType: "SIMPLE", column: { column_name: "country" }, aggregate: "COUNT_DISTINCT", sqlExpression: null, hasCustomLabel: false, label: "COUNT_DISTINCT(country)" };
// params of the example bundle's "Featured Charts/Bubble.yaml" (column objects trimmed)
const example = {
  datasource: "22__table", viz_type: "bubble_v2", series: "product_line", entity: "deal_size", x: sumQty, y: countries, adhoc_filters: [temporalRange],
  size: "count", order_desc: true, row_limit: 10000, color_scheme: "supersetColors", show_legend: true, legendType: "scroll", legendOrientation: "top",
  max_bubble_size: "25", tooltipSizeFormat: "SMART_NUMBER", opacity: 0.6, xAxisFormat: "SMART_NUMBER", y_axis_format: "SMART_NUMBER",
  truncateXAxis: true, y_axis_bounds: [null, null], extra_form_data: {},
};

test("bubble_v2: the example bundle's query context (x, y, size metrics per entity and series; row limit from `limit`)", () => {
  const [q] = bubbleV2.buildQuery(example).queries;
  expect(q).toEqual(supersetQuery({
    columns: ["deal_size", "product_line"],
    metrics: [sumQty, countries, "count"],
  }));
});

test("bubble_v2 transformProps: a dataset per series, radii scaled between the smallest and largest size", () => {
  const data = [
    { deal_size: "Small", product_line: "Cars", "SUM(quantity_ordered)": 100, "COUNT_DISTINCT(country)": 3, count: 10 },
    { deal_size: "Large", product_line: "Cars", "SUM(quantity_ordered)": 300, "COUNT_DISTINCT(country)": 5, count: 30 },
    { deal_size: "Small", product_line: "Ships", "SUM(quantity_ordered)": 200, "COUNT_DISTINCT(country)": 4, count: 20 },
  ];
  const model = bubbleV2.transformProps({ formData: example, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.data.datasets.map((d) => [d.label, d.backgroundColor, d.data])).toEqual([
    ["Cars", "rgba(31,168,201,0.6)", [{ x: 100, y: 3, r: 2.5, size: 10, entity: "Small" }, { x: 300, y: 5, r: 27.5, size: 30, entity: "Large" }]],
    ["Ships", "rgba(69,78,124,0.6)", [{ x: 200, y: 4, r: 15, size: 20, entity: "Small" }]],
  ]);
  const label = (model.options.plugins as any).tooltip.callbacks.label;
  expect(label({ raw: { x: 1500, y: 3, size: 30, entity: "Large" } })).toBe("Large: SUM(quantity_ordered) 1.5k, COUNT_DISTINCT(country) 3, count 30");
});
