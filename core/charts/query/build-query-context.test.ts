import { expect, test } from "vitest";
import { buildQueryContext, buildQueryObject, datasourceKey, normalizeOrderBy } from "./build-query-context";

test("adhoc filters: SIMPLE WHERE → filters, SQL → extras (a line comment gets a newline), SIMPLE HAVING dropped as Superset does", () => {
  const q = buildQueryObject({
    datasource: "1__table", metrics: ["count"], groupby: ["state"],
    adhoc_filters: [
      { expressionType: "SIMPLE", clause: "WHERE", subject: "name", operator: "IN", comparator: ["a", "b"] },
      { expressionType: "SIMPLE", clause: "WHERE", subject: "x", operator: "IS NULL", comparator: "ignored" },
      { expressionType: "SQL", clause: "WHERE", sqlExpression: "num > 3 -- big" },
      { expressionType: "SQL", clause: "WHERE", sqlExpression: "state <> 'CA'" },
      { expressionType: "SQL", clause: "HAVING", sqlExpression: "SUM(num) > 10" },
    ],
  });
  expect(q.filters).toEqual([{ col: "name", op: "IN", val: ["a", "b"] }, { col: "x", op: "IS NULL" }]);
  expect(q.extras).toEqual({ where: "(num > 3 -- big\n) AND (state <> 'CA')", having: "(SUM(num) > 10)" });
  expect([q.columns, q.metrics]).toEqual([["state"], ["count"]]);
});

test("legacy extra_filters: __time_range and __time_grain set query fields and are recorded as applied", () => {
  const q = buildQueryObject({
    datasource: "1__table", metric: "count", time_grain_sqla: "P1D",
    extra_filters: [{ col: "__time_range", op: "==", val: "Last week" }, { col: "__time_grain", op: "==", val: "P1W" }, { col: "gender", op: "IN", val: ["boy"] }],
  });
  expect(q.time_range).toBe("Last week");
  expect(q.extras).toMatchObject({ time_grain_sqla: "P1W" });
  expect(q.applied_time_extras).toEqual({ __time_range: "Last week", __time_grain: "P1W" });
  expect(q.filters).toEqual([{ col: "gender", op: "IN", val: ["boy"] }]);
});

test("extra_form_data: adhoc filters appended, relative_start into extras, custom_form_data kept", () => {
  const q = buildQueryObject({
    datasource: "1__table", metrics: ["count"],
    extra_form_data: { adhoc_filters: [{ expressionType: "SQL", clause: "WHERE", sqlExpression: "a = 1" }], relative_start: "now", custom_form_data: { k: 1 }, granularity_sqla: "ds" },
  });
  expect(q.extras).toEqual({ where: "(a = 1)", having: "", relative_start: "now" });
  expect(q.granularity).toBe("ds");
  expect(q.custom_form_data).toEqual({ k: 1 });
});

test("query fields: aliases, duplicates by label, raw mode ignores metrics, order_by_cols parsed or refused", () => {
  const q = buildQueryObject({ datasource: "1__table", metric: "count", metrics: ["count", "sum__num"], series: "state", groupby: ["state", "name"] });
  expect([q.metrics, q.columns]).toEqual([["count", "sum__num"], ["state", "name"]]);
  const raw = buildQueryObject({ datasource: "1__table", query_mode: "raw", metrics: ["count"], all_columns: ["a"], order_by_cols: ['["a", false]'] });
  expect([raw.metrics, raw.columns, raw.orderby]).toEqual([undefined, ["a"], [["a", false]]]);
  expect(() => buildQueryObject({ datasource: "1__table", order_by_cols: ["not json"] })).toThrow("Found invalid orderby options");
});

test("datasource keys, result format and type, orderby normalisation", () => {
  expect(datasourceKey("22__table")).toEqual({ id: 22, type: "table" });
  expect(datasourceKey({ id: 3, type: "table" })).toEqual({ id: 3, type: "table" });
  const ctx = buildQueryContext({ datasource: "5__table", metrics: ["count"], result_format: "csv", result_type: "samples", force: true });
  expect([ctx.result_format, ctx.result_type, ctx.force]).toEqual(["csv", "samples", true]);
  expect(normalizeOrderBy({ metrics: ["count"], order_desc: true }).orderby).toEqual([["count", false]]);
  expect(normalizeOrderBy({ metrics: ["count"], order_desc: false, series_limit_metric: "sum__num" }).orderby).toEqual([["sum__num", true]]);
  expect(normalizeOrderBy({ orderby: [["a", true]] }).orderby).toEqual([["a", true]]);
});
