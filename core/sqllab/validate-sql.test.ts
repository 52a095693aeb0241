import { expect, test } from "vitest";
import { ApiError } from "../http/errors";
import { annotate, gateAnnotation, isExplainable, requireValidator, statementOffsets } from "./validate-sql";

test("the three engines have a validator; any other engine is Superset's 400", () => {
  for (const engine of ["d1", "postgresql", "mysql"]) expect(() => requireValidator(engine)).not.toThrow();
  expect(() => requireValidator("presto")).toThrow(expect.objectContaining({ status: 400, message: "no SQL validator is configured for presto" }));
});

test("statements EXPLAIN can plan are told from the ones it cannot, past comments and parentheses", () => {
  expect(isExplainable("SELECT 1")).toBe(true);
  expect(isExplainable("-- note\n/* x */ (with t as (select 1) select * from t)")).toBe(true);
  expect(isExplainable("delete from t")).toBe(true);
  expect(isExplainable("SHOW TABLES")).toBe(false);
  expect(isExplainable("PRAGMA table_info(t)")).toBe(false);
});

test("statement offsets follow the statements through the script, repeated text included", () => {
  const script = "SELECT 1;\nSELECT 1;\n  SELECT 2";
  expect(statementOffsets(script, ["SELECT 1", "SELECT 1", "SELECT 2"])).toEqual([0, 10, 22]);
});

test("PostgreSQL's and SQLite's `near \"X\"` point at X, on the right line of the script", () => {
  const script = "SELECT 1;\nSELECT name\nFORM birth_names";
  const statement = "SELECT name\nFORM birth_names";
  const offset = script.indexOf(statement);
  expect(annotate(script, offset, statement, 'syntax error at or near "FORM"')).toEqual({ line_number: 3, start_column: 1, end_column: 4, message: 'syntax error at or near "FORM"' });
  expect(annotate(script, offset, statement, 'near "birth_names": syntax error')).toMatchObject({ line_number: 3, start_column: 6, end_column: 16 });
});

test("MariaDB's `near '…' at line N` points at the first word it quotes, searched from line N", () => {
  const statement = "SELECT a,\n  b FORM t";
  const message = "You have an error in your SQL syntax; check the manual … near 'FORM t' at line 2";
  expect(annotate(statement, 0, statement, message)).toMatchObject({ line_number: 2, start_column: 5, end_column: 8 });
});

test("a missing name is found as a whole word, also when the engine qualifies it with its schema", () => {
  const statement = "select t from nosuch";
  expect(annotate(statement, 0, statement, 'relation "nosuch" does not exist')).toMatchObject({ start_column: 15, end_column: 20 });
  expect(annotate(statement, 0, statement, "Table 'test.nosuch' doesn't exist")).toMatchObject({ start_column: 15, end_column: 20 });
  expect(annotate(statement, 0, statement, "no such table: nosuch")).toMatchObject({ start_column: 15, end_column: 20 });
  // "t" is not found inside "select": the column reference is the whole word
  expect(annotate(statement, 0, statement, 'column "t" does not exist')).toMatchObject({ start_column: 8, end_column: 8 });
});

test("a message quoting nothing found in the statement marks the statement's first line", () => {
  expect(annotate("x;\nSELECT 1/0\nFROM t", 3, "SELECT 1/0\nFROM t", "division by zero")).toEqual({ line_number: 2, start_column: 1, end_column: 10, message: "division by zero" });
});

test("gate refusals are placed at the gate's position, a denied function, or the first line", () => {
  const parse = new ApiError(422, "Error parsing near 'SELEC' at line 2:1", "INVALID_SQL_ERROR", { line: 2, column: 1, highlight: "SELEC" });
  expect(gateAnnotation("-- a\nSELEC 1", parse)).toEqual({ line_number: 2, start_column: 1, end_column: 5, message: parse.message });
  const denied = new ApiError(400, "SQL statement contains disallowed function(s): load_extension", "SYNTAX_ERROR", { disallowed_functions: ["load_extension"] });
  expect(gateAnnotation("SELECT 1,\n  LOAD_EXTENSION('x')", denied)).toMatchObject({ line_number: 2, start_column: 3, end_column: 16 });
  const dml = new ApiError(400, "Only SELECT statements are allowed against this database.", "DML_NOT_ALLOWED_ERROR");
  expect(gateAnnotation("DELETE FROM t\n", dml)).toEqual({ line_number: 1, start_column: 1, end_column: 13, message: dml.message });
});
