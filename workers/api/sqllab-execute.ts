import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { requires, requiresAny, principalOf } from "../http/guard";
import { jsonObject } from "../http/input";
import { ApiError, notFound } from "../../core/http/errors";
import { visibleQuery } from "../../db/sqllab/queries";
import { isClientId } from "../../core/sqllab/client-id";
import { checkFields } from "../../core/sqllab/fields";
import { csvFileName, toCsv } from "../../core/sqllab/csv";
import { formatCost } from "../../core/sqllab/cost";
import { limitConfig } from "../../core/sqllab/limits";
import { secretsOfUri } from "../../core/sqllab/scrub";
import { connectorFor } from "../../services/connectors/registry";
import { sqlLabDatabase } from "../sqllab/database-access";
import { executeSql, parseExecuteBody, syncTimeoutMs } from "../sqllab/execute";
import { prepareSql } from "../sqllab/prepare";
import { sqlLabRls } from "../../services/rls/table-rls";
import { engineFailure, runStatements } from "../../services/sqllab/run-statements";
import { readStoredResult } from "../sqllab/results-backend";

// Running SQL from SQL Lab: execute (sync or async), the cost estimate, and the CSV export.

export const sqlLabExecuteApi = new Hono<AppEnv>({ strict: true });

sqlLabExecuteApi.post("/api/v1/sqllab/execute/", requires("can_execute_sql_query", "SQLLab"), async (c) => {
  const req = parseExecuteBody(await jsonObject(c));
  const answer = await executeSql(c.env, c.var.db, principalOf(c), req, (p) => c.executionCtx.waitUntil(p));
  return c.json(answer.body, answer.status);
});

sqlLabExecuteApi.post("/api/v1/sqllab/estimate/", requires("can_estimate_query_cost", "SQLLab"), async (c) => {
  const p = principalOf(c);
  const body = checkFields(await jsonObject(c), {
    database_id: { kind: "integer", required: true },
    sql: { kind: "string", required: true },
    catalog: { kind: "string", nullable: true },
    schema: { kind: "string", nullable: true },
    template_params: { kind: "object", nullable: true },
  });
  const database = await sqlLabDatabase(c.var.db, p, body.database_id as number);
  // An estimate never writes: the statements must pass the gate as read-only whatever the database allows.
  const { statements } = prepareSql({
    sql: body.sql as string,
    engine: database.engine,
    allowDml: false,
    templateParams: body.template_params ?? null,
    user: { id: p.id, username: p.username },
    rls: await sqlLabRls(c.env, c.var.db, p, database, body.schema as string | null),
  });
  const connector = await connectorFor(c.env, database, c.var.secret);
  try {
    const result: Record<string, unknown>[] = [];
    for (const statement of statements) {
      const plan = await connector.explain(statement, { schema: (body.schema as string | null) ?? null, catalog: (body.catalog as string | null) ?? null });
      result.push(...formatCost(database.engine, plan));
    }
    return c.json({ result });
  } catch (e) {
    throw engineFailure(e, secretsOfUri(database.sqlalchemy_uri));
  } finally {
    await connector.close().catch(() => {});
  }
});

/**
 * CSV of a run (UTF-8 with BOM): the stored result when the results backend still has it, otherwise the
 * run's SQL again, read-only and limited to SQL_MAX_ROW.
 */
sqlLabExecuteApi.get("/api/v1/sqllab/export/:clientId/", requiresAny(["can_export_csv", "SQLLab"], ["can_csv", "Superset"]), async (c) => {
  const p = principalOf(c);
  const clientId = c.req.param("clientId");
  if (!isClientId(clientId)) throw notFound();
  const row = await visibleQuery(c.var.db, p, { client_id: clientId });
  if (!row) throw notFound(`Query with client_id ${clientId} not found`);
  const database = await sqlLabDatabase(c.var.db, p, row.database_id);
  let columns: string[];
  let rows: unknown[][];
  const stored = row.results_key ? await readStoredResult(c.env, row.client_id) : null;
  if (stored) {
    columns = stored.columns.map((col) => col.name);
    rows = stored.rows;
  } else {
    const sql = row.select_sql || row.executed_sql || row.sql;
    const rls = await sqlLabRls(c.env, c.var.db, p, database, row.schema);
    const { statements } = prepareSql({ sql, engine: database.engine, allowDml: false, user: { id: p.id, username: p.username }, rls });
    if (statements.length !== 1) throw new ApiError(400, "Only a single SELECT can be exported; re-run the query first.", "INVALID_SQL_ERROR");
    const connector = await connectorFor(c.env, database, c.var.secret);
    try {
      const outcome = await runStatements(connector, {
        engine: database.engine, statements, limit: limitConfig(c.env.DEFAULT_SQLLAB_LIMIT, c.env.SQL_MAX_ROW).maxRow,
        schema: row.schema, catalog: row.catalog, readOnly: true, timeoutMs: syncTimeoutMs(c.env), ctas: null,
      });
      columns = outcome.result.columns.map((col) => col.name);
      rows = outcome.result.rows;
    } catch (e) {
      throw engineFailure(e, secretsOfUri(database.sqlalchemy_uri));
    } finally {
      await connector.close().catch(() => {});
    }
  }
  const name = encodeURIComponent(csvFileName(row.tab_name, new Date()));
  return c.body(toCsv(columns, rows), 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename*=UTF-8''${name}`,
  });
});
