import { expect, test } from "vitest";
import { createTableSql, insertStatements, sqlLiteral } from "./sql";
import type { ExampleTable } from "./types";

const table: ExampleTable = {
  tableName: "t",
  description: "",
  mainDttmCol: null,
  columns: [
    { name: "a", sqlType: "INTEGER", generic: "numeric" },
    { name: "b", sqlType: "TEXT", generic: "string" },
  ],
  metrics: [],
};

test("literals are quoted for SQLite without bound parameters", () => {
  expect(sqlLiteral(null)).toBe("NULL");
  expect(sqlLiteral(true)).toBe("1");
  expect(sqlLiteral(2.5)).toBe("2.5");
  expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
  expect(() => sqlLiteral(Number.NaN)).toThrow(/non-finite/);
});

test("the table is dropped and created from its description", () => {
  expect(createTableSql(table)).toEqual(['DROP TABLE IF EXISTS "t";', 'CREATE TABLE "t" (\n  "a" INTEGER,\n  "b" TEXT\n);']);
});

test("inserts are split so no statement exceeds the byte limit and no row is lost", () => {
  const rows = Array.from({ length: 1000 }, (_, i) => [i, `name ${i} ✓`]);
  const statements = Array.from(insertStatements(table, rows, 2000));
  expect(statements.length).toBeGreaterThan(10);
  for (const s of statements) expect(new TextEncoder().encode(s).length).toBeLessThanOrEqual(2000);
  const tuples = statements.flatMap((s) => s.split("\n").slice(1));
  expect(tuples).toHaveLength(1000);
  expect(tuples[999]).toBe("(999,'name 999 ✓');");
});

test("a row with the wrong number of values is refused", () => {
  expect(() => Array.from(insertStatements(table, [[1]]))).toThrow(/1 values for 2 columns/);
});
