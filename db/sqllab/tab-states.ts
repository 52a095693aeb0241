import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { queries, tableSchemas, tabStates } from "../schema";
import { ApiError, notFound } from "../../core/http/errors";
import { parseJsonObject } from "../../core/sqllab/payloads";
import { queryDict } from "./queries";

export type TabStateRow = typeof tabStates.$inferSelect;
export type TableSchemaRow = typeof tableSchemas.$inferSelect;

/** The caller's tabs (id and label) in creation order. */
export async function tabsOf(db: Database, userId: number): Promise<{ id: number; label: string }[]> {
  return db.select({ id: tabStates.id, label: tabStates.label }).from(tabStates).where(eq(tabStates.user_id, userId)).orderBy(tabStates.id).all();
}

/** The caller's active tab, or any of theirs when none is active (Superset orders by active desc). */
export async function activeTabOf(db: Database, userId: number): Promise<TabStateRow | undefined> {
  return db.select().from(tabStates).where(eq(tabStates.user_id, userId)).orderBy(desc(tabStates.active), tabStates.id).get();
}

/** The tab if the caller owns it: 404 when missing, 403 when someone else's (as Superset's views answer). */
export async function ownedTab(db: Database, id: number, userId: number): Promise<TabStateRow> {
  const tab = await db.select().from(tabStates).where(eq(tabStates.id, id)).get();
  if (!tab) throw notFound();
  if (tab.user_id !== userId) throw new ApiError(403, "Forbidden");
  return tab;
}

/** The table schema if it belongs to one of the caller's tabs. */
export async function ownedTableSchema(db: Database, id: number, userId: number): Promise<TableSchemaRow> {
  const row = await db
    .select({ ts: tableSchemas, owner: tabStates.user_id })
    .from(tableSchemas)
    .innerJoin(tabStates, eq(tabStates.id, tableSchemas.tab_state_id))
    .where(eq(tableSchemas.id, id))
    .get();
  if (!row) throw notFound();
  if (row.owner !== userId) throw new ApiError(403, "Forbidden");
  return row.ts;
}

export function tableSchemaToDict(ts: TableSchemaRow) {
  let description: unknown = null;
  try {
    description = ts.description ? JSON.parse(ts.description) : null;
  } catch {
    description = null;
  }
  return {
    id: ts.id,
    tab_state_id: ts.tab_state_id,
    database_id: ts.database_id,
    catalog: ts.catalog,
    schema: ts.schema,
    table: ts.table,
    description,
    expanded: ts.expanded,
  };
}

/** Superset's TabState.to_dict(): tables, the latest query run in it, the saved query link. */
export async function tabToDict(db: Database, tab: TabStateRow) {
  const tables = await db.select().from(tableSchemas).where(eq(tableSchemas.tab_state_id, tab.id)).orderBy(tableSchemas.id).all();
  const latest = tab.latest_query_id
    ? await db.select().from(queries).where(and(eq(queries.client_id, tab.latest_query_id), eq(queries.user_id, tab.user_id))).get()
    : undefined;
  return {
    id: tab.id,
    user_id: tab.user_id,
    label: tab.label,
    active: tab.active,
    database_id: tab.database_id,
    catalog: tab.catalog,
    schema: tab.schema,
    table_schemas: tables.map(tableSchemaToDict),
    sql: tab.sql,
    query_limit: tab.query_limit,
    latest_query: latest ? await queryDict(db, latest) : null,
    autorun: tab.autorun,
    template_params: tab.template_params,
    hide_left_bar: tab.hide_left_bar,
    saved_query: tab.saved_query_id === null ? null : { id: tab.saved_query_id },
    extra_json: parseJsonObject(tab.extra_json),
  };
}
