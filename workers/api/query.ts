import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { requires, principalOf } from "../http/guard";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { listPage } from "../../db/lists/list";
import { parseListArgs } from "../../core/http/list-query";
import { badRequest, notFound } from "../../core/http/errors";
import { isClientId } from "../../core/sqllab/client-id";
import { databaseNamesById, usersById } from "../../db/sqllab/lookups";
import { ownQueriesChangedSince, queryDicts, queryListSpec, visibleQuery, type QueryRow } from "../../db/sqllab/queries";
import { stopQuery } from "../sqllab/stop";
import { itemAnswer, listAnswer } from "../http/fab-answer";
import { QUERY } from "../../core/http/fab-resources";

// /api/v1/query/: Superset's QueryRestApi, the runs behind Query history and SQL Lab's refresh.
// Everyone sees their own runs; all_query_access (Admin) sees everyone's, as Superset's QueryFilter.

export { queryListSpec };

export const queryApi = new Hono<AppEnv>({ strict: true });


queryApi.get("/api/v1/query/", requires("can_read", "Query"), async (c) => {
  const p = principalOf(c);
  const args = parseListArgs(risonQuery(c));
  const { count, rows } = await listPage<QueryRow>(c.var.db, queryListSpec(p), args);
  const names = await databaseNamesById(c.var.db, rows.map((r) => r.database_id));
  const users = await usersById(c.var.db, rows.map((r) => r.user_id));
  const result = rows.map((r) => {
    const u = r.user_id === null ? undefined : users.get(r.user_id);
    return {
      id: r.id,
      client_id: r.client_id,
      changed_on: r.changed_on,
      database: { id: r.database_id, database_name: names.get(r.database_id) ?? null },
      end_time: r.end_time,
      executed_sql: r.executed_sql,
      rows: r.rows,
      schema: r.schema,
      catalog: r.catalog,
      sql: r.sql,
      start_time: r.start_time,
      status: r.status,
      tab_name: r.tab_name,
      sql_editor_id: r.sql_editor_id,
      tmp_table_name: r.tmp_table_name,
      tracking_url: r.tracking_url,
      user: u ? { first_name: u.first_name, id: u.id, last_name: u.last_name } : null,
    };
  });
  return listAnswer(c, QUERY, args, { count, ids: rows.map((r) => r.id), result });
});

queryApi.get("/api/v1/query/updated_since", requires("can_read", "Query"), async (c) => {
  const p = principalOf(c);
  const q = risonQuery(c);
  const ms = (q as { last_updated_ms?: unknown } | undefined)?.last_updated_ms;
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) throw badRequest("q must be (last_updated_ms:<epoch milliseconds>)");
  const since = new Date(Math.min(ms, 8.64e15)).toISOString();
  // Superset's refresh is about the caller's own editor, even for admins.
  const rows = await ownQueriesChangedSince(c.var.db, p.id, since);
  return c.json({ result: await queryDicts(c.var.db, rows) });
});

queryApi.get("/api/v1/query/:pk", requires("can_read", "Query"), async (c) => {
  const row = await visibleQuery(c.var.db, principalOf(c), { id: idParam(c) });
  if (!row) throw notFound();
  return itemAnswer(c, QUERY, {
    id: row.id,
    result: {
      changed_on: row.changed_on, client_id: row.client_id, database: { id: row.database_id },
      end_result_backend_time: row.end_result_backend_time, end_time: row.end_time, error_message: row.error_message,
      executed_sql: row.executed_sql, id: row.id, limit: row.limit, progress: row.progress, results_key: row.results_key,
      rows: row.rows, catalog: row.catalog, schema: row.schema, select_as_cta: row.select_as_cta,
      select_as_cta_used: row.select_as_cta_used, select_sql: row.select_sql, sql: row.sql, sql_editor_id: row.sql_editor_id,
      start_running_time: row.start_running_time, start_time: row.start_time, status: row.status, tab_name: row.tab_name,
      tmp_schema_name: row.tmp_schema_name, tmp_table_name: row.tmp_table_name, tracking_url: row.tracking_url,
      limiting_factor: row.limiting_factor,
    },
  });
});

queryApi.post("/api/v1/query/stop", requires("can_read", "Query"), async (c) => {
  const clientId = (await jsonObject(c)).client_id;
  if (!isClientId(clientId)) throw badRequest("client_id is required");
  const result = await stopQuery(c.env, c.var.db, principalOf(c).id, clientId);
  return c.json({ result });
});
