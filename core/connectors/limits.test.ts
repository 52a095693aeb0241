import { expect, test } from "vitest";
import { ApiError } from "../http/errors";
import { checkStatementSize, defaultLimit, effectiveLimit, limitingFactor, maxRow, sqlLimitOf, syncTimeoutMs } from "./limits";

test("limits come from wrangler vars with Superset's defaults", () => {
  expect(defaultLimit({})).toBe(1000);
  expect(maxRow({})).toBe(100000);
  expect(syncTimeoutMs({})).toBe(30000);
  expect(defaultLimit({ DEFAULT_SQLLAB_LIMIT: "500", SQL_MAX_ROW: "200" })).toBe(200);
  expect(maxRow({ SQL_MAX_ROW: "nonsense" })).toBe(100000);
  expect(syncTimeoutMs({ SQLLAB_TIMEOUT_SECONDS: "5" })).toBe(5000);
});

test("effectiveLimit uses the default when none is asked and caps at SQL_MAX_ROW", () => {
  expect(effectiveLimit(undefined, {})).toBe(1000);
  expect(effectiveLimit(0, {})).toBe(1000);
  expect(effectiveLimit(50, {})).toBe(50);
  expect(effectiveLimit(10_000_000, {})).toBe(100000);
  expect(() => effectiveLimit(-1, {})).toThrow(ApiError);
  expect(() => effectiveLimit("ten", {})).toThrow("queryLimit");
});

test("statements over the size cap are refused with 413", () => {
  expect(() => checkStatementSize("SELECT 1", 100)).not.toThrow();
  try {
    checkStatementSize("SELECT '" + "x".repeat(200) + "'", 100);
    expect.unreachable();
  } catch (e) {
    expect((e as ApiError).status).toBe(413);
  }
});

test("limitingFactor: the dropdown cut the result", () => {
  expect(limitingFactor({ sqlLimit: null, requestedLimit: 100, rowCount: 100, truncated: true })).toBe("DROPDOWN");
  expect(limitingFactor({ sqlLimit: 5000, requestedLimit: 100, rowCount: 100, truncated: true })).toBe("DROPDOWN");
});

test("limitingFactor: the query's own LIMIT cut the result", () => {
  expect(limitingFactor({ sqlLimit: 10, requestedLimit: 100, rowCount: 10, truncated: false })).toBe("QUERY");
  expect(limitingFactor({ sqlLimit: 100, requestedLimit: 100, rowCount: 100, truncated: false })).toBe("QUERY_AND_DROPDOWN");
});

test("limitingFactor: nothing was cut", () => {
  expect(limitingFactor({ sqlLimit: null, requestedLimit: 100, rowCount: 100, truncated: false })).toBe("NOT_LIMITED");
  expect(limitingFactor({ sqlLimit: 10, requestedLimit: 100, rowCount: 3, truncated: false })).toBe("NOT_LIMITED");
  expect(limitingFactor({ sqlLimit: null, requestedLimit: 100, rowCount: 0, truncated: false })).toBe("NOT_LIMITED");
});

test("sqlLimitOf reads the top-level literal LIMIT only", () => {
  expect(sqlLimitOf("SELECT * FROM t LIMIT 10;", "postgresql")).toBe(10);
  expect(sqlLimitOf("SELECT * FROM (SELECT * FROM t LIMIT 5) x", "postgresql")).toBeNull();
  expect(sqlLimitOf("SELECT * FROM t LIMIT 5, 20", "mysql")).toBe(20);
  expect(sqlLimitOf("SELECT 'LIMIT 3' -- LIMIT 4", "sqlite")).toBeNull();
});
