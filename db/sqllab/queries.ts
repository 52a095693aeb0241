import { and, desc, eq, gte, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { queries } from "../schema";
import { databaseNamesById, usersById } from "./lookups";
import { queryToDict, userLabel, type QueryDict } from "../../core/sqllab/payloads";
import type { ListSpec } from "../lists/list";
import { badRequest } from "../../core/http/errors";
import type { Principal } from "../../core/security/permissions";
import { queryOwnerLimit } from "../../core/security/query-access";

export type QueryRow = typeof queries.$inferSelect;

export async function queryByClientId(db: Database, clientId: string): Promise<QueryRow | undefined> {
  return db.select().from(queries).where(eq(queries.client_id, clientId)).get();
}

/** The runs the caller may see (Superset's QueryFilter): everyone's with all_query_access, else their own. */
export function visibleQueriesWhere(p: Principal): SQL | undefined {
  const owner = queryOwnerLimit(p);
  return owner === null ? undefined : eq(queries.user_id, owner);
}

/** One run by id, client id or results key, if the caller may see it. */
export async function visibleQuery(db: Database, p: Principal, key: { id: number } | { client_id: string } | { results_key: string }): Promise<QueryRow | undefined> {
  const match = "id" in key ? eq(queries.id, key.id) : "client_id" in key ? eq(queries.client_id, key.client_id) : eq(queries.results_key, key.results_key);
  return db.select().from(queries).where(and(match, visibleQueriesWhere(p))).get();
}

/** The caller's own runs changed since a moment, oldest first (SQL Lab's refresh, even for admins). */
/** Superset's QueryRestApi list: the runs the caller may see. */
export function queryListSpec(p: Principal): ListSpec {
  const q = queries;
  return {
    table: q,
    columns: {
      id: q.id, changed_on: q.changed_on, database: q.database_id, "database.database_name": q.database_id, status: q.status,
      user: q.user_id, "user.first_name": q.user_id, start_time: q.start_time, end_time: q.end_time, sql: q.sql, rows: q.rows,
      schema: q.schema, tab_name: q.tab_name, sql_editor_id: q.sql_editor_id, client_id: q.client_id,
    },
    defaultOrder: { column: q.changed_on, direction: "desc" },
    baseWhere: visibleQueriesWhere(p),
  };
}


export async function ownQueriesChangedSince(db: Database, userId: number, since: string): Promise<QueryRow[]> {
  return db.select().from(queries).where(and(eq(queries.user_id, userId), gte(queries.changed_on, since))).orderBy(queries.changed_on).limit(1000).all();
}

/** The caller's latest runs in one SQL Lab tab (newest first, at most 100). */
export async function ownQueriesOfTab(db: Database, userId: number, tabId: number): Promise<QueryRow[]> {
  return db.select().from(queries).where(and(eq(queries.user_id, userId), eq(queries.sql_editor_id, String(tabId)))).orderBy(desc(queries.id)).limit(100).all();
}

export async function ownQueryByClientId(db: Database, clientId: string, userId: number): Promise<QueryRow | undefined> {
  return db.select().from(queries).where(and(eq(queries.client_id, clientId), eq(queries.user_id, userId))).get();
}

/** Query rows as Superset's Query.to_dict(), with database and user names looked up in bulk. */
export async function queryDicts(db: Database, rows: QueryRow[]): Promise<QueryDict[]> {
  const names = await databaseNamesById(db, rows.map((r) => r.database_id));
  const users = await usersById(db, rows.map((r) => r.user_id));
  return rows.map((r) => queryToDict(r, { database: names.get(r.database_id) ?? null, user: userLabel(r.user_id === null ? null : users.get(r.user_id)) }));
}

export async function queryDict(db: Database, row: QueryRow): Promise<QueryDict> {
  return (await queryDicts(db, [row]))[0];
}

/** Applies a status change and other fields; `changed_on` moves so updated_since picks it up. */
export async function updateQuery(db: Database, id: number, fields: Partial<QueryRow>): Promise<void> {
  await db.update(queries).set({ ...fields, changed_on: new Date().toISOString() }).where(eq(queries.id, id)).run();
}

/** A run's success, unless a stop got there first: stopped is final. Answers whether it was recorded. */
export async function markQuerySucceeded(db: Database, id: number, fields: Partial<QueryRow>): Promise<boolean> {
  return updateQueryIfStatus(db, id, "running", fields);
}

/** Changes a run only while it is still in `status` (a compare-and-set: a stop or an end in between wins). */
export async function updateQueryIfStatus(db: Database, id: number, status: string, fields: Partial<QueryRow>): Promise<boolean> {
  const done = await db.update(queries).set(fields).where(and(eq(queries.id, id), eq(queries.status, status))).run();
  return done.meta.changes > 0;
}

/** A run's current status, read fresh. */
export async function queryStatus(db: Database, id: number): Promise<string | undefined> {
  return (await db.select({ status: queries.status }).from(queries).where(eq(queries.id, id)).get())?.status;
}

const ACTIVE_STATES = new Set(["running", "pending", "started", "scheduled", "fetching"]);

/**
 * Writes a run's row, in one statement in the usual case (a fresh client id). A client id seen before is
 * refused when it is another user's, answered as it stands while that run is still active, and otherwise
 * taken over by this run.
 */
export async function claimQueryRow(db: Database, values: typeof queries.$inferInsert): Promise<QueryRow | { activeQuery: QueryRow }> {
  for (let attempt = 0; ; attempt++) {
    const inserted = await db.insert(queries).values(values).onConflictDoNothing({ target: queries.client_id }).returning().get();
    if (inserted) return inserted;
    const existing = await queryByClientId(db, values.client_id);
    if (!existing) continue; // deleted in between: try again
    if (existing.user_id !== values.user_id) throw badRequest("client_id is already used by another query");
    if (ACTIVE_STATES.has(existing.status)) return { activeQuery: existing };
    if (attempt > 2) throw badRequest("client_id is being used by another run");
    await db.delete(queries).where(eq(queries.id, existing.id)).run();
  }
}
