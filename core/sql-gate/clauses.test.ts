import { expect, test } from "vitest";
import type { ApiError } from "../http/errors";
import { validateAdhocClause } from "./clauses";

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    return err as ApiError;
  }
  throw new Error("expected an error");
}

test("a well-formed expression comes back wrapped in parentheses", () => {
  expect(validateAdhocClause(" name = 'a;b' AND (id > 1 OR id < 0) ", "postgresql")).toBe("(name = 'a;b' AND (id > 1 OR id < 0))");
  expect(validateAdhocClause("SUM(CASE WHEN id > 1 THEN 1 ELSE 0 END)", "mysql")).toBe("(SUM(CASE WHEN id > 1 THEN 1 ELSE 0 END))");
});

test("a clause with a line comment gets a newline before the closing parenthesis", () => {
  expect(validateAdhocClause("id > 1 -- only big ones", "sqlite")).toBe("(id > 1 -- only big ones\n)");
  expect(validateAdhocClause("id > 1 # hash comment", "mysql")).toBe("(id > 1 # hash comment\n)");
});

test("a block comment needs no newline, and an unterminated one is refused", () => {
  expect(validateAdhocClause("id /* x */ > 1", "postgresql")).toBe("(id /* x */ > 1)");
  expect(errorOf(() => validateAdhocClause("id > 1 /* swallow", "postgresql")).errorType).toBe("INVALID_SQL_ERROR");
});

test("closing the surrounding parenthesis is refused with Superset's message", () => {
  const err = errorOf(() => validateAdhocClause("1 = 1) OR (1 = 1", "postgresql"));
  expect(err.message).toBe("Closing unclosed parenthesis in filter clause");
  expect(err.status).toBe(400);
  expect(errorOf(() => validateAdhocClause("(id > 1", "postgresql")).message).toBe("Unclosed parenthesis in filter clause");
});

test("a ';' anywhere outside a string is refused", () => {
  expect(errorOf(() => validateAdhocClause("id > 1; DROP TABLE t", "sqlite")).message).toBe("Clause contains multiple statements");
  expect(errorOf(() => validateAdhocClause("id > 1;", "sqlite")).message).toBe("Clause contains multiple statements");
});

test("subqueries are refused unless allowed, and a writing one is refused even then", () => {
  const err = errorOf(() => validateAdhocClause("id IN (SELECT id FROM t)", "postgresql"));
  expect(err.errorType).toBe("ADHOC_SUBQUERY_NOT_ALLOWED_ERROR");
  expect(err.message).toBe("Custom SQL fields cannot contain sub-queries.");
  expect(validateAdhocClause("id IN (SELECT id FROM t)", "postgresql", { allowSubqueries: true })).toBe("(id IN (SELECT id FROM t))");
  const write = errorOf(() => validateAdhocClause("id IN (WITH d AS (DELETE FROM t RETURNING id) SELECT id FROM d)", "postgresql", { allowSubqueries: true }));
  expect(write.errorType).toBe("DML_NOT_ALLOWED_ERROR");
});

test("writes, locking and assignments are refused in a clause", () => {
  for (const [sql, dialect] of [
    ["id = 1 FOR UPDATE", "postgresql"],
    ["@a := 1", "mysql"],
    ["nextval('s') > 0", "postgresql"],
  ] as const) {
    expect(errorOf(() => validateAdhocClause(sql, dialect)).errorType, sql).toBe("DML_NOT_ALLOWED_ERROR");
  }
});

test("denied functions are refused in a clause too", () => {
  expect(errorOf(() => validateAdhocClause("length(pg_read_file('/etc/passwd')) > 0", "postgresql")).errorType).toBe("SYNTAX_ERROR");
});

test("empty clauses and ambiguous lexing are refused", () => {
  expect(errorOf(() => validateAdhocClause("   ", "sqlite")).message).toBe("The SQL clause is empty.");
  expect(errorOf(() => validateAdhocClause("-- only a comment", "sqlite")).message).toBe("The SQL clause is empty.");
  expect(errorOf(() => validateAdhocClause("1 /*! OR 1=1 */", "mysql")).errorType).toBe("INVALID_SQL_ERROR");
});
