import type { Env } from "../../services/env";
import type { Database } from "../../db/client";
import { ApiError, badRequest } from "../../core/http/errors";
import type { Principal } from "../../core/security/permissions";
import { clientIdOrNew } from "../../core/sqllab/client-id";
import { effectiveLimit, limitConfig } from "../../core/sqllab/limits";
import { queryToDict, userLabel, type ExecutionPayload, type QueryDict } from "../../core/sqllab/payloads";
import { secretsOfUri } from "../../core/sqllab/scrub";
import { claimQueryRow, queryDict, updateQueryIfStatus } from "../../db/sqllab/queries";
import { sqlLabDatabase, type DatabaseRow } from "./database-access";
import { prepareSql, type PrepareInput } from "./prepare";
import { sqlLabRls } from "../../services/rls/table-rls";
import { engineFailure, failedState, type CtasSpec, type RunSpec } from "../../services/sqllab/run-statements";
import { beginSyncRun, dropSyncRun, finishSyncRun } from "./run-sync";
import { queryJobFor } from "./stop";

// POST /api/v1/sqllab/execute/: one run of the editor's SQL. The `query` row is created
// first, so every run, failed ones included, shows in Query history. Synchronous runs answer the rows
// (200); asynchronous ones (allow_run_async and runAsync) hand the statements to a QueryJob and answer 202.

/** Asynchronous jobs run from a Durable Object alarm, which may run for 15 minutes. */
export const ASYNC_TIMEOUT_MS = 10 * 60_000;

export interface ExecuteRequest {
  client_id?: unknown;
  database_id: number;
  sql: string;
  runAsync?: boolean;
  catalog?: string | null;
  schema?: string | null;
  sql_editor_id?: string | null;
  tab?: string | null;
  tmp_table_name?: string | null;
  select_as_cta?: boolean;
  ctas_method?: string | null;
  templateParams?: unknown;
  queryLimit?: number | null;
}

export type ExecuteAnswer = { status: 200; body: ExecutionPayload } | { status: 202; body: { query: QueryDict } };

export function parseExecuteBody(body: Record<string, unknown>): ExecuteRequest {
  const errors: Record<string, string[]> = {};
  const optString = (k: string) => {
    const v = body[k];
    if (v === undefined || v === null) return null;
    if (typeof v === "number") return String(v);
    if (typeof v !== "string") errors[k] = ["Not a valid string."];
    return typeof v === "string" ? v : null;
  };
  const optBool = (k: string) => {
    const v = body[k];
    if (v === undefined || v === null) return false;
    if (typeof v !== "boolean") errors[k] = ["Not a valid boolean."];
    return v === true;
  };
  if (!Number.isSafeInteger(body.database_id)) errors.database_id = ["Missing data for required field."];
  if (typeof body.sql !== "string") errors.sql = ["Missing data for required field."];
  const queryLimit = body.queryLimit;
  if (queryLimit !== undefined && queryLimit !== null && !Number.isSafeInteger(queryLimit)) errors.queryLimit = ["Not a valid integer."];
  const out: ExecuteRequest = {
    client_id: body.client_id,
    database_id: body.database_id as number,
    sql: body.sql as string,
    runAsync: optBool("runAsync"),
    catalog: optString("catalog"),
    schema: optString("schema"),
    sql_editor_id: optString("sql_editor_id"),
    tab: optString("tab"),
    tmp_table_name: optString("tmp_table_name"),
    select_as_cta: optBool("select_as_cta"),
    ctas_method: optString("ctas_method"),
    templateParams: body.templateParams,
    queryLimit: (queryLimit as number | null | undefined) ?? null,
  };
  if (Object.keys(errors).length) throw new ApiError(400, "Validation error", "INVALID_PAYLOAD_SCHEMA_ERROR", undefined, errors);
  if (!out.sql.trim()) throw badRequest("The SQL query is empty.", "INVALID_SQL_ERROR");
  return out;
}

