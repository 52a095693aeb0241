import { expect, test } from "vitest";
import { GenericType } from "../types";
import { dialectFor, TIME_GRAINS } from "./index";

const pg = dialectFor("postgresql");
const my = dialectFor("mysql");
const lite = dialectFor("d1");

test("dialectFor knows the three engines and refuses others", () => {
  expect(dialectFor("sqlite")).toBe(lite);
  expect(() => dialectFor("oracle")).toThrow("Unknown database engine: oracle");
});

test("identifiers are quoted with each engine's quote and embedded quotes doubled", () => {
  expect(pg.quoteIdentifier('we"ird')).toBe('"we""ird"');
  expect(lite.quoteIdentifier("name")).toBe('"name"');
  expect(my.quoteIdentifier("we`ird")).toBe("`we``ird`");
  expect(pg.qualifiedTable("t", "s")).toBe('"s"."t"');
  expect(lite.qualifiedTable("t", "main")).toBe('"t"');
});

test("wrapWithLimit appends a LIMIT to a query without one, dropping the trailing semicolon and comment", () => {
  expect(pg.wrapWithLimit("SELECT * FROM t;", 100)).toBe("SELECT * FROM t\nLIMIT 100");
  expect(lite.wrapWithLimit("SELECT * FROM t -- all of it", 10)).toBe("SELECT * FROM t\nLIMIT 10");
  expect(my.wrapWithLimit("WITH x AS (SELECT 1 LIMIT 5) SELECT * FROM x", 7)).toBe("WITH x AS (SELECT 1 LIMIT 5) SELECT * FROM x\nLIMIT 7");
});

test("wrapWithLimit keeps the smaller of the query's LIMIT and the requested one", () => {
  expect(pg.wrapWithLimit("SELECT * FROM t LIMIT 10", 100)).toBe("SELECT * FROM t LIMIT 10");
  expect(pg.wrapWithLimit("SELECT * FROM t LIMIT 1000 OFFSET 5", 100)).toBe("SELECT * FROM t LIMIT 100 OFFSET 5");
  expect(my.wrapWithLimit("SELECT * FROM t LIMIT 5, 1000", 100)).toBe("SELECT * FROM t LIMIT 5, 100");
  expect(lite.wrapWithLimit("select 'limit 1' from t limit 500;", 20)).toBe("select 'limit 1' from t limit 20");
});

test("wrapWithLimit wraps a query whose limit is not a literal", () => {
  expect(pg.wrapWithLimit("SELECT * FROM t LIMIT ALL", 5)).toBe("SELECT * FROM (\nSELECT * FROM t LIMIT ALL\n) AS inner_qry\nLIMIT 5");
  expect(pg.wrapWithLimit("SELECT * FROM t FETCH FIRST 50 ROWS ONLY", 5)).toContain("AS inner_qry\nLIMIT 5");
});

test("wrapWithLimit leaves statements that are not queries alone", () => {
  expect(my.wrapWithLimit("SHOW TABLES", 5)).toBe("SHOW TABLES");
  expect(lite.wrapWithLimit("PRAGMA table_info(t)", 5)).toBe("PRAGMA table_info(t)");
  expect(pg.wrapWithLimit("EXPLAIN SELECT 1", 5)).toBe("EXPLAIN SELECT 1");
});

test("selectStar lists the columns quoted, with the limit", () => {
  expect(pg.selectStar("birth names", "public", ["name", "ds"], 100)).toBe('SELECT "name",\n       "ds"\nFROM "public"."birth names"\nLIMIT 100');
  expect(my.selectStar("t", null, [], 5)).toBe("SELECT *\nFROM `t`\nLIMIT 5");
});

test("every dialect has an expression for every time grain and refuses unknown grains", () => {
  for (const d of [pg, my, lite]) {
    for (const grain of TIME_GRAINS) expect(d.timeGrainExpression("ds", grain)).toContain("ds");
    expect(() => d.timeGrainExpression("ds", "PT2S")).toThrow("Unknown time grain: PT2S");
  }
});

test("time grain SQL text per engine", () => {
  expect(pg.timeGrainExpression("ds", "P1M")).toBe("DATE_TRUNC('month', ds)");
  expect(pg.timeGrainExpression("ds", "1969-12-28T00:00:00Z/P1W")).toBe("DATE_TRUNC('week', ds + INTERVAL '1 day') - INTERVAL '1 day'");
  expect(pg.timeGrainExpression("ds", "P1W/1970-01-03T00:00:00Z")).toBe("DATE_TRUNC('week', ds + INTERVAL '1 day') + INTERVAL '5 days'");
  expect(my.timeGrainExpression("ds", "P1Y")).toBe("TIMESTAMP(MAKEDATE(YEAR(ds), 1))");
  expect(my.timeGrainExpression("ds", "PT5M")).toBe("TIMESTAMP(DATE(ds), SEC_TO_TIME(FLOOR(TIME_TO_SEC(TIME(ds)) / 300) * 300))");
  expect(lite.timeGrainExpression("ds", "P1D")).toBe("DATETIME(ds, 'start of day')");
  expect(lite.timeGrainExpression("ds", "P1M")).toBe("DATETIME(ds, 'start of month')");
});

test("native types map to Superset's generic types", () => {
  const cases: [string, GenericType][] = [
    ["INTEGER", GenericType.NUMERIC], ["bigint", GenericType.NUMERIC], ["numeric(10,2)", GenericType.NUMERIC],
    ["double precision", GenericType.NUMERIC], ["DECIMAL(5,1) UNSIGNED", GenericType.NUMERIC], ["REAL", GenericType.NUMERIC],
    ["boolean", GenericType.BOOLEAN], ["TINYINT(1)", GenericType.BOOLEAN], ["tinyint(4)", GenericType.NUMERIC],
    ["timestamp without time zone", GenericType.TEMPORAL], ["timestamp with time zone", GenericType.TEMPORAL],
    ["DATETIME", GenericType.TEMPORAL], ["date", GenericType.TEMPORAL], ["TIME", GenericType.TEMPORAL],
    ["character varying(255)", GenericType.STRING], ["TEXT", GenericType.STRING], ["jsonb", GenericType.STRING],
    ["interval", GenericType.STRING], ["", GenericType.STRING],
  ];
  for (const [native, generic] of cases) expect([native, pg.genericType(native)]).toEqual([native, generic]);
  expect(lite.genericType(null)).toBe(GenericType.STRING);
});

test("wrapWithLimit reads strings as the SQL gate does: a LIMIT inside an escaped string is not the statement's", () => {
  // PostgreSQL's E'' strings escape with a backslash; a lexer without them saw `LIMIT 3` at the top level here
  expect(pg.wrapWithLimit("SELECT E'it\\'s LIMIT 3' FROM t", 10)).toBe("SELECT E'it\\'s LIMIT 3' FROM t\nLIMIT 10");
  expect(pg.wrapWithLimit("SELECT $q$ LIMIT 3 $q$ FROM t LIMIT 50 -- trailing", 10)).toBe("SELECT $q$ LIMIT 3 $q$ FROM t LIMIT 10");
});

test("wrapWithLimit wraps text the gate's lexer refuses whole, so the limit is never dropped", () => {
  expect(lite.wrapWithLimit("SELECT 'unterminated", 5)).toBe("SELECT * FROM (\nSELECT 'unterminated\n) AS inner_qry\nLIMIT 5");
});
