import { expect, test } from "vitest";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { table } from ".";
import { validateFormData } from "../../controls/validate";


// params of the example bundle's "Featured Charts/Table.yaml"
const rawTable = {
  datasource: "22__table", viz_type: "table", query_mode: "raw", groupby: [], time_grain_sqla: "P1D", temporal_columns_lookup: { order_date: true },
  all_columns: ["order_date", "product_line", "status", "price_each", "sales"], percent_metrics: [], adhoc_filters: [temporalRange],
  order_by_cols: [], row_limit: 1000, server_page_length: 10, order_desc: true, table_timestamp_format: "smart_date", show_cell_bars: true,
  color_pn: true, allow_render_html: true, extra_form_data: {}, dashboards: [13],
};

test("raw table: the query context Superset sends for the example bundle's Table", () => {
  const ctx = table.buildQuery(rawTable);
  expect(ctx.datasource).toEqual({ id: 22, type: "table" });
  expect(ctx.form_data).toEqual({ ...rawTable, include_time: false });
  expect([ctx.result_format, ctx.result_type, ctx.force]).toEqual(["json", "full", false]);
  expect(ctx.queries).toEqual([supersetQuery({
    extras: { time_grain_sqla: "P1D", having: "", where: "" },
    columns: ["order_date", "product_line", "status", "price_each", "sales"],
    orderby: [],
    row_limit: 1000,
    post_processing: [],
  })]);
});

test("aggregate table: sort metric, percentage metrics as contribution, grained temporal dimension, totals query", () => {
  const ctx = table.buildQuery({
    datasource: "3__table", viz_type: "table", query_mode: "aggregate", groupby: ["ds", "state"], metrics: ["count"], percent_metrics: ["count", "sum__num"],
    timeseries_limit_metric: "sum__num", order_desc: true, time_grain_sqla: "P1M", temporal_columns_lookup: { ds: true }, row_limit: 50, show_totals: true,
    adhoc_filters: [{ clause: "HAVING", expressionType: "SQL", sqlExpression: "COUNT(*) > 1" }, { clause: "WHERE", expressionType: "SIMPLE", subject: "state", operator: "IS NOT NULL" }],
    all_columns: ["ignored_in_aggregate_mode"],
  });
  const [main, totals] = ctx.queries;
  expect(main.columns).toEqual([{ timeGrain: "P1M", columnType: "BASE_AXIS", sqlExpression: "ds", label: "ds", expressionType: "SQL" }, "state"]);
  expect(main.metrics).toEqual(["count", "sum__num"]);
  expect(main.orderby).toEqual([["sum__num", false]]);
  expect(main.filters).toEqual([{ col: "state", op: "IS NOT NULL" }]);
  expect(main.extras).toEqual({ time_grain_sqla: "P1M", having: "(COUNT(*) > 1)", where: "" });
  expect(main.post_processing).toEqual([{ operation: "contribution", options: { columns: ["count", "sum__num"], rename_columns: ["%count", "%sum__num"] } }]);
  expect(totals).toMatchObject({ columns: [], row_limit: 0, row_offset: 0, post_processing: [], metrics: ["count", "sum__num"] });
  expect(totals).not.toHaveProperty("orderby");
});

test("aggregate table without a sort metric orders by the first metric, descending", () => {
  const ctx = table.buildQuery({ datasource: "1__table", viz_type: "table", groupby: ["name"], metrics: [{ expressionType: "SIMPLE", aggregate: "SUM", column: { column_name: "num" }, label: "SUM(num)" }] });
  expect(ctx.queries[0].orderby).toEqual([[{ expressionType: "SIMPLE", aggregate: "SUM", column: { column_name: "num" }, label: "SUM(num)" }, false]]);
});

