import { expect, test } from "vitest";
import { parseQueryContext, type QueryObject } from "../chart-data/query-context";
import { compileQuery } from "./compile";
import type { CompileOptions, DatasetForQuery } from "./types";

const births: DatasetForQuery = {
  table_name: "birth_names",
  schema: null,
  sql: null,
  main_dttm_col: "ds",
  columns: [
    { column_name: "ds", expression: null, is_dttm: true, type: "DATETIME" },
    { column_name: "gender", expression: null, is_dttm: false, type: "TEXT" },
    { column_name: "state", expression: null, is_dttm: false, type: "TEXT" },
    { column_name: "num", expression: null, is_dttm: false, type: "INTEGER" },
    { column_name: "num_x2", expression: "num * 2", is_dttm: false, type: "INTEGER" },
  ],
  metrics: [{ metric_name: "count", expression: "COUNT(*)" }, { metric_name: "sum__num", expression: "SUM(num)" }],
};

const opts = (engine: CompileOptions["engine"], extra: Partial<CompileOptions> = {}): CompileOptions => ({
  engine,
  allowAdhocSubquery: false,
  maxRows: 100_000,
  resolveTimeRange: () => ({ since: new Date("2000-01-01T00:00:00Z"), until: new Date("2001-01-01T00:00:00Z") }),
  ...extra,
});

const query = (q: Record<string, unknown>): QueryObject => parseQueryContext({ datasource: { id: 1, type: "table" }, queries: [q] }).queries[0];

const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e as { status: number; errorType: string; message: string };
  }
  throw new Error("expected an error");
};

test("a grouped query with saved and adhoc metrics, filters, order and limit (PostgreSQL)", () => {
  const compiled = compileQuery(query({
    columns: ["gender"],
    metrics: ["count", { expressionType: "SIMPLE", column: { column_name: "num" }, aggregate: "SUM" }],
    filters: [{ col: "state", op: "IN", val: ["CA", "NY"] }, { col: "num", op: ">", val: "10" }],
    orderby: [["count", false]],
    row_limit: 10,
  }), births, opts("postgresql"));
  expect(compiled.sql).toBe([
    'SELECT "gender" AS "gender",',
    '       (COUNT(*)) AS "count",',
    '       SUM("num") AS "SUM(num)"',
    'FROM "birth_names"',
    `WHERE ("state" IN ('CA', 'NY'))`,
    '  AND "num" > 10',
    'GROUP BY "gender"',
    "ORDER BY (COUNT(*)) DESC",
    "LIMIT 10",
  ].join("\n"));
  expect(compiled.labels).toEqual(["gender", "count", "SUM(num)"]);
  expect(compiled.applied_filters).toEqual([{ column: "state" }, { column: "num" }]);
});

test("the x-axis with a time grain, the time range on it, and a top-N series limit joined in (SQLite)", () => {
  const compiled = compileQuery(query({
    columns: [{ columnType: "BASE_AXIS", sqlExpression: "ds", label: "ds", timeGrain: "P1Y", expressionType: "SQL" }, "state"],
    metrics: ["count"],
    granularity: "ds",
    time_range: "2000-01-01 : 2001-01-01",
    series_columns: ["state"],
    series_limit: 2,
    series_limit_metric: "sum__num",
  }), births, opts("d1"));
  expect(compiled.sql).toContain(`DATETIME("ds", 'start of year') AS "ds"`);
  expect(compiled.sql).toContain(`WHERE "ds" >= '2000-01-01 00:00:00' AND "ds" < '2001-01-01 00:00:00'`);
  expect(compiled.sql).toContain(`JOIN (\n  SELECT "state" AS "__series_0"\n  FROM "birth_names"\n  WHERE "ds" >= '2000-01-01 00:00:00' AND "ds" < '2001-01-01 00:00:00'\n  GROUP BY "state"\n  ORDER BY (SUM(num)) DESC\n  LIMIT 2\n) AS series_limit ON "state" = series_limit."__series_0"`);
  expect(compiled.from_dttm).toBe(Date.UTC(2000, 0, 1));
});

