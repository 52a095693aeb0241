import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { requires, requiresAny, principalOf } from "../http/guard";
import { jsonObject, risonQuery } from "../http/input";
import { ApiError, badRequest, notFound } from "../../core/http/errors";
import { checkFields } from "../../core/sqllab/fields";
import { formatSql } from "../../core/sqllab/format";
import { executionPayload, parseJsonObject } from "../../core/sqllab/payloads";
import { ownQueriesOfTab, queryDict, queryDicts, visibleQuery } from "../../db/sqllab/queries";
import { activeTabOf, tabsOf, tabToDict } from "../../db/sqllab/tab-states";
import { sqlLabDatabase, sqlLabDatabases, type DatabaseRow } from "../sqllab/database-access";
import { readStoredResult } from "../sqllab/results-backend";

// /api/v1/sqllab/: the bootstrap of the SQL Lab page, formatting, and reading stored async results.
// Running, estimating and exporting are in sqllab-execute.ts.

export const sqlLabApi = new Hono<AppEnv>({ strict: true });

/** Superset's DATABASE_KEYS of the SQL Lab bootstrap, plus `extra` (the client parses it). */
export function databaseBootstrap(d: DatabaseRow) {
  const extra = parseJsonObject(d.extra);
  return {
    id: d.id,
    database_name: d.database_name,
    backend: d.engine,
    allow_ctas: d.allow_ctas,
    allow_cvas: d.allow_cvas,
    allow_dml: d.allow_dml,
    allow_file_upload: d.allow_file_upload,
    allow_run_async: d.allow_run_async,
    allows_subquery: true,
    allow_multi_catalog: false,
    expose_in_sqllab: d.expose_in_sqllab,
    force_ctas_schema: d.force_ctas_schema,
    disable_data_preview: extra.disable_data_preview === true,
    disable_drill_to_detail: extra.disable_drill_to_detail === true,
    extra: d.extra,
  };
}

sqlLabApi.get("/api/v1/sqllab/", requires("can_read", "SQLLab"), async (c) => {
  const p = principalOf(c);
  const db = c.var.db;
  const tabs = await tabsOf(db, p.id);
  const active = await activeTabOf(db, p.id);
  const databases: Record<string, unknown> = {};
  for (const d of await sqlLabDatabases(db, p)) databases[d.id] = databaseBootstrap(d);
  const queriesById: Record<string, unknown> = {};
  if (active) {
    const rows = await ownQueriesOfTab(db, p.id, active.id);
    for (const q of await queryDicts(db, rows)) queriesById[q.id] = q;
  }
  return c.json({
    result: {
      active_tab: active ? await tabToDict(db, active) : null,
      tab_state_ids: tabs,
      databases,
      queries: queriesById,
    },
  });
});

sqlLabApi.post("/api/v1/sqllab/format_sql/", requiresAny(["can_format_sql", "SQLLab"], ["can_read", "SQLLab"]), async (c) => {
  const body = checkFields(await jsonObject(c), {
    sql: { kind: "string", required: true },
    database_id: { kind: "integer", nullable: true },
    engine: { kind: "string", nullable: true },
  });
  let engine = (body.engine as string | null | undefined) ?? null;
  if (typeof body.database_id === "number") engine = (await sqlLabDatabase(c.var.db, principalOf(c), body.database_id)).engine;
  return c.json({ result: formatSql(body.sql as string, engine) });
});

/** `?q=(key:'…',rows:N)`: a stored asynchronous result, cut to `rows` for display when given. */
sqlLabApi.get("/api/v1/sqllab/results/", requiresAny(["can_get_results", "SQLLab"], ["can_read", "SQLLab"]), async (c) => {
  const p = principalOf(c);
  const q = risonQuery(c);
  const key = (q as { key?: unknown } | undefined)?.key;
  const rows = (q as { rows?: unknown } | undefined)?.rows;
  if (typeof key !== "string" || !key) throw badRequest("q must be (key:'<results key>') with an optional rows:N");
  if (rows !== undefined && rows !== null && (!Number.isSafeInteger(rows) || (rows as number) < 1)) throw badRequest("rows must be a positive integer");
  const row = await visibleQuery(c.var.db, p, { results_key: key });
  if (!row) throw notFound("The query associated with these results could not be found. You need to re-run the original query.");
  await sqlLabDatabase(c.var.db, p, row.database_id);
  const stored = await readStoredResult(c.env, row.client_id, (rows as number | undefined) ?? undefined);
  if (!stored) {
    throw new ApiError(410, "Data could not be retrieved from the results backend. You need to re-run the original query.", "RESULTS_BACKEND_ERROR");
  }
  const payload = executionPayload(await queryDict(c.var.db, row), stored.columns, stored.rows);
  const displayLimitReached = stored.rows.length < stored.total;
  return c.json(displayLimitReached ? { ...payload, displayLimitReached } : payload);
});
