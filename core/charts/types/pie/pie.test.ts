import { expect, test } from "vitest";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { pie } from ".";

const sumSales = { expressionType: "SIMPLE", column: { column_name: "sales", id: 734, type: "DOUBLE PRECISION" }, aggregate: "SUM", sqlExpression: null, hasCustomLabel: false, label: "SUM(sales)" };
// params of the example bundle's "Featured Charts/Pie.yaml" (the column object trimmed)
const example = {
  datasource: "22__table", viz_type: "pie", groupby: ["product_line"], metric: sumSales,
  adhoc_filters: [temporalRange],
  row_limit: 100, sort_by_metric: true, color_scheme: "supersetColors", show_labels_threshold: 5, show_legend: true, legendType: "scroll",
  legendOrientation: "top", label_type: "key", number_format: "SMART_NUMBER", date_format: "smart_date", show_labels: true, labels_outside: true,
  outerRadius: 70, innerRadius: 30, extra_form_data: {},
};

test("pie: the example bundle's query context, ordered by the metric descending", () => {
  expect(pie.buildQuery(example).queries).toEqual([supersetQuery({
    columns: ["product_line"],
    metrics: [sumSales],
    orderby: [[sumSales, false]],
    row_limit: 100,
  })]);
});

const rows = [
  { product_line: "Classic Cars", "SUM(sales)": 600 },
  { product_line: "Ships", "SUM(sales)": 370 },
  { product_line: "Trains", "SUM(sales)": 30 },
];

test("pie transformProps: slices, colours, labels under the 5% threshold hidden, percent tooltip", () => {
  const model = pie.transformProps({ formData: { ...example, label_type: "key_value_percent", show_total: true }, queriesData: [{ data: rows }], width: 400, height: 400 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("pie");
  expect(model.data.labels).toEqual(["Classic Cars", "Ships", "Trains"]);
  const [ds] = model.data.datasets;
  expect(ds.data).toEqual([600, 370, 30]);
  expect(ds.backgroundColor).toEqual(["#1FA8C9", "#454E7C", "#5AC189"]);
  // Trains is 3% of 1,000: below the 5% threshold
  expect(ds.labelTexts).toEqual(["Classic Cars: 600 (60.00%)", "Ships: 370 (37.00%)", ""]);
  expect(ds.labelsOutside).toBe(true);
  expect((model.options.plugins as any).title).toEqual({ display: true, text: "Total: 1k" });
  expect((model.options.plugins as any).tooltip.callbacks.label({ dataIndex: 2 })).toBe("Trains: 30 (3.00%)");
  expect([model.options.radius, model.options.cutout]).toEqual(["70%", "0%"]);
});

test("donut: cutout is the inner radius as a share of the outer; label types", () => {
  const model = pie.transformProps({ formData: { ...example, donut: true, label_type: "value_percent" }, queriesData: [{ data: rows }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect([model.type, model.options.cutout]).toEqual(["doughnut", `${(30 / 70) * 100}%`]);
  expect(model.data.datasets[0].labelTexts).toEqual(["600 (60.00%)", "370 (37.00%)", ""]);
  const inside = pie.transformProps({ formData: { ...example, labels_outside: false }, queriesData: [{ data: rows }], width: 1, height: 1 });
  if (inside.kind !== "chartjs") throw new Error(inside.kind);
  expect(inside.data.datasets[0].labelsOutside).toBe(false);
  expect(pie.transformProps({ formData: example, queriesData: [{ data: [] }], width: 1, height: 1 }).kind).toBe("empty");
});
