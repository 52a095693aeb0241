import { expect, test } from "vitest";
import { parseQueryContext, type QueryObject } from "../chart-data/query-context";
import { compileQuery } from "./compile";
import type { CompileOptions, DatasetForQuery } from "./types";

const events: DatasetForQuery = {
  table_name: "events", schema: null, sql: null, main_dttm_col: "ts", metrics: [],
  columns: [{ column_name: "ts", expression: null, is_dttm: true, type: "TIMESTAMP WITHOUT TIME ZONE" }, { column_name: "kind", expression: null, is_dttm: false, type: "TEXT" }],
};
const now = new Date("2024-03-12T12:00:00Z");
const ranges: string[] = [];
const opts = (engine: CompileOptions["engine"], zone?: string): CompileOptions => ({
  engine, allowAdhocSubquery: false, maxRows: 1000,
  resolveTimeRange: (range) => {
    ranges.push(range);
    return { since: new Date("2024-03-04T00:00:00Z"), until: new Date("2024-03-11T00:00:00Z") };
  },
  ...(zone ? { zone: { name: zone, now } } : {}),
});
const query = (q: Record<string, unknown>): QueryObject => parseQueryContext({ datasource: { id: 1, type: "table" }, queries: [q] }).queries[0];
const byDay = (extra: Record<string, unknown> = {}) => query({
  columns: [{ columnType: "BASE_AXIS", sqlExpression: "ts", label: "ts", expressionType: "SQL" }], metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" }],
  extras: { time_grain_sqla: "P1D" }, time_range: "Last week", granularity: "ts", ...extra,
});

test("a UTC viewer's SQL is byte for byte the SQL without a zone, on every engine", () => {
  for (const engine of ["postgresql", "mysql", "d1"] as const) {
    const plain = compileQuery(byDay(), events, opts(engine));
    const utc = compileQuery(byDay(), events, opts(engine, "UTC"));
    expect(utc.sql).toBe(plain.sql);
    expect(utc.time_zone).toBeNull();
  }
});

test("a query that buckets nothing has the same SQL in any zone (its cache key does not split by zone)", () => {
  const raw = query({ columns: ["kind"], metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" }], time_range: "Last week", granularity: "ts" });
  for (const engine of ["postgresql", "mysql", "d1"] as const) {
    const kolkata = compileQuery(raw, events, opts(engine, "Asia/Kolkata"));
    expect(kolkata.sql).toBe(compileQuery(raw, events, opts(engine)).sql);
    expect(kolkata.time_zone).toBeNull();
  }
});

test("a zoned grain buckets in SELECT and GROUP BY alike and names the zone", () => {
  const pg = compileQuery(byDay(), events, opts("postgresql", "Asia/Kolkata"));
  const bucket = `DATE_TRUNC('day', ("ts" AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Kolkata'))`;
  expect(pg.sql).toContain(`SELECT ${bucket} AS "ts"`);
  expect(pg.sql).toContain(`GROUP BY ${bucket}`);
  expect(pg.time_zone).toBe("Asia/Kolkata");
  // the time range's bounds stay UTC instants (as the resolver gave them)
  expect(pg.sql).toContain(`"ts" >= TIMESTAMP '2024-03-04 00:00:00'`);
});

test("D1 takes the transitions of the query's own range: a week over Chicago's spring change has one", () => {
  ranges.length = 0;
  const d1 = compileQuery(byDay(), events, opts("d1", "America/Chicago"));
  expect(d1.sql).toContain(`CASE WHEN UNIXEPOCH("ts") < 1710057600 THEN '-21600 seconds' ELSE '-18000 seconds' END`);
  expect(d1.sql.match(/CASE WHEN/g)).toHaveLength(2); // SELECT and GROUP BY, one transition each
  // PostgreSQL converts by name and resolves no window
  ranges.length = 0;
  compileQuery(byDay(), events, opts("postgresql", "America/Chicago"));
  expect(ranges).toEqual(["Last week"]);
});

test("an open-ended range reaches 20 years back and a year forward; Kolkata needs no CASE at all", () => {
  const open = byDay({ time_range: null, granularity: null });
  const chicago = compileQuery(open, events, opts("d1", "America/Chicago"));
  // now is 12 March 2024: the window 2004-03-17 … 2025-03-13 holds two changes in each of 2004 (4 April, 31
  // October) … 2024, 21 years, and 2025's of 9 March: 43 transitions, in SELECT and again in GROUP BY
  expect((chicago.sql.match(/CASE WHEN/g) ?? []).length).toBe(86);
  expect(chicago.sql).toContain("UNIXEPOCH(\"ts\") < 1081065600 THEN '-21600 seconds'"); // 2004-04-04 08:00 UTC
  const kolkata = compileQuery(open, events, opts("mysql", "Asia/Kolkata"));
  expect(kolkata.sql).toContain("TIMESTAMP(DATE(DATE_ADD(`ts`, INTERVAL 19800 SECOND))) AS `ts`");
});