export async function executeSql(
  env: Env,
  db: Database,
  principal: Principal,
  req: ExecuteRequest,
  background: (p: Promise<unknown>) => void,
): Promise<ExecuteAnswer> {
  const database = await sqlLabDatabase(db, principal, req.database_id);
  const clientId = clientIdOrNew(req.client_id, (n) => crypto.getRandomValues(new Uint8Array(n)));
  const limit = effectiveLimit(req.queryLimit, limitConfig(env.DEFAULT_SQLLAB_LIMIT, env.SQL_MAX_ROW));
  const runAsync = req.runAsync === true && database.allow_run_async;
  const ctas = req.select_as_cta ? ctasSpec(database, req, principal.id) : null;
  const secrets = secretsOfUri(database.sqlalchemy_uri);
  // Rendering and the gate are pure, so they come before the row is written: the row then carries the
  // executed SQL (or the failure) from its first write. Every run, failed ones included, is recorded.
  let prepared: { spec: RunSpec; rendered: string } | null = null;
  let failure: ApiError | null = null;
  try {
    prepared = prepareRun(env, database, req, principal, limit, runAsync, ctas, await sqlLabRls(env, db, principal, database, req.schema));
  } catch (e) {
    failure = engineFailure(e, secrets);
  }
  const sync = prepared && !runAsync ? beginSyncRun(env, database, prepared.spec, principal.id) : null;
  const claimed = await claimQueryRow(db, {
    client_id: clientId, database_id: database.id, user_id: principal.id, status: failure ? failedState(failure) : runAsync ? "pending" : "running",
    tab_name: req.tab ?? null, sql_editor_id: req.sql_editor_id ?? null, catalog: req.catalog ?? null, schema: req.schema ?? null,
    sql: req.sql, executed_sql: prepared?.rendered ?? null, limit, select_as_cta: ctas !== null, select_as_cta_used: ctas !== null, ctas_method: ctas?.method ?? null,
    tmp_table_name: ctas?.table ?? null, tmp_schema_name: ctas?.schema ?? null, start_time: Date.now(),
    ...(ctas ? { select_sql: `SELECT * FROM ${ctas.schema ? `${ctas.schema}.` : ""}${ctas.table}` } : {}),
    ...(failure ? { error_message: failure.message, end_time: Date.now() } : {}),
    extra_json: JSON.stringify(runAsync ? { async: true } : {}),
  }).catch((e: unknown) => {
    if (sync) dropSyncRun(sync, background);
    throw e;
  });
  if ("activeQuery" in claimed) {
    if (sync) dropSyncRun(sync, background);
    return { status: 202, body: { query: await queryDict(db, claimed.activeQuery) } };
  }
  if (failure || !prepared) throw failure;
  const row = claimed;
  const labels = { database: database.database_name, user: userLabel(principal) };
  try {
    if (sync) return { status: 200, body: await finishSyncRun(env, db, sync, row, prepared.spec, labels, background) };
    await queryJobFor(env, clientId).start({ clientId, queryId: row.id, userId: principal.id, databaseId: database.id, run: prepared.spec });
    return { status: 202, body: { query: queryToDict(row, labels) } };
  } catch (e) {
    const failed = engineFailure(e, secrets);
    // a stop already wrote `stopped`, which is final
    await updateQueryIfStatus(db, row.id, runAsync ? "pending" : "running", {
      status: failedState(failed), error_message: failed.message, end_time: Date.now(), changed_on: new Date().toISOString(),
    });
    throw failed;
  }
}

function prepareRun(env: Env, database: DatabaseRow, req: ExecuteRequest, principal: Principal, limit: number, runAsync: boolean, ctas: CtasSpec | null, rls: PrepareInput["rls"]) {
  const { rendered, statements } = prepareSql({
    sql: req.sql,
    engine: database.engine,
    // a CTAS/CVAS body must be a read-only SELECT whatever the database allows
    allowDml: database.allow_dml && !ctas,
    templateParams: req.templateParams,
    user: { id: principal.id, username: principal.username },
    rls,
  });
  if (ctas && statements.length !== 1) throw ctasShapeError(ctas.method);
  const spec: RunSpec = {
    engine: database.engine, statements, limit, schema: req.schema ?? null, catalog: req.catalog ?? null,
    readOnly: !database.allow_dml, timeoutMs: runAsync ? ASYNC_TIMEOUT_MS : syncTimeoutMs(env), ctas,
  };
  return { spec, rendered };
}

export function syncTimeoutMs(env: Env): number {
  const seconds = Number(env.SQLLAB_TIMEOUT_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 30) * 1000;
}

function ctasSpec(database: DatabaseRow, req: ExecuteRequest, userId: number): CtasSpec {
  const method = (req.ctas_method ?? "TABLE").toUpperCase();
  if (method !== "TABLE" && method !== "VIEW") throw badRequest("ctas_method must be TABLE or VIEW");
  if (method === "TABLE" && !database.allow_ctas) throw new ApiError(400, "CREATE TABLE AS is not allowed on this database.", "INVALID_CTAS_QUERY_ERROR");
  if (method === "VIEW" && !database.allow_cvas) throw new ApiError(400, "CREATE VIEW AS is not allowed on this database.", "INVALID_CVAS_QUERY_ERROR");
  let table = req.tmp_table_name?.trim() || "";
  if (!table) table = `tmp_${userId}_table_${new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14)}`;
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(table)) throw badRequest("The table name may hold letters, digits and '_' only, and must not start with a digit.");
  return { method, table, schema: database.force_ctas_schema || req.schema || null };
}

function ctasShapeError(method: "TABLE" | "VIEW"): ApiError {
  return method === "TABLE"
    ? new ApiError(400, "CTAS (create table as select) can only be run with a query where the last statement is a SELECT. Please make sure your query has a SELECT as its last statement. Then, try running your query again.", "INVALID_CTAS_QUERY_ERROR")
    : new ApiError(400, "CVAS (create view as select) can only be run with a query with a single SELECT statement. Please make sure your query has only a SELECT statement. Then, try running your query again.", "INVALID_CVAS_QUERY_ERROR");
}
