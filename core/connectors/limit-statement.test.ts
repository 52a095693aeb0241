import { expect, test } from "vitest";
import { wrapWithLimit } from "./limit-statement";

test("wrapWithLimit appends a LIMIT to a query without one, dropping the trailing semicolon and comment", () => {
  expect(wrapWithLimit("SELECT * FROM t;", 100, "postgresql")).toBe("SELECT * FROM t\nLIMIT 100");
  expect(wrapWithLimit("SELECT * FROM t -- all of it", 10, "sqlite")).toBe("SELECT * FROM t\nLIMIT 10");
  expect(wrapWithLimit("WITH x AS (SELECT 1 LIMIT 5) SELECT * FROM x", 7, "mysql")).toBe("WITH x AS (SELECT 1 LIMIT 5) SELECT * FROM x\nLIMIT 7");
});

test("wrapWithLimit keeps the smaller of the query's LIMIT and the requested one", () => {
  expect(wrapWithLimit("SELECT * FROM t LIMIT 10", 100, "postgresql")).toBe("SELECT * FROM t LIMIT 10");
  expect(wrapWithLimit("SELECT * FROM t LIMIT 1000 OFFSET 5", 100, "postgresql")).toBe("SELECT * FROM t LIMIT 100 OFFSET 5");
  expect(wrapWithLimit("SELECT * FROM t LIMIT 5, 1000", 100, "mysql")).toBe("SELECT * FROM t LIMIT 5, 100");
  expect(wrapWithLimit("select 'limit 1' from t limit 500;", 20, "sqlite")).toBe("select 'limit 1' from t limit 20");
});

test("wrapWithLimit wraps a query whose limit is not a literal", () => {
  expect(wrapWithLimit("SELECT * FROM t LIMIT ALL", 5, "postgresql")).toBe("SELECT * FROM (\nSELECT * FROM t LIMIT ALL\n) AS inner_qry\nLIMIT 5");
  expect(wrapWithLimit("SELECT * FROM t FETCH FIRST 50 ROWS ONLY", 5, "postgresql")).toContain("AS inner_qry\nLIMIT 5");
});

test("wrapWithLimit leaves statements that are not queries alone", () => {
  expect(wrapWithLimit("SHOW TABLES", 5, "mysql")).toBe("SHOW TABLES");
  expect(wrapWithLimit("PRAGMA table_info(t)", 5, "sqlite")).toBe("PRAGMA table_info(t)");
  expect(wrapWithLimit("EXPLAIN SELECT 1", 5, "postgresql")).toBe("EXPLAIN SELECT 1");
});

test("wrapWithLimit reads strings as the SQL gate does: a LIMIT inside an escaped string is not the statement's", () => {
  // PostgreSQL's E'' strings escape with a backslash; a lexer without them saw `LIMIT 3` at the top level here
  expect(wrapWithLimit("SELECT E'it\\'s LIMIT 3' FROM t", 10, "postgresql")).toBe("SELECT E'it\\'s LIMIT 3' FROM t\nLIMIT 10");
  expect(wrapWithLimit("SELECT $q$ LIMIT 3 $q$ FROM t LIMIT 50 -- trailing", 10, "postgresql")).toBe("SELECT $q$ LIMIT 3 $q$ FROM t LIMIT 10");
});

test("wrapWithLimit wraps text the gate's lexer refuses whole, so the limit is never dropped", () => {
  expect(wrapWithLimit("SELECT 'unterminated", 5, "sqlite")).toBe("SELECT * FROM (\nSELECT 'unterminated\n) AS inner_qry\nLIMIT 5");
});
