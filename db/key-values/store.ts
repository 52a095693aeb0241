import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Database } from "../client";
import { keyValues } from "../schema";

// Superset's key_value table, one store for its resources (explore form data and permalinks, dashboard
// filter states, SQL Lab's shared queries and permalinks): each resource's rows are read only by resource.

export type KeyValueRow = typeof keyValues.$inferSelect;
type NewKeyValue = typeof keyValues.$inferInsert;

/** The entry under the key, unless it has expired. */
export async function liveKeyValue(db: Database, resource: string, key: string, now = new Date().toISOString()): Promise<KeyValueRow | undefined> {
  return db.select().from(keyValues)
    .where(and(eq(keyValues.uuid, key), eq(keyValues.resource, resource), or(isNull(keyValues.expires_on), gt(keyValues.expires_on, now))))
    .get();
}

/** The entry under the key, expired or not (entries that never expire). */
export async function keyValueByKey(db: Database, resource: string, key: string): Promise<KeyValueRow | undefined> {
  return db.select().from(keyValues).where(and(eq(keyValues.uuid, key), eq(keyValues.resource, resource))).get();
}

/** The entry with the integer id (the legacy /kv/ ids). */
export async function keyValueById(db: Database, resource: string, id: number): Promise<KeyValueRow | undefined> {
  return db.select().from(keyValues).where(and(eq(keyValues.id, id), eq(keyValues.resource, resource))).get();
}

/** Stores an entry; answers its integer id. */
export async function insertKeyValue(db: Database, values: NewKeyValue): Promise<number> {
  return (await db.insert(keyValues).values(values).returning({ id: keyValues.id }).get()).id;
}

export async function updateKeyValue(db: Database, id: number, fields: Partial<NewKeyValue>): Promise<void> {
  await db.update(keyValues).set(fields).where(eq(keyValues.id, id)).run();
}

export async function deleteKeyValue(db: Database, id: number): Promise<void> {
  await db.delete(keyValues).where(eq(keyValues.id, id)).run();
}