test("table transformProps: metric cells in SMART_NUMBER, percentages .3%, dates by grain, bars' range", () => {
  const model = table.transformProps({
    formData: { viz_type: "table", groupby: ["ds", "state"], metrics: ["SUM(num)"], percent_metrics: ["SUM(num)"], time_grain_sqla: "P1M", show_totals: true },
    queriesData: [
      {
        colnames: ["ds", "state", "SUM(num)", "%SUM(num)"], coltypes: [2, 1, 0, 0],
        data: [
          { ds: Date.UTC(2020, 0, 1), state: "CA", "SUM(num)": 1500, "%SUM(num)": 0.6 },
          { ds: Date.UTC(2020, 1, 1), state: null, "SUM(num)": 1000, "%SUM(num)": 0.4 },
        ],
      },
      { data: [{ "SUM(num)": 2500, "%SUM(num)": 1 }] },
    ],
    width: 600, height: 400,
  });
  if (model.kind !== "table") throw new Error(model.kind);
  expect(model.formatted).toEqual([
    { ds: "Jan 2020", state: "CA", "SUM(num)": "1.5k", "%SUM(num)": "60.000%" },
    { ds: "Feb 2020", state: "N/A", "SUM(num)": "1k", "%SUM(num)": "40.000%" },
  ]);
  expect(model.columns.map((c) => [c.key, c.isMetric, c.isPercentMetric, c.min, c.max])).toEqual([
    ["ds", false, false, undefined, undefined], ["state", false, false, undefined, undefined], ["SUM(num)", true, false, 1000, 1500], ["%SUM(num)", false, true, 0.4, 0.6],
  ]);
  expect(model.totals).toEqual({ "SUM(num)": "2.5k", "%SUM(num)": "100.000%" });
});

test("table transformProps: no rows is Superset's empty message; raw numbers stay as they are", () => {
  expect(table.transformProps({ formData: { query_mode: "raw" }, queriesData: [{ data: [] }], width: 1, height: 1 })).toEqual({ kind: "empty", message: "No results were returned for this query" });
  const model = table.transformProps({ formData: { query_mode: "raw", all_columns: ["price"], table_timestamp_format: "%Y-%m-%d" }, queriesData: [{ data: [{ price: 1234.5 }], colnames: ["price"], coltypes: [0] }], width: 1, height: 1 });
  expect(model.kind === "table" && model.formatted).toEqual([{ price: "1234.5" }]);
});

test("table panel: raw mode needs columns; row limit is an integer within SQL_MAX_ROW", () => {
  expect(validateFormData(table.controlPanel, { query_mode: "raw", all_columns: [], row_limit: "abc" })).toEqual({
    all_columns: ["cannot be empty"], row_limit: ["is expected to be an integer"],
  });
  expect(validateFormData(table.controlPanel, { query_mode: "aggregate", row_limit: 200000 })).toEqual({ row_limit: ["Value cannot exceed 100000"] });
  expect(validateFormData(table.controlPanel, { query_mode: "aggregate", row_limit: 5000 }, { sqlMaxRow: 1000 })).toEqual({ row_limit: ["Value cannot exceed 1000"] });
  expect(validateFormData(table.controlPanel, { query_mode: "aggregate", groupby: ["a"] })).toEqual({});
});

test("table transformProps: headers of saved metrics and columns read their verbose names, as Superset's", () => {
  const model = table.transformProps({
    formData: { viz_type: "table", groupby: ["ds", "gender"], metrics: ["sum__num", "count"] },
    queriesData: [{ colnames: ["ds", "gender", "sum__num", "count"], coltypes: [2, 1, 0, 0], data: [{ ds: 0, gender: "boy", sum__num: 10, count: 2 }] }],
    width: 600, height: 400, verboseMap: { ds: "Year", sum__num: "Births" },
  });
  if (model.kind !== "table") throw new Error(model.kind);
  expect(model.columns.map((c) => [c.key, c.label])).toEqual([["ds", "Year"], ["gender", "gender"], ["sum__num", "Births"], ["count", "count"]]);
});
