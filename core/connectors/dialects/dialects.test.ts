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
