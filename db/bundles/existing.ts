import { inArray, sql } from "drizzle-orm";
import type { Database } from "../client";
import { charts, dashboards, databases, datasets, savedQueries } from "../schema";
import { selectInChunks, chunked, D1_MAX_PARAMS } from "../chunked";
import type { ParsedBundle } from "../../core/bundles/parse";
import type { ExistingState } from "../../core/bundles/plan";

// What of a bundle already exists here, read before planning: rows by the bundle's uuids, the datasets of the
// databases it names (for matching by table name), names and slugs that must stay unique, owners of what may be
// overwritten.

const inChunks = async <T>(values: string[], run: (chunk: string[]) => Promise<T[]>): Promise<T[]> => {
  const out: T[] = [];
  for (const chunk of chunked(values, D1_MAX_PARAMS - 10)) out.push(...(await run(chunk)));
  return out;
};

async function ownersBy(db: Database, table: "slice_user" | "dashboard_user" | "sqlatable_user", key: "slice_id" | "dashboard_id" | "table_id", ids: number[]) {
  const rows = await selectInChunks(ids, (chunk) =>
    db.all<{ user_id: number; id: number }>(sql`SELECT user_id, ${sql.raw(key)} AS id FROM ${sql.raw(table)} WHERE ${sql.raw(key)} IN (${sql.join(chunk.map((i) => sql`${i}`), sql`, `)})`));
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), r.user_id]);
  return out;
}

export async function loadExisting(db: Database, bundle: ParsedBundle): Promise<ExistingState> {
  const uuids = (list: { data: Record<string, unknown> }[]) => list.map((c) => c.data.uuid as string);
  const dbUuids = [...new Set([...uuids(bundle.database), ...bundle.dataset.map((c) => c.data.database_uuid as string), ...bundle.saved_query.map((c) => c.data.database_uuid as string)])];
  const dsUuids = [...new Set([...uuids(bundle.dataset), ...bundle.chart.map((c) => c.data.dataset_uuid as string)])];
  const dbRows = await inChunks(dbUuids, (c) => db.select({ id: databases.id, uuid: databases.uuid, database_name: databases.database_name, sqlalchemy_uri: databases.sqlalchemy_uri, has_password: sql<number>`${databases.password} IS NOT NULL` }).from(databases).where(inArray(databases.uuid, c)).all());
  const names = bundle.database.map((c) => c.data.database_name as string);
  const nameRows = await inChunks(names, (c) => db.select({ uuid: databases.uuid, database_name: databases.database_name }).from(databases).where(inArray(databases.database_name, c)).all());
  const dsRows = await inChunks(dsUuids, (c) => db.select({ id: datasets.id, uuid: datasets.uuid }).from(datasets).where(inArray(datasets.uuid, c)).all());
  const dbIds = dbRows.map((r) => r.id);
  const keyRows = await selectInChunks(dbIds, (c) => db.select({ id: datasets.id, uuid: datasets.uuid, database_id: datasets.database_id, catalog: datasets.catalog, schema: datasets.schema, table_name: datasets.table_name }).from(datasets).where(inArray(datasets.database_id, c)).all());
  const chRows = await inChunks(uuids(bundle.chart), (c) => db.select({ id: charts.id, uuid: charts.uuid }).from(charts).where(inArray(charts.uuid, c)).all());
  const dashRows = await inChunks(uuids(bundle.dashboard), (c) => db.select({ id: dashboards.id, uuid: dashboards.uuid }).from(dashboards).where(inArray(dashboards.uuid, c)).all());
  const slugs = bundle.dashboard.map((c) => c.data.slug).filter((s): s is string => typeof s === "string" && s !== "");
  const slugRows = await inChunks(slugs, (c) => db.select({ uuid: dashboards.uuid, slug: dashboards.slug }).from(dashboards).where(inArray(dashboards.slug, c)).all());
  const sqRows = await inChunks(uuids(bundle.saved_query), (c) => db.select({ id: savedQueries.id, uuid: savedQueries.uuid, user_id: savedQueries.user_id }).from(savedQueries).where(inArray(savedQueries.uuid, c)).all());

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
