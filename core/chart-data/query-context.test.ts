import { expect, test } from "vitest";
import { fieldErrorsOf as fieldErrors } from "../testing/field-errors";
import { parseQueryContext } from "./query-context";


// The shape Superset's buildQueryContext sends for a bar chart (taken from its documented query context).
const barChart = {
  datasource: { id: 3, type: "table" },
  force: false,
  queries: [{
    time_range: "Last week",
    granularity: "ds",
    filters: [{ col: "gender", op: "IN", val: ["boy"] }],
    extras: { time_grain_sqla: "P1D", having: "", where: "" },
    applied_time_extras: {},
    columns: [{ timeGrain: "P1D", columnType: "BASE_AXIS", sqlExpression: "ds", label: "ds", expressionType: "SQL" }, "state"],
    metrics: ["count", { expressionType: "SIMPLE", column: { column_name: "num" }, aggregate: "SUM", label: "SUM(num)" }],
    orderby: [["count", false]],
    annotation_layers: [],
    row_limit: 10000,
    series_columns: ["state"],
    series_limit: 5,
    series_limit_metric: "count",
    order_desc: true,
    url_params: {},
    custom_params: {},
    custom_form_data: {},
    time_offsets: ["1 week ago"],
    post_processing: [{ operation: "pivot", options: { index: ["ds"], columns: ["state"], aggregates: { count: { operator: "mean" } } } }, null],
  }],
  form_data: { viz_type: "echarts_timeseries_bar", datasource: "3__table" },
  result_format: "json",
  result_type: "full",
};

test("a bar chart's query context is read with Superset's defaults", () => {
  const ctx = parseQueryContext(barChart);
  expect(ctx).toMatchObject({ datasource: { id: 3, type: "table" }, result_format: "json", result_type: "full", force: false });
  const [q] = ctx.queries;
  expect(q.columns).toHaveLength(2);
  expect(q.metrics).toHaveLength(2);
  expect(q).toMatchObject({ granularity: "ds", time_range: "Last week", row_limit: 10000, row_offset: 0, series_limit: 5, series_limit_metric: "count", time_offsets: ["1 week ago"], order_desc: true });
  expect(q.extras).toEqual({ time_grain_sqla: "P1D", having: "", where: "" });
  expect(q.post_processing).toEqual([barChart.queries[0].post_processing[0]]);
});

test("deprecated keys are renamed as Superset's QueryObject renames them", () => {
  const ctx = parseQueryContext({ datasource: { id: 1, type: "dataset" }, queries: [{ groupby: ["a"], granularity_sqla: "ds", timeseries_limit: 3, timeseries_limit_metric: "m", where: "x > 1", having: "SUM(y) > 2", extras: { where: "z = 1" } }] });
  expect(ctx.datasource).toEqual({ id: 1, type: "table" });
  expect(ctx.queries[0]).toMatchObject({ columns: ["a"], granularity: "ds", series_limit: 3, series_limit_metric: "m", extras: { where: "x > 1", having: "SUM(y) > 2" } });
});

const one = (q: Record<string, unknown>) => parseQueryContext({ datasource: { id: 1 }, queries: [q] }).queries[0];

test("granularity_sqla → granularity: fills an empty granularity, never replaces a set one", () => {
  expect(one({ granularity_sqla: "ds" }).granularity).toBe("ds");
  expect(one({ granularity: null, granularity_sqla: "ds" }).granularity).toBe("ds");
  expect(one({ granularity: "", granularity_sqla: "ds" }).granularity).toBe("ds");
  expect(one({ granularity: "order_date", granularity_sqla: "ds" }).granularity).toBe("order_date");
});

test("groupby → columns: fills empty columns, never replaces set ones", () => {
  expect(one({ groupby: ["state"] }).columns).toEqual(["state"]);
  expect(one({ columns: [], groupby: ["state"] }).columns).toEqual(["state"]);
  expect(one({ columns: ["gender"], groupby: ["state"] }).columns).toEqual(["gender"]);
  expect(fieldErrors(() => one({ groupby: "state" }))).toEqual({ "queries.0.columns": ["Not a valid list."] });
});

test("timeseries_limit → series_limit: the explore client's series_limit 0 beside timeseries_limit 5 is a limit of 5", () => {
  expect(one({ timeseries_limit: 5 }).series_limit).toBe(5);
  expect(one({ series_limit: 0, timeseries_limit: 5 }).series_limit).toBe(5);
  expect(one({ series_limit: 7, timeseries_limit: 5 }).series_limit).toBe(7);
  expect(one({ series_limit: 0, timeseries_limit: 0 }).series_limit).toBe(0);
  expect(fieldErrors(() => one({ timeseries_limit: -1 }))).toEqual({ "queries.0.series_limit": ["Must be greater than or equal to 0."] });
});

test("timeseries_limit_metric → series_limit_metric", () => {
  const adhoc = { expressionType: "SQL", sqlExpression: "MAX(num)", label: "MAX(num)" };
  expect(one({ timeseries_limit_metric: adhoc }).series_limit_metric).toEqual(adhoc);
  expect(one({ series_limit_metric: null, timeseries_limit_metric: "count" }).series_limit_metric).toBe("count");
  expect(one({ series_limit_metric: "sum__num", timeseries_limit_metric: "count" }).series_limit_metric).toBe("sum__num");
});

