import { expect, test } from "vitest";
import type { Connector, ExecuteOptions, QueryResult } from "../../core/connectors/types";
import { ApiError } from "../../core/http/errors";
import { engineFailure, failedState, runStatements, type RunSpec } from "./run-statements";

function fakeConnector(answer: (sql: string) => QueryResult) {
  const calls: { sql: string; options: ExecuteOptions }[] = [];
  const connector = {
    engine: "postgresql",
    async execute(sql: string, options: ExecuteOptions) {
      calls.push({ sql, options });
      return answer(sql);
    },
  } as unknown as Connector;
  return { connector, calls };
}

const spec = (over: Partial<RunSpec> = {}): RunSpec => ({
  engine: "postgresql", statements: ["SELECT 1"], limit: 10, schema: "s", catalog: null, readOnly: true, timeoutMs: 30_000, ctas: null, ...over,
});

test("every statement runs in order with the limit, and the last one's result is the answer", async () => {
  const { connector, calls } = fakeConnector((sql) => ({ columns: [], rows: [[sql]], truncated: sql === "SELECT 2" }));
  const out = await runStatements(connector, spec({ statements: ["SELECT 1", "SELECT 2"] }));
  expect(calls.map((c) => c.sql)).toEqual(["SELECT 1", "SELECT 2"]);
  expect(calls[0].options).toMatchObject({ limit: 10, schema: "s", readOnly: true, timeoutMs: 30_000 });
  expect(out).toMatchObject({ executedSql: "SELECT 1;\nSELECT 2", limitingFactor: "DROPDOWN", result: { rows: [["SELECT 2"]] } });
});

test("CTAS wraps the one SELECT in CREATE TABLE with quoted names and may write", async () => {
  const { connector, calls } = fakeConnector(() => ({ columns: [], rows: [], truncated: false }));
  const out = await runStatements(connector, spec({ statements: ["SELECT a FROM t;"], ctas: { method: "TABLE", table: "new_t", schema: "tmp" } }));
  expect(calls[0].sql).toBe('CREATE TABLE "tmp"."new_t" AS\nSELECT a FROM t');
  expect(calls[0].options.readOnly).toBe(false);
  expect(out.limitingFactor).toBe("NOT_LIMITED");
});

test("a stop before the next statement ends the run", async () => {
  const { connector, calls } = fakeConnector(() => ({ columns: [], rows: [], truncated: false }));
  const controller = new AbortController();
  controller.abort(new Error("stopped"));
  await expect(runStatements(connector, spec(), controller.signal)).rejects.toThrow("stopped");
  expect(calls).toEqual([]);
});

test("failures keep their error type but lose connection details", () => {
  const err = new ApiError(422, 'password authentication failed for user "bob" at db.internal', "CONNECTION_INVALID_PASSWORD_ERROR", { hostname: "db.internal", username: "bob", engine_name: "PostgreSQL" });
  const out = engineFailure(err, ["db.internal"]);
  expect(out.status).toBe(422);
  expect(out.errorType).toBe("CONNECTION_INVALID_PASSWORD_ERROR");
  expect(out.message).toBe('password authentication failed for user "***" at ***');
  expect(out.extra).toEqual({ engine_name: "PostgreSQL" });
  expect(engineFailure(new Error("syntax error at 10.1.2.3"), []).message).toBe("syntax error at ***");
});

test("timeouts become timed_out, stops stopped, anything else failed", () => {
  expect(failedState(new ApiError(408, "t", "SQLLAB_TIMEOUT_ERROR"))).toBe("timed_out");
  expect(failedState(new ApiError(400, "s", "GENERIC_DB_ENGINE_ERROR", { stopped: true }))).toBe("stopped");
  expect(failedState(new ApiError(400, "x", "GENERIC_DB_ENGINE_ERROR"))).toBe("failed");
});
