import { Hono, type Context } from "hono";
import { ENGINES } from "../../core/engines/registry";
import type { AppEnv } from "../../services/env";
import { requires, principalOf } from "../http/guard";
import { deleteRoutes } from "../http/bulk-delete";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { listPage } from "../../db/lists/list";
import { parseListArgs } from "../../core/http/list-query";
import { badRequest, notFound } from "../../core/http/errors";
import { savedQueryListSpec, ownSavedQuery, ownSavedQueryIds, deleteSavedQueries, insertSavedQuery, updateSavedQuery, type SavedQueryRow } from "../../db/sqllab/saved-queries";
import { databaseRefsById, usersById, type UserRef } from "../../db/sqllab/lookups";
import { checkFields, type FieldSpec } from "../../core/sqllab/fields";
import { parseSchedule, nextRunAfter } from "../../core/sqllab/schedule";
import { parseJsonObject } from "../../core/sqllab/payloads";
import { naturalTime } from "../../core/sqllab/humanize";
import { sqlTables } from "../../core/sqllab/sql-tables";
import { sqlLabDatabase } from "../sqllab/database-access";
import type { Database } from "../../db/client";
import { itemAnswer, listAnswer } from "../http/fab-answer";
import { SAVED_QUERY } from "../../core/http/fab-resources";
import { syncSystemTags, tagsOfObjects } from "../../db/tags/store";
import { revisionsKept, takeRevisionMessage } from "../../core/revisions/revisions";
import type { RevisionMeta } from "../../db/revisions/store";

// /api/v1/saved_query/: Superset's SavedQueryRestApi. Everyone sees only their own saved queries
// (Superset's SavedQueryFilter). A schedule is kept in extra_json.schedule_info and run by the cron.

const FIELDS: Record<string, FieldSpec> = {
  catalog: { kind: "string", nullable: true, maxLength: 256 },
  db_id: { kind: "integer", nullable: true },
  description: { kind: "string", nullable: true },
  extra_json: { kind: "json-string", nullable: true },
  label: { kind: "string", nullable: true, maxLength: 256 },
  schema: { kind: "string", nullable: true, maxLength: 128 },
  sql: { kind: "string", nullable: true },
  template_parameters: { kind: "string", nullable: true },
};

export const savedQueryApi = new Hono<AppEnv>({ strict: true });

savedQueryApi.get("/api/v1/saved_query/", requires("can_read", "SavedQuery"), async (c) => {
  const p = principalOf(c);
  const args = parseListArgs(risonQuery(c));
  const { count, rows } = await listPage<SavedQueryRow>(c.var.db, savedQueryListSpec(p.id), args);
  const shaped = await shape(c.var.db, rows);
  return listAnswer(c, SAVED_QUERY, args, { count, ids: rows.map((r) => r.id), result: shaped });
});

savedQueryApi.get("/api/v1/saved_query/:pk", requires("can_read", "SavedQuery"), async (c) => {
  const row = await ownSavedQuery(c.var.db, idParam(c), principalOf(c).id);
  if (!row) throw notFound();
  const [result] = await shape(c.var.db, [row]);
  return itemAnswer(c, SAVED_QUERY, { id: row.id, result });
});

savedQueryApi.post("/api/v1/saved_query/", requires("can_write", "SavedQuery"), async (c) => {
  const p = principalOf(c);
  const body = await jsonObject(c);
  const message = takeRevisionMessage(body);
  const values = await validated(c.var.db, p, body);
  const row = await insertSavedQuery(c.var.db, values, p.id, { actor: p.id, message, keep: revisionsKept(c.env.REVISIONS_KEPT) });
  await syncSystemTags(c.var.db, { type: "query", id: row.id }, [p.id]);
  return c.json({ id: row.id, result: resultOf(values) }, 201);
});

savedQueryApi.put("/api/v1/saved_query/:pk", requires("can_write", "SavedQuery"), async (c) => {
  const p = principalOf(c);
  const id = idParam(c);
  const existing = await ownSavedQuery(c.var.db, id, p.id);
  if (!existing) throw notFound();
  const body = await jsonObject(c);
  const message = takeRevisionMessage(body);
  const values = await saveSavedQuery(c, existing, body, { actor: p.id, message, keep: revisionsKept(c.env.REVISIONS_KEPT) });
  return c.json({ id, result: resultOf(values) });
});