test("top-level where and having move into extras, replacing extras' own; empty ones are ignored", () => {
  expect(one({ where: "num > 1" }).extras).toEqual({ where: "num > 1" });
  expect(one({ having: "SUM(num) > 2", extras: { having: "COUNT(*) > 1", time_grain_sqla: "P1D" } }).extras).toEqual({ having: "SUM(num) > 2", time_grain_sqla: "P1D" });
  expect(one({ where: "", having: null, extras: { where: "a = 1", having: "" } }).extras).toEqual({ where: "a = 1", having: "" });
  expect(fieldErrors(() => one({ where: 3 }))).toEqual({ "queries.0.extras.where": ["Not a valid string."] });
});

test("malformed contexts name every field that is wrong", () => {
  expect(fieldErrors(() => parseQueryContext({}))).toEqual({ datasource: ["A datasource with an integer id is required."], queries: ["At least one query is required."] });
  const errors = fieldErrors(() => parseQueryContext({
    datasource: { id: 1, type: "druid" }, result_format: "pdf", result_type: "everything", force: "yes",
    queries: [{ columns: "a", metrics: [1], filters: [{ col: "a", op: "DROP" }, { op: "==" }], row_limit: -1, orderby: [["a"]], extras: { relative_start: "yesterday", where: 1 } }, 7],
  }));
  expect(Object.keys(errors!).sort()).toEqual([
    "datasource", "force", "queries.0.columns", "queries.0.extras.relative_start", "queries.0.extras.where", "queries.0.filters.0", "queries.0.filters.1",
    "queries.0.metrics", "queries.0.orderby", "queries.0.row_limit", "queries.1", "result_format", "result_type",
  ]);
  expect(errors!["queries.0.filters.0"][0]).toMatch(/^Unknown operator: DROP/);
});

test("a deprecated groupby replaces columns rather than adding to them (Superset's gauge sends both)", () => {
  const ctx = parseQueryContext({ datasource: { id: 1 }, queries: [{ columns: ["deal_size"], groupby: ["deal_size"], metrics: ["count"] }, { columns: ["a"], groupby: [] }] });
  expect(ctx.queries.map((q) => q.columns)).toEqual([["deal_size"], ["a"]]);
});

test("options that multiply work are bounded where the context is read: each a 400 naming its limit", () => {
  const ctx = (query: Record<string, unknown>, more: Record<string, unknown>[] = []) => ({ datasource: { id: 1 }, queries: [{ columns: ["a"], metrics: ["count"], ...query }, ...more] });
  const step = (operation: string, options: Record<string, unknown>) => ({ post_processing: [{ operation, options }] });
  expect(fieldErrors(() => parseQueryContext(ctx(step("histogram", { column: "a", bins: 10_000_000 }))))).toEqual({
    "queries.0.post_processing.0.options.bins": ["Must be at most 1,000 (the limit MAX_HISTOGRAM_BINS)."],
  });
  expect(fieldErrors(() => parseQueryContext(ctx(step("rolling", { columns: { count: "count" }, rolling_type: "sum", window: 1_000_000, min_periods: 20_000 }))))).toEqual({
    "queries.0.post_processing.0.options.window": ["Must be at most 10,000 (the limit MAX_WINDOW)."],
    "queries.0.post_processing.0.options.min_periods": ["Must be at most 10,000 (the limit MAX_WINDOW)."],
  });
  expect(fieldErrors(() => parseQueryContext(ctx(step("diff", { columns: { count: "count" }, periods: 10_001 })))))
    .toEqual({ "queries.0.post_processing.0.options.periods": ["Must be at most 10,000 (the limit MAX_WINDOW)."] });
  const many = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`m${i}`, { operator: "sum", column: "count" }]));
  expect(fieldErrors(() => parseQueryContext(ctx(step("aggregate", { groupby: ["a"], aggregates: many })))))
    .toEqual({ "queries.0.post_processing.0.options.aggregates": ["At most 500 items (the limit MAX_OPTION_ITEMS)."] });
  expect(fieldErrors(() => parseQueryContext(ctx({ post_processing: Array.from({ length: 51 }, () => ({ operation: "flatten" })) }))))
    .toEqual({ "queries.0.post_processing": ["At most 50 items (the limit MAX_POST_PROCESSING_STEPS)."] });
  // 500 offsets were 501 queries
  const offsets = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1} day ago`);
  expect(fieldErrors(() => parseQueryContext(ctx({ time_offsets: offsets(500) }))))
    .toEqual({ "queries.0.time_offsets": ["At most 10 items (the limit MAX_TIME_OFFSETS)."] });
  expect(fieldErrors(() => parseQueryContext(ctx({ time_offsets: offsets(10) }, Array.from({ length: 3 }, () => ({ columns: ["a"], time_offsets: offsets(10) }))))))
    .toEqual({ queries: ["These queries and their time offsets would run 44 database queries, more than the 40 allowed (the limit MAX_QUERY_RUNS)."] });
  // at the limits, the context is read
  expect(parseQueryContext(ctx({ time_offsets: offsets(10), ...step("histogram", { column: "a", bins: 1_000 }) })).queries[0].time_offsets).toHaveLength(10);
});