test("a categorical x-axis sent as BASE_AXIS with a grain is left as it is (bar by state, heatmap categories)", () => {
  const compiled = compileQuery(query({
    columns: [{ columnType: "BASE_AXIS", sqlExpression: "state", label: "state", timeGrain: "P1D", expressionType: "SQL", isColumnReference: true }],
    metrics: ["count"],
  }), births, opts("d1"));
  expect(compiled.sql).toContain(`SELECT "state" AS "state"`);
  expect(compiled.sql).toContain(`GROUP BY "state"`);
});

test("time_grain_sqla in extras buckets the x-axis only, never a series column named beside it", () => {
  // what the timeseries plugins' buildQuery sends: the grain in extras and on the axis, the series by name
  const compiled = compileQuery(query({
    columns: [{ columnType: "BASE_AXIS", sqlExpression: "ds", label: "ds", timeGrain: "P1Y", expressionType: "SQL" }, "state"],
    extras: { time_grain_sqla: "P1Y" }, metrics: ["count"], series_columns: ["state"], series_limit: 3,
  }), births, opts("postgresql"));
  expect(compiled.sql).toContain(`DATE_TRUNC('year', "ds") AS "ds",\n       "state" AS "state"`);
  expect(compiled.sql).toContain(`SELECT "state" AS "__series_0"`);
  expect(compiled.sql).not.toMatch(/DATE_TRUNC\('year', "state"\)/i);
});

test("the query's grain (extras.time_grain_sqla) leaves a dimension beside the x-axis as it is (bar by year and gender)", () => {
  const compiled = compileQuery(query({
    columns: [{ columnType: "BASE_AXIS", sqlExpression: "ds", label: "ds", timeGrain: "P1Y", expressionType: "SQL", isColumnReference: true }, "gender"],
    metrics: ["count"],
    extras: { time_grain_sqla: "P1Y" },
  }), births, opts("d1"));
  expect(compiled.sql).toContain(`DATETIME("ds", 'start of year') AS "ds"`);
  expect(compiled.sql).toContain(`"gender" AS "gender"`);
  expect(compiled.sql).not.toContain(`DATETIME("gender"`);
});

