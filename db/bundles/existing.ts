import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { charts, dashboards, databases, datasets, savedQueries } from "../schema";
import type { ParsedBundle } from "../../core/bundles/parse";
import type { ExistingState } from "../../core/bundles/plan";
import { inList, valuesList } from "../d1-params";

// What of a bundle already exists here, read before planning: rows by the bundle's uuids, the datasets of the
// databases it names (for matching by table name), names and slugs that must stay unique, owners of what may be
// overwritten.

async function ownersBy(db: Database, table: "slice_user" | "dashboard_user" | "sqlatable_user", key: "slice_id" | "dashboard_id" | "table_id", ids: number[]) {
  const rows = await db.all<{ user_id: number; id: number }>(sql`SELECT user_id, ${sql.raw(key)} AS id FROM ${sql.raw(table)} WHERE ${sql.raw(key)} IN ${valuesList(ids)}`);
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), r.user_id]);
  return out;
}

export async function loadExisting(db: Database, bundle: ParsedBundle): Promise<ExistingState> {
  const uuids = (list: { data: Record<string, unknown> }[]) => list.map((c) => c.data.uuid as string);
  const dbUuids = [...new Set([...uuids(bundle.database), ...bundle.dataset.map((c) => c.data.database_uuid as string), ...bundle.saved_query.map((c) => c.data.database_uuid as string)])];
  const dsUuids = [...new Set([...uuids(bundle.dataset), ...bundle.chart.map((c) => c.data.dataset_uuid as string)])];
  const dbRows = await db.select({ id: databases.id, uuid: databases.uuid, database_name: databases.database_name, sqlalchemy_uri: databases.sqlalchemy_uri, has_password: sql<number>`${databases.password} IS NOT NULL` }).from(databases).where(inList(databases.uuid, dbUuids)).all();
  const names = bundle.database.map((c) => c.data.database_name as string);
  const nameRows = await db.select({ uuid: databases.uuid, database_name: databases.database_name }).from(databases).where(inList(databases.database_name, names)).all();
  const dsRows = await db.select({ id: datasets.id, uuid: datasets.uuid }).from(datasets).where(inList(datasets.uuid, dsUuids)).all();
  const dbIds = dbRows.map((r) => r.id);
  const keyRows = await db.select({ id: datasets.id, uuid: datasets.uuid, database_id: datasets.database_id, catalog: datasets.catalog, schema: datasets.schema, table_name: datasets.table_name }).from(datasets).where(inList(datasets.database_id, dbIds)).all();
  const chRows = await db.select({ id: charts.id, uuid: charts.uuid }).from(charts).where(inList(charts.uuid, uuids(bundle.chart))).all();
  const dashRows = await db.select({ id: dashboards.id, uuid: dashboards.uuid }).from(dashboards).where(inList(dashboards.uuid, uuids(bundle.dashboard))).all();
  const slugs = bundle.dashboard.map((c) => c.data.slug).filter((s): s is string => typeof s === "string" && s !== "");
  const slugRows = await db.select({ uuid: dashboards.uuid, slug: dashboards.slug }).from(dashboards).where(inList(dashboards.slug, slugs)).all();
  const sqRows = await db.select({ id: savedQueries.id, uuid: savedQueries.uuid, user_id: savedQueries.user_id }).from(savedQueries).where(inList(savedQueries.uuid, uuids(bundle.saved_query))).all();

  const dsOwners = await ownersBy(db, "sqlatable_user", "table_id", [...new Set([...dsRows.map((r) => r.id), ...keyRows.map((r) => r.id)])]);
  const chOwners = await ownersBy(db, "slice_user", "slice_id", chRows.map((r) => r.id));
  const dashOwners = await ownersBy(db, "dashboard_user", "dashboard_id", dashRows.map((r) => r.id));
  return {
    databases: new Map(dbRows.map((r) => [r.uuid, { id: r.id, owners: [], database_name: r.database_name, sqlalchemy_uri: r.sqlalchemy_uri, has_password: !!r.has_password }])),
    databaseNames: new Map(nameRows.map((r) => [r.database_name, r.uuid])),
    datasets: new Map(dsRows.map((r) => [r.uuid, { id: r.id, owners: dsOwners.get(r.id) ?? [] }])),
    datasetKeys: keyRows.map((r) => ({ ...r, owners: dsOwners.get(r.id) ?? [] })),
    charts: new Map(chRows.map((r) => [r.uuid, { id: r.id, owners: chOwners.get(r.id) ?? [] }])),
    dashboards: new Map(dashRows.map((r) => [r.uuid, { id: r.id, owners: dashOwners.get(r.id) ?? [] }])),
    dashboardSlugs: new Map(slugRows.map((r) => [r.slug!, r.uuid])),
    savedQueries: new Map(sqRows.map((r) => [r.uuid, { id: r.id, owners: r.user_id ? [r.user_id] : [] }])),
  };
}

/** The next free ids of a table: above its largest id and above what AUTOINCREMENT has handed out. */
export async function nextId(db: Database, table: "dbs" | "tables" | "slices" | "dashboards"): Promise<number> {
  const max = await db.get<{ m: number | null }>(sql.raw(`SELECT MAX(id) AS m FROM ${table}`));
  let seq = 0;
  try {
    const row = await db.get<{ seq: number | null }>(sql`SELECT seq FROM sqlite_sequence WHERE name = ${table}`);
    seq = row?.seq ?? 0;
  } catch {
    // sqlite_sequence may be unreadable: MAX(id) is then the bound
  }
  return Math.max(max?.m ?? 0, seq) + 1;
}
