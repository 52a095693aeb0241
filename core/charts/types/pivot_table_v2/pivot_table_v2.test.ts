import { expect, test } from "vitest";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { pivotTableV2 } from ".";
import { pivotGrid } from "../../../render/table-grid";

const sumSales = { expressionType: "SIMPLE", column: { column_name: "sales" }, aggregate: "SUM", sqlExpression: null, hasCustomLabel: false, label: "SUM(sales)" };
// params of the example bundle's "Featured Charts/Pivot_Table.yaml" (the column object trimmed)
const example = {
  datasource: "22__table", viz_type: "pivot_table_v2", groupbyColumns: ["product_line"], groupbyRows: ["country", "city"], time_grain_sqla: "P1D",
  temporal_columns_lookup: { order_date: true }, metrics: [sumSales], metricsLayout: "COLUMNS",
  adhoc_filters: [temporalRange],
  row_limit: 10000, order_desc: true, aggregateFunction: "Sum", valueFormat: "SMART_NUMBER", date_format: "smart_date", rowOrder: "key_a_to_z",
  colOrder: "key_a_to_z", extra_form_data: {},
};

test("pivot_table_v2: the example bundle's query context (columns then rows, ordered by the metric)", () => {
  expect(pivotTableV2.buildQuery(example).queries).toEqual([supersetQuery({
    extras: { time_grain_sqla: "P1D", having: "", where: "" },
    columns: ["product_line", "country", "city"],
    metrics: [sumSales],
    orderby: [[sumSales, false]],
    row_limit: 10000,
  })]);
});

test("pivot_table_v2: a temporal dimension carries the grain", () => {
  const [q] = pivotTableV2.buildQuery({ ...example, groupbyRows: ["order_date"], time_grain_sqla: "P1M" }).queries;
  expect(q.columns).toEqual(["product_line", { timeGrain: "P1M", columnType: "BASE_AXIS", sqlExpression: "order_date", label: "order_date", expressionType: "SQL" }]);
});

const data = [
  { product_line: "Cars", country: "France", "SUM(sales)": 100 },
  { product_line: "Ships", country: "France", "SUM(sales)": 300 },
  { product_line: "Cars", country: "USA", "SUM(sales)": 600 },
];
const fd = { ...example, groupbyRows: ["country"], valueFormat: ",d", rowTotals: true, colTotals: true };

test("pivot_table_v2 transformProps: cells, missing cells empty, totals", () => {
  const model = pivotTableV2.transformProps({ formData: fd, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "pivot_table") throw new Error(model.kind);
  expect([model.rowKeys, model.colKeys]).toEqual([[["France"], ["USA"]], [["Cars"], ["Ships"]]]);
  expect(model.formatted).toEqual([[["100"], ["300"]], [["600"], [""]]]);
  expect(model.rowTotals).toEqual([["400"], ["600"]]);
  expect(model.colTotals).toEqual([["700"], ["300"]]);
  expect(model.grandTotals).toEqual(["1,000"]);
});

test("pivot_table_v2: fraction of rows, value ordering, transposed", () => {
  const frac = pivotTableV2.transformProps({ formData: { ...fd, aggregateFunction: "Sum as Fraction of Rows" }, queriesData: [{ data }], width: 1, height: 1 });
  if (frac.kind !== "pivot_table") throw new Error(frac.kind);
  expect(frac.formatted).toEqual([[["25.0%"], ["75.0%"]], [["100.0%"], [""]]]);
  expect(frac.rowTotals).toEqual([["100.0%"], ["100.0%"]]);
  const ordered = pivotTableV2.transformProps({ formData: { ...fd, rowOrder: "value_z_to_a", transposePivot: true }, queriesData: [{ data }], width: 1, height: 1 });
  if (ordered.kind !== "pivot_table") throw new Error(ordered.kind);
  // transposed: product lines are rows; Cars (700) before Ships (300)
  expect([ordered.rowDims, ordered.rowKeys, ordered.colKeys]).toEqual([["product_line"], [["Cars"], ["Ships"]], [["France"], ["USA"]]]);
  expect(pivotTableV2.transformProps({ formData: fd, queriesData: [{ data: [] }], width: 1, height: 1 }).kind).toBe("empty");
});

test("pivot_table_v2: headers show the dataset's verbose names of columns and saved metrics; the names stay for filters", () => {
  const births = [{ gender: "boy", state: "CA", sum__num: 5, count: 1 }, { gender: "girl", state: "CA", sum__num: 7, count: 2 }];
  const verboseMap = { gender: "Gender", sum__num: "Births", state: "State" };
  const input = { formData: { ...fd, groupbyRows: ["gender"], groupbyColumns: ["state"], metrics: ["sum__num", "count"] }, queriesData: [{ data: births }], width: 1, height: 1, verboseMap };
  const model = pivotTableV2.transformProps(input);
  if (model.kind !== "pivot_table") throw new Error(model.kind);
  expect(model.labels).toEqual({ rowDims: ["Gender"], colDims: ["State"], metrics: ["Births", "count"] });
  expect([model.rowDims, model.metrics]).toEqual([["gender"], ["sum__num", "count"]]);
  // the server's drawing of the same table (first paint, reports) shows the same headers
  const grid = pivotGrid(model);
  expect(grid.headAbove?.map((row) => row.map((h) => h.text))).toEqual([["State", "CA", "", "Total (Sum)", ""], ["Metric", "Births", "count", "Births", "count"]]);
  expect(grid.head.map((h) => h.text)).toEqual(["Gender", "", "", "", ""]);
  expect(grid.body[0][0].text).toBe("boy");
});
