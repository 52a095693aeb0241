import { expect, test } from "vitest";
import { parseQueryContext } from "../chart-data/query-context";
import { getChartType } from "../charts/registry";
import type { FormData } from "../charts/contract";
import { resolveTimeRange } from "../time-range/resolve";
import { compileQuery } from "./compile";
import { applyTimeRange } from "./time-filters";
import type { CompileOptions, DatasetForQuery } from "./types";

// A dashboard's time filters reach a chart as extra_form_data (time_range, granularity_sqla, time_grain_sqla),
// merged by the chart's buildQuery; the query must then be bounded where Superset bounds it. The charts here are
// saved the way the examples are: Superset's default TEMPORAL_RANGE "No filter" on the x-axis.

const births: DatasetForQuery = {
  table_name: "birth_names", schema: null, sql: null, main_dttm_col: "ds",
  columns: [
    { column_name: "ds", expression: null, is_dttm: true, type: "DATETIME" },
    { column_name: "registered", expression: null, is_dttm: true, type: "DATETIME" },
    { column_name: "gender", expression: null, is_dttm: false, type: "TEXT" },
    { column_name: "num", expression: null, is_dttm: false, type: "INTEGER" },
  ],
  metrics: [{ metric_name: "count", expression: "COUNT(*)" }],
};

const opts: CompileOptions = {
  engine: "postgresql", allowAdhocSubquery: false, maxRows: 100_000,
  resolveTimeRange: (range) => resolveTimeRange(range, { now: new Date("2026-06-15T12:00:00Z") }),
};

const noTimeFilter = { clause: "WHERE", subject: "ds", operator: "TEMPORAL_RANGE", comparator: "No filter", expressionType: "SIMPLE" };
const line: FormData = {
  datasource: "3__table", viz_type: "echarts_timeseries_line", x_axis: "ds", time_grain_sqla: "P1Y", metrics: ["count"], groupby: ["gender"],
  adhoc_filters: [noTimeFilter], row_limit: 10_000,
};

/** What the dashboard's chart sends, as the server parses it. */
const queryOf = (formData: FormData) => parseQueryContext(getChartType(formData.viz_type)!.buildQuery(formData) as unknown as Record<string, unknown>).queries[0];
const sqlOf = (formData: FormData) => compileQuery(queryOf(formData), births, opts).sql;
const where = (sql: string) => sql.split("\n").filter((l) => /^(WHERE| {2}AND) /.test(l)).join("\n");

test("a dashboard's time range bounds the chart's x-axis, where the chart's own filter said No filter", () => {
  expect(where(sqlOf(line))).toBe("");
  const filtered = compileQuery(queryOf({ ...line, extra_form_data: { time_range: "1990-01-01 : 2000-01-01" } }), births, opts);
  expect(where(filtered.sql)).toBe(`WHERE "ds" >= TIMESTAMP '1990-01-01 00:00:00' AND "ds" < TIMESTAMP '2000-01-01 00:00:00'`);
  expect([filtered.from_dttm, filtered.to_dttm]).toEqual([Date.UTC(1990, 0, 1), Date.UTC(2000, 0, 1)]);
});

test("the dashboard's time range replaces a range the chart was saved with", () => {
  const saved = { ...line, adhoc_filters: [{ ...noTimeFilter, comparator: "1970-01-01 : 1980-01-01" }] };
  expect(where(sqlOf(saved))).toContain("TIMESTAMP '1970-01-01 00:00:00'");
  const sql = sqlOf({ ...saved, extra_form_data: { time_range: "Last year" } });
  expect(where(sql)).toBe(`WHERE "ds" >= TIMESTAMP '2025-06-15 00:00:00' AND "ds" < TIMESTAMP '2026-06-15 00:00:00'`);
});

test("a time column filter (granularity_sqla) moves the x-axis and the time range onto that column", () => {
  const q = queryOf({ ...line, extra_form_data: { granularity_sqla: "registered", time_range: "1990-01-01 : 2000-01-01" } });
  expect(q.granularity).toBe("registered");
  const applied = applyTimeRange(q, births);
  expect(applied.filters.filter((f) => f.op === "TEMPORAL_RANGE")).toEqual([]);
  expect(applied.columns[0]).toMatchObject({ sqlExpression: "registered", label: "registered", columnType: "BASE_AXIS" });
  expect(applied.post_processing.find((p) => p.operation === "pivot")?.options?.index).toEqual(["registered"]);
  const sql = compileQuery(q, births, opts).sql;
  expect(sql).toContain(`DATE_TRUNC('year', "registered") AS "registered"`);
  expect(where(sql)).toBe(`WHERE "registered" >= TIMESTAMP '1990-01-01 00:00:00' AND "registered" < TIMESTAMP '2000-01-01 00:00:00'`);
});

test("a time column filter alone keeps the range the chart's x-axis filter had, on the new column", () => {
  const saved = { ...line, adhoc_filters: [{ ...noTimeFilter, comparator: "1970-01-01 : 1980-01-01" }], extra_form_data: { granularity_sqla: "registered" } };
  expect(where(sqlOf(saved))).toBe(`WHERE "registered" >= TIMESTAMP '1970-01-01 00:00:00' AND "registered" < TIMESTAMP '1980-01-01 00:00:00'`);
});

test("a time grain filter (time_grain_sqla) buckets the x-axis by that grain", () => {
  expect(sqlOf(line)).toContain(`DATE_TRUNC('year', "ds") AS "ds"`);
  const q = queryOf({ ...line, extra_form_data: { time_grain_sqla: "P1M", time_range: "1990-01-01 : 2000-01-01" } });
  expect(q.extras.time_grain_sqla).toBe("P1M");
  const sql = compileQuery(q, births, opts).sql;
  expect(sql).toContain(`DATE_TRUNC('month', "ds") AS "ds"`);
  expect(where(sql)).toContain(`"ds" >= TIMESTAMP '1990-01-01 00:00:00'`);
});

test("a chart without an x-axis (a table) is bounded through its TEMPORAL_RANGE filter; a legacy one through its granularity", () => {
  const table = { datasource: "3__table", viz_type: "table", query_mode: "aggregate", groupby: ["gender"], metrics: ["count"], adhoc_filters: [noTimeFilter] };
  expect(where(sqlOf({ ...table, extra_form_data: { time_range: "1990-01-01 : 2000-01-01" } }))).toBe(`WHERE "ds" >= TIMESTAMP '1990-01-01 00:00:00' AND "ds" < TIMESTAMP '2000-01-01 00:00:00'`);
  const legacy = parseQueryContext({ datasource: { id: 3 }, queries: [{ granularity_sqla: "ds", time_range: "1990-01-01 : 2000-01-01", filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "No filter" }], columns: ["gender"], metrics: ["count"] }] }).queries[0];
  expect(where(compileQuery(legacy, births, opts).sql)).toBe(`WHERE "ds" >= TIMESTAMP '1990-01-01 00:00:00' AND "ds" < TIMESTAMP '2000-01-01 00:00:00'`);
});

test("other filters of the data mask are kept beside the time range", () => {
  const sql = sqlOf({ ...line, extra_form_data: { time_range: "1990-01-01 : 2000-01-01", filters: [{ col: "gender", op: "IN", val: ["girl"] }] } });
  expect(where(sql)).toBe(`WHERE ("gender" IN ('girl'))\n  AND "ds" >= TIMESTAMP '1990-01-01 00:00:00' AND "ds" < TIMESTAMP '2000-01-01 00:00:00'`);
});
