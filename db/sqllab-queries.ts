import { and, eq } from "drizzle-orm";
import type { Database } from "./client";
import { queries } from "./schema";
import { databaseNamesById, usersById } from "./sqllab-lookups";
import { queryToDict, userLabel, type QueryDict } from "../core/sqllab/payloads";

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