test("every filter operator, per engine", () => {
  const ops = [
    { col: "gender", op: "==", val: "boy" }, { col: "gender", op: "!=", val: null }, { col: "state", op: "NOT IN", val: ["CA", null] },
    { col: "state", op: "LIKE", val: "N%" }, { col: "state", op: "NOT LIKE", val: "T%" }, { col: "state", op: "ILIKE", val: "n%" },
    { col: "num", op: "IS NOT NULL" }, { col: "num", op: "IS NULL" }, { col: "num", op: "<=", val: 5 }, { col: "ds", op: "TEMPORAL_RANGE", val: "Last year" },
  ];
  const where = (engine: CompileOptions["engine"]) => compileQuery(query({ columns: ["state"], filters: ops }), births, opts(engine)).sql.split("WHERE ")[1].split("\nLIMIT")[0];
  expect(where("mysql")).toBe([
    `"gender" = 'boy'`, `"gender" IS NOT NULL`, `(NOT "state" IN ('CA') AND "state" IS NOT NULL)`, `"state" LIKE 'N%'`, `"state" NOT LIKE 'T%'`,
    `LOWER("state") LIKE LOWER('n%')`, `"num" IS NOT NULL`, `"num" IS NULL`, `"num" <= 5`, `"ds" >= '2000-01-01 00:00:00' AND "ds" < '2001-01-01 00:00:00'`,
  ].join("\n  AND ").replace(/"/g, "`"));
  expect(where("postgresql")).toContain(`"state" ILIKE 'n%'`);
  expect(where("postgresql")).toContain(`"ds" >= TIMESTAMP '2000-01-01 00:00:00'`);
  expect(compileQuery(query({ columns: ["state"], filters: [{ col: "state", op: "REGEX", val: "^N" }] }), births, opts("postgresql")).sql).toContain(`"state" ~ '^N'`);
  expect(compileQuery(query({ columns: ["state"], filters: [{ col: "state", op: "REGEX", val: "^N" }] }), births, opts("mysql")).sql).toContain("`state` REGEXP '^N'");
  expect(errorOf(() => compileQuery(query({ columns: ["state"], filters: [{ col: "state", op: "REGEX", val: "^N" }] }), births, opts("d1"))).status).toBe(400);
  expect(compileQuery(query({ columns: ["state"], filters: [{ col: "state", op: "IN", val: [] }] }), births, opts("d1")).sql).toContain("WHERE 1 = 0");
});

test("values are literals: quotes doubled, MySQL backslashes doubled, NUL refused", () => {
  const hostile = "x' OR '1'='1'; DROP TABLE birth_names; --\\";
  const pg = compileQuery(query({ columns: ["state"], filters: [{ col: "state", op: "==", val: hostile }] }), births, opts("postgresql")).sql;
  expect(pg).toContain(`"state" = 'x'' OR ''1''=''1''; DROP TABLE birth_names; --\\'`);
  const my = compileQuery(query({ columns: ["state"], filters: [{ col: "state", op: "==", val: hostile }] }), births, opts("mysql")).sql;
  expect(my).toContain("`state` = 'x'' OR ''1''=''1''; DROP TABLE birth_names; --\\\\'");
  expect(errorOf(() => compileQuery(query({ columns: ["state"], filters: [{ col: "state", op: "==", val: "a\u0000b" }] }), births, opts("d1"))).status).toBe(400);
});

test("names from the request never become raw SQL: unknown columns and metrics are Superset's errors; labels are quoted", () => {
  const missing = errorOf(() => compileQuery(query({ columns: ["gender", "nope", 'x" FROM ab_user --'] }), births, opts("d1")));
  expect(missing).toMatchObject({ status: 400, errorType: "COLUMN_DOES_NOT_EXIST_ERROR", message: `Columns missing in dataset: ['nope', 'x" FROM ab_user --']` });
  expect(errorOf(() => compileQuery(query({ metrics: ["nope"] }), births, opts("d1"))).message).toBe("Metric 'nope' does not exist");
  const labelled = compileQuery(query({ metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: 'n" FROM ab_user --' }] }), births, opts("d1")).sql;
  expect(labelled).toContain(`AS "n"" FROM ab_user --"`);
  // a filter on a column the dataset does not have is rejected, not an error
  const rejected = compileQuery(query({ columns: ["state"], filters: [{ col: "country", op: "==", val: "FR" }] }), births, opts("d1"));
  expect(rejected.rejected_filters).toEqual([{ column: "country", reason: "not_in_datasource" }]);
  expect(rejected.sql).not.toContain("country");
});

test("adhoc SQL goes through the gate: one expression, no writes, no subqueries unless allowed, line comments wrapped", () => {
  const clause = (sql: string, engine: CompileOptions["engine"] = "postgresql", allow = false) =>
    compileQuery(query({ columns: ["state"], metrics: ["count"], extras: { where: sql } }), births, opts(engine, { allowAdhocSubquery: allow })).sql;
  expect(clause("num > 1 -- trailing comment")).toContain("WHERE (num > 1 -- trailing comment\n)");
  expect(errorOf(() => clause("1=1; DROP TABLE birth_names")).status).toBe(400);
  expect(errorOf(() => clause("1=1) OR (1=1")).status).toBe(400);
  expect(errorOf(() => clause("num IN (SELECT 1)"))).toMatchObject({ errorType: "ADHOC_SUBQUERY_NOT_ALLOWED_ERROR", message: "Custom SQL fields cannot contain sub-queries." });
  expect(clause("num IN (SELECT 1)", "postgresql", true)).toContain("(num IN (SELECT 1))");
  expect(errorOf(() => clause("pg_read_file('/etc/passwd') IS NOT NULL")).message).toMatch(/disallowed function/);
  expect(errorOf(() => compileQuery(query({ metrics: [{ expressionType: "SQL", sqlExpression: "SUM(num)) FROM x; --" }] }), births, opts("d1"))).status).toBe(400);
});

test("a virtual dataset is a subquery; calculated columns are their expression; duplicate labels are refused", () => {
  const virtual = { ...births, sql: "SELECT * FROM birth_names WHERE num > 0;" };
  const compiled = compileQuery(query({ columns: ["num_x2"], metrics: ["count"] }), virtual, opts("d1"));
  expect(compiled.sql).toContain('FROM (\nSELECT * FROM birth_names WHERE num > 0\n) AS virtual_table');
  expect(compiled.sql).toContain('(num * 2) AS "num_x2"');
  expect(errorOf(() => compileQuery(query({ columns: ["state"], metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "state" }] }), births, opts("d1"))).message).toMatch(/Duplicate column\/metric labels: 'state'/);
});

test("raw (unaggregated) queries, offsets and the row cap", () => {
  const raw = compileQuery(query({ columns: ["state", "num"], row_limit: 500_000, row_offset: 20, orderby: [["num", true]] }), births, opts("d1", { maxRows: 1000 }));
  expect(raw.sql).toBe('SELECT "state" AS "state",\n       "num" AS "num"\nFROM "birth_names"\nORDER BY "num" ASC\nLIMIT 1000\nOFFSET 20');
  const legacy = compileQuery(query({ is_timeseries: true, granularity: "ds", extras: { time_grain_sqla: "P1M" }, metrics: ["count"] }), births, opts("postgresql"));
  expect(legacy.labels).toEqual(["__timestamp", "count"]);
  expect(legacy.sql).toContain(`AS "__timestamp"`);
});

test("a raw query lists the granularity column unbucketed; a grouped one buckets it by the grain", () => {
  // Superset's example "Games" table (raw mode, granularity_sqla year, time_grain_sqla P1D, year a BIGINT)
  const base = { columns: ["state", "ds"], granularity: "ds", extras: { time_grain_sqla: "P1D" } };
  const raw = compileQuery(query(base), births, opts("postgresql"));
  expect(raw.sql).toMatch(/^SELECT "state" AS "state",\n {7}"ds" AS "ds"\nFROM/);
  expect(raw.sql).not.toContain("DATE_TRUNC");
  const grouped = compileQuery(query({ ...base, metrics: ["count"] }), births, opts("postgresql"));
  expect(grouped.sql).toMatch(/DATE_TRUNC\('day', "ds"\) AS "ds"/i);
});

test("deprecated query fields change the SQL as their current names do", () => {
  const current = compileQuery(query({ columns: ["state"], metrics: ["count"], series_columns: ["state"], series_limit: 3, series_limit_metric: "sum__num", granularity: "ds", time_range: "Last year", extras: { where: "num > 1", having: "COUNT(*) > 2" } }), births, opts("postgresql"));
  // Superset's explore client sends series_limit 0 beside the legacy timeseries_limit: the legacy limit holds
  const legacy = compileQuery(query({ groupby: ["state"], metrics: ["count"], series_columns: ["state"], series_limit: 0, timeseries_limit: 3, timeseries_limit_metric: "sum__num", granularity_sqla: "ds", time_range: "Last year", where: "num > 1", having: "COUNT(*) > 2" }), births, opts("postgresql"));
  expect(legacy.sql).toBe(current.sql);
  expect(legacy.sql).toContain(`ORDER BY (SUM(num)) DESC\n  LIMIT 3\n) AS series_limit`);
  expect(legacy.sql).toContain(`WHERE "ds" >= TIMESTAMP '2000-01-01 00:00:00' AND "ds" < TIMESTAMP '2001-01-01 00:00:00'\n  AND (num > 1)`);
  expect(legacy.sql).toContain("HAVING (COUNT(*) > 2)");
});
