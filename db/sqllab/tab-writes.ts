import { and, desc, eq, ne } from "drizzle-orm";
import type { Database } from "../client";
import { queries, tableSchemas, tabStates } from "../schema";
import { inList } from "../d1-params";

// Writing SQL Lab's per-user state: tabs (tab_state), their open tables (table_schema) and which tab a run
// belongs to. The handlers check ownership first (ownedTab / ownedTableSchema); these only write.

type NewTab = typeof tabStates.$inferInsert;
type NewTableSchema = typeof tableSchemas.$inferInsert;

/** A new active tab; the user's other tabs stop being active in the same batch (as Superset's one request). */
export async function insertActiveTab(db: Database, values: NewTab & { user_id: number }): Promise<number> {
  const [, inserted] = await db.batch([
    db.update(tabStates).set({ active: false }).where(eq(tabStates.user_id, values.user_id)),
    db.insert(tabStates).values(values).returning({ id: tabStates.id }),
  ]);
  return inserted[0].id;
}

export async function updateTab(db: Database, id: number, fields: Partial<NewTab>): Promise<void> {
  await db.update(tabStates).set(fields).where(eq(tabStates.id, id)).run();
}

/** Deletes a tab with its open tables. */
export async function deleteTab(db: Database, id: number): Promise<void> {
  await db.batch([db.delete(tableSchemas).where(eq(tableSchemas.tab_state_id, id)), db.delete(tabStates).where(eq(tabStates.id, id))]);
}

/** Makes the tab the user's only active one. */
export async function activateTab(db: Database, userId: number, id: number): Promise<void> {
  await db.batch([
    db.update(tabStates).set({ active: false }).where(and(eq(tabStates.user_id, userId), ne(tabStates.id, id))),
    db.update(tabStates).set({ active: true }).where(eq(tabStates.id, id)),
  ]);
}

/** Moves the user's run into the tab. */
export async function moveQueryToTab(db: Database, userId: number, clientId: string, tabId: number): Promise<void> {
  await db.update(queries).set({ sql_editor_id: String(tabId) }).where(and(eq(queries.client_id, clientId), eq(queries.user_id, userId))).run();
}

/** Removes the user's run from the tab; when it was the tab's latest, the tab falls back to its previous run. */
export async function removeQueryFromTab(db: Database, userId: number, tabId: number, clientId: string, wasLatest: boolean): Promise<void> {
  const mine = and(eq(queries.user_id, userId), eq(queries.sql_editor_id, String(tabId)));
  if (wasLatest) {
    const previous = await db.select({ client_id: queries.client_id }).from(queries).where(and(mine, ne(queries.client_id, clientId))).orderBy(desc(queries.id)).get();
    await db.update(tabStates).set({ latest_query_id: previous?.client_id ?? null }).where(eq(tabStates.id, tabId)).run();
  }
  await db.delete(queries).where(and(mine, eq(queries.client_id, clientId))).run();
}

/** Opens a table in a tab, replacing an entry for the same table (same catalog and schema, NULL-safe) as Superset. */
export async function openTable(db: Database, values: NewTableSchema & { tab_state_id: number; database_id: number; table: string }): Promise<number> {
  const same = and(eq(tableSchemas.tab_state_id, values.tab_state_id), eq(tableSchemas.database_id, values.database_id), eq(tableSchemas.table, values.table));
  const existing = await db.select().from(tableSchemas).where(same).all();
  const stale = existing.filter((t) => t.schema === (values.schema ?? null) && t.catalog === (values.catalog ?? null)).map((t) => t.id);
  const insert = db.insert(tableSchemas).values(values).returning({ id: tableSchemas.id });
  const results = stale.length ? await db.batch([db.delete(tableSchemas).where(and(same, inList(tableSchemas.id, stale))), insert]) : [await insert];
  const inserted = results[results.length - 1] as { id: number }[];
  return inserted[0].id;
}

export async function setTableExpanded(db: Database, id: number, expanded: boolean): Promise<void> {
  await db.update(tableSchemas).set({ expanded }).where(eq(tableSchemas.id, id)).run();
}

export async function closeTable(db: Database, id: number): Promise<void> {
  await db.delete(tableSchemas).where(eq(tableSchemas.id, id)).run();
}
