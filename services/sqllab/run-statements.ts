import type { Connector, QueryResult } from "../../core/connectors/types";
import { dialectFor } from "../../core/connectors/dialects/index";
import { ApiError } from "../../core/http/errors";
import { limitingFactor, sqlLimitOf, type LimitingFactor } from "../../core/connectors/limits";
import { scrubEngineMessage } from "../../core/sqllab/scrub";

// Runs the statements of one SQL Lab query (already rendered and passed through the SQL gate) on a
// connector. Used by the synchronous execute handler, the QueryJob Durable Object and the schedule cron,
// so all three limit, cancel, create tables and report errors the same way.

export interface CtasSpec {
  method: "TABLE" | "VIEW";
  table: string;
  schema: string | null;
}

export interface RunSpec {
  engine: string;
  statements: string[];
  limit: number;
  schema: string | null;
  catalog: string | null;
  /** false when the database allows DML: the statements may write */
  readOnly: boolean;
  timeoutMs: number;
  ctas: CtasSpec | null;
}

export interface RunOutcome {
  result: QueryResult;
  executedSql: string;
  limitingFactor: LimitingFactor;
}

export async function runStatements(connector: Connector, spec: RunSpec, signal?: AbortSignal): Promise<RunOutcome> {
  if (spec.ctas) return runCtas(connector, spec, spec.ctas, signal);
  let result: QueryResult = { columns: [], rows: [], truncated: false };
  for (const statement of spec.statements) {
    signal?.throwIfAborted();
    result = await connector.execute(statement, {
      limit: spec.limit,
      timeoutMs: spec.timeoutMs,
      signal,
      schema: spec.schema,
      catalog: spec.catalog,
      readOnly: spec.readOnly,
    });
  }
  // Superset's limiting factor: the last statement's own LIMIT against the dropdown's (QUERY when it is the
  // smaller, QUERY_AND_DROPDOWN when equal and reached, DROPDOWN when more rows were there than the dropdown allows)
  const last = spec.statements[spec.statements.length - 1] ?? "";
  const sqlLimit = sqlLimitOf(last, dialectFor(spec.engine).flavour);
  const factor = limitingFactor({ sqlLimit, requestedLimit: spec.limit, rowCount: result.rows.length, truncated: result.truncated });
  return { result, executedSql: spec.statements.join(";\n"), limitingFactor: factor };
}

/** CREATE TABLE/VIEW … AS <the one gated SELECT>; the new table is what the user reads next. */
async function runCtas(connector: Connector, spec: RunSpec, ctas: CtasSpec, signal?: AbortSignal): Promise<RunOutcome> {
  const dialect = dialectFor(spec.engine);
  const target = ctas.schema ? `${dialect.quoteIdentifier(ctas.schema)}.${dialect.quoteIdentifier(ctas.table)}` : dialect.quoteIdentifier(ctas.table);
  const select = spec.statements[0].replace(/;\s*$/, "");
  const sql = `CREATE ${ctas.method} ${target} AS\n${select}`;
  await connector.execute(sql, { timeoutMs: spec.timeoutMs, signal, schema: spec.schema, catalog: spec.catalog, readOnly: false });
  return { result: { columns: [], rows: [], truncated: false }, executedSql: sql, limitingFactor: "NOT_LIMITED" };
}

/** Connection details a driver may repeat in its messages; they never reach the browser. */
const HIDDEN_EXTRA = new Set(["hostname", "host", "port", "username", "user", "database", "password"]);

/**
 * Any failure as an ApiError with Superset's error type, its message scrubbed of the connection's host,
 * user and password. A driver error that is not an ApiError is the engine complaining about the SQL.
 */
export function engineFailure(err: unknown, secrets: string[]): ApiError {
  if (err instanceof ApiError) {
    const extra = err.extra ? Object.fromEntries(Object.entries(err.extra).filter(([k]) => !HIDDEN_EXTRA.has(k))) : undefined;
    return new ApiError(err.status, scrubEngineMessage(err.message, secrets), err.errorType, extra, err.fieldErrors);
  }
  const message = err instanceof Error ? err.message : String(err);
  return new ApiError(400, scrubEngineMessage(message, secrets), "GENERIC_DB_ENGINE_ERROR");
}

/** The row state a failure leaves: timed out, stopped, or failed. */
export function failedState(err: ApiError): "timed_out" | "stopped" | "failed" {
  if (err.errorType === "SQLLAB_TIMEOUT_ERROR") return "timed_out";
  if (err.extra?.stopped === true) return "stopped";
  return "failed";
}
