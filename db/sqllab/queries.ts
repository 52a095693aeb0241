import { and, eq } from "drizzle-orm";
import type { Database } from "../client";
import { queries } from "../schema";
import { databaseNamesById, usersById } from "./lookups";
import { queryToDict, userLabel, type QueryDict } from "../../core/sqllab/payloads";
import { badRequest } from "../../core/http/errors";

export type QueryRow = typeof queries.$inferSelect;

export async function queryByClientId(db: Database, clientId: string): Promise<QueryRow | undefined> {
  return db.select().from(queries).where(eq(queries.client_id, clientId)).get();
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
  const done = await db.update(queries).set(fields).where(and(eq(queries.id, id), eq(queries.status, "running"))).run();
  return done.meta.changes > 0;
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
