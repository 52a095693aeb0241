import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { forgetDatasets } from "../datasets/cache";
import { charts, dashboardCharts, dashboards, databases, datasets, tabStates, users } from "../schema";
import { inList } from "../d1-params";

export type DatabaseRow = typeof databases.$inferSelect;
export type NewDatabaseRow = typeof databases.$inferInsert;

export async function databaseById(db: Database, id: number): Promise<DatabaseRow | undefined> {
  return db.select().from(databases).where(eq(databases.id, id)).get();
}

export async function databaseByName(db: Database, name: string): Promise<DatabaseRow | undefined> {
  return db.select().from(databases).where(eq(databases.database_name, name)).get();
}

export async function insertDatabase(db: Database, row: NewDatabaseRow): Promise<DatabaseRow> {
  const [created] = await db.insert(databases).values(row).returning();
  return created;
}

export async function updateDatabase(db: Database, id: number, changes: Partial<NewDatabaseRow>): Promise<DatabaseRow> {
  const [updated] = await db.update(databases).set(changes).where(eq(databases.id, id)).returning();
  forgetDatasets(); // cached datasets carry their database's row (connection, flags, name)
  return updated;
}

export async function countDatasets(db: Database, databaseId: number): Promise<number> {
  const row = await db.select({ n: sql<number>`count(*)` }).from(datasets).where(eq(datasets.database_id, databaseId)).get();
  return row?.n ?? 0;
}

export async function deleteDatabase(db: Database, id: number): Promise<void> {
  await db.delete(databases).where(eq(databases.id, id));
  forgetDatasets();
}

/** Charts built on the database's datasets and the dashboards that show them (Superset's related_objects). */
export async function relatedObjects(db: Database, databaseId: number) {
  const chartRows = await db
    .select({ id: charts.id, slice_name: charts.slice_name, viz_type: charts.viz_type })
    .from(charts)
    .innerJoin(datasets, and(eq(charts.datasource_id, datasets.id), eq(charts.datasource_type, "table")))
    .where(eq(datasets.database_id, databaseId))
    .all();
  const chartIds = chartRows.map((c) => c.id);
  const dashboardRows = chartIds.length
    ? await db
        .selectDistinct({ id: dashboards.id, title: dashboards.dashboard_title, slug: dashboards.slug, json_metadata: dashboards.json_metadata })
        .from(dashboards)
        .innerJoin(dashboardCharts, eq(dashboardCharts.dashboard_id, dashboards.id))
        .where(inList(dashboardCharts.slice_id, chartIds))
        .all()
    : [];
  // Superset's DatabaseDAO lists every SQL Lab tab on the database (the delete dialog counts them), whoever's
  const tabRows = await db.select({ id: tabStates.id, label: tabStates.label, active: tabStates.active }).from(tabStates).where(eq(tabStates.database_id, databaseId)).all();
  return { charts: chartRows, dashboards: dashboardRows, sqllab_tab_states: tabRows };
}

export async function userNames(db: Database, ids: (number | null)[]): Promise<Map<number, { id: number; first_name: string; last_name: string }>> {
  const wanted = [...new Set(ids.filter((i): i is number => typeof i === "number"))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: users.id, first_name: users.first_name, last_name: users.last_name }).from(users).where(inList(users.id, wanted)).all();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The databases exposed in SQL Lab, lowest id first. */
export async function sqlLabExposedDatabases(db: Database): Promise<DatabaseRow[]> {
  return db.select().from(databases).where(eq(databases.expose_in_sqllab, true)).orderBy(databases.id).all();
}