/** A saved-query save (PUT, and a restore of a revision): validated fields written with one revision of the result. */
export async function saveSavedQuery(c: Context<AppEnv>, existing: SavedQueryRow, body: Record<string, unknown>, meta: RevisionMeta) {
  const p = principalOf(c);
  const values = await validated(c.var.db, p, body);
  const update: Record<string, unknown> = { ...values, changed_by_fk: p.id, changed_on: new Date().toISOString() };
  for (const key of ["label", "description", "sql"]) if (update[key] === null) update[key] = "";
  if ("extra_json" in update) update.extra_json = mergeExtra(existing.extra_json, update.extra_json as string | null);
  await updateSavedQuery(c.var.db, existing.id, update, meta);
  return values;
}

/** Bulk delete: `?q=!(1,2,3)`; all must be the caller's, or nothing is deleted (404 as Superset). */
deleteRoutes(savedQueryApi, "/api/v1/saved_query/", requires("can_write", "SavedQuery"), {
  invalid: "q must be a rison list of saved query ids, e.g. !(1,2)",
  positive: true,
  checkOne: async (c, id) => {
    if (!(await ownSavedQuery(c.var.db, id, principalOf(c).id))) throw notFound();
  },
  check: async (c, ids) => {
    if ((await ownSavedQueryIds(c.var.db, ids, principalOf(c).id)).length !== ids.length) throw notFound();
  },
  remove: (c, ids) => deleteSavedQueries(c.var.db, ids),
  noun: ["saved query", "saved queries"],
});

async function validated(db: Database, p: ReturnType<typeof principalOf>, body: Record<string, unknown>) {
  const values = checkFields(body, FIELDS);
  if (typeof values.db_id === "number") await sqlLabDatabase(db, p, values.db_id);
  if (typeof values.extra_json === "string" && values.extra_json.trim()) {
    const parsed = JSON.parse(values.extra_json);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw badRequest("extra_json must be a JSON object");
    parseSchedule(parsed);
  }
  return values;
}

/** A client sending extra_json keeps the server-written last_run record unless it sends its own. */
function mergeExtra(existing: string, incoming: string | null): string {
  const next = parseJsonObject(incoming);
  const old = parseJsonObject(existing);
  if (old.last_run !== undefined && next.last_run === undefined) next.last_run = old.last_run;
  return JSON.stringify(next);
}

function resultOf(values: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(FIELDS)) if (key in values) out[key] = values[key];
  return out;
}

const userRef = (users: Map<number, UserRef>, id: number | null) => {
  const u = id === null ? undefined : users.get(id);
  return u ? { first_name: u.first_name, id: u.id, last_name: u.last_name } : null;
};

async function shape(db: Database, rows: SavedQueryRow[]) {
  const now = new Date();
  const users = await usersById(db, rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]));
  const refs = await databaseRefsById(db, rows.map((r) => r.db_id));
  const tags = await tagsOfObjects(db, "query", rows.map((r) => r.id));
  return rows.map((r) => {
    const extra = parseJsonObject(r.extra_json);
    let nextRun: string | null = null;
    try {
      const schedule = parseSchedule(extra);
      nextRun = schedule ? (nextRunAfter(schedule, now)?.toISOString() ?? null) : null;
    } catch {
      // a schedule stored before validation existed is shown without a next run
    }
    return {
      id: r.id,
      label: r.label,
      description: r.description,
      sql: r.sql,
      catalog: r.catalog,
      schema: r.schema,
      db_id: r.db_id,
      database: r.db_id === null ? null : { id: r.db_id, database_name: refs.get(r.db_id)?.name ?? null },
      sql_tables: tablesOf(r.sql, r.db_id === null ? undefined : refs.get(r.db_id)?.engine),
      template_parameters: r.template_parameters,
      extra_json: r.extra_json,
      extra: { ...extra, ...(nextRun ? { next_run: nextRun } : {}) },
      rows: r.rows,
      last_run: r.last_run,
      last_run_delta_humanized: naturalTime(r.last_run, now),
      created_on: r.created_on,
      changed_on: r.changed_on,
      changed_on_delta_humanized: naturalTime(r.changed_on, now),
      created_by: userRef(users, r.created_by_fk),
      changed_by: userRef(users, r.changed_by_fk),
      tags: tags.get(r.id) ?? [],
    };
  });
}

/** Superset's sql_tables: the tables the saved SQL reads, in its database's dialect (SQLite's when unknown). */
function tablesOf(sql: string, engine: string | undefined) {
  return sqlTables(sql, ENGINES.find(engine)?.gateDialect ?? "sqlite");
}
