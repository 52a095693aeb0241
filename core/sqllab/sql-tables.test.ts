import { expect, test } from "vitest";
import { sqlTables } from "./sql-tables";

test("tables after FROM and JOIN, with schema and catalog, without CTEs and subqueries", () => {
  const sql = `WITH c AS (SELECT 1) SELECT * FROM public."Birth Names", b AS bb JOIN x.y z ON 1=1
    LEFT OUTER JOIN (SELECT * FROM q) s ON true, c`;
  expect(sqlTables(sql, "postgresql")).toEqual([
    { table: "Birth Names", schema: "public", catalog: null },
    { table: "b", schema: null, catalog: null },
    { table: "y", schema: "x", catalog: null },
    { table: "q", schema: null, catalog: null },
  ]);
});

test("MySQL backticks, a three-part name, repeats listed once, text with no table", () => {
  expect(sqlTables("SELECT * FROM `db`.`t` JOIN cat.s.u ON 1 JOIN `db`.`t` ON 1", "mysql")).toEqual([
    { table: "t", schema: "db", catalog: null },
    { table: "u", schema: "s", catalog: "cat" },
  ]);
  expect(sqlTables("SELECT 1", "sqlite")).toEqual([]);
  expect(sqlTables("SELECT 'FROM x'", "sqlite")).toEqual([]);
});
