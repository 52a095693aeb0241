import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { databases, datasetColumns, datasetMetrics, datasetOwners, datasets, users } from "../schema";
import { orderTerms, whereFor, type ListSpec } from "../lists/list";
import { notFound, badRequest } from "../../core/http/errors";
import type { ListArgs, ListFilter } from "../../core/http/list-query";
import type { DatasetScope } from "../../core/datasets/access";
import { humanizeAgo } from "../../core/recent-activity";
import { inList } from "../d1-params";
import { commonListFilter } from "../lists/common-filters";

// Reading datasets in Superset's shapes (DatasetRestApi.get_list and .get). Only datasets the caller's
// data access covers are ever visible; the others answer 404 as if they did not exist.

export type DatasetRow = typeof datasets.$inferSelect;
export type DatabaseRow = typeof databases.$inferSelect;
export type ColumnRow = typeof datasetColumns.$inferSelect;
export type MetricRow = typeof datasetMetrics.$inferSelect;

export function scopeWhere(scope: DatasetScope): SQL | undefined {
  if (scope.all) return undefined;
  const parts: SQL[] = [sql`0`];
  if (scope.databaseIds.length) parts.push(inList(datasets.database_id, scope.databaseIds));
  if (scope.datasetIds.length) parts.push(inList(datasets.id, scope.datasetIds));
  for (const s of scope.schemas) {
    parts.push(and(eq(datasets.schema, s.schema), sql`${datasets.database_id} IN (SELECT id FROM dbs WHERE database_name = ${s.database})`)!);
  }
  return or(...parts);
}

export const datasetListSpec = (scope: DatasetScope): ListSpec => ({
  table: datasets,
  columns: { id: datasets.id, table_name: datasets.table_name, schema: datasets.schema, catalog: datasets.catalog,
    database: datasets.database_id, database_id: datasets.database_id, sql: datasets.sql, uuid: datasets.uuid,
    changed_on: datasets.changed_on, changed_on_delta_humanized: datasets.changed_on, description: datasets.description },
  defaultOrder: { column: datasets.changed_on, direction: "desc" },
  baseWhere: scopeWhere(scope),
  customFilter: datasetFilter,
});

const datasetCommonFilter = commonListFilter({
  id: datasets.id,
  links: { owners: { entity: datasetOwners.table_id, other: datasetOwners.user_id } },
});

function datasetFilter(f: ListFilter): SQL | undefined {
  const common = datasetCommonFilter(f);
  if (common) return common;
  if (f.col === "sql" && f.opr === "dataset_is_null_or_empty") {
    // Superset's "type" filter: true lists physical datasets, false virtual ones
    const physical = f.value === true || f.value === "true" || f.value === "!t";
    return physical ? sql`(${datasets.sql} IS NULL OR trim(${datasets.sql}) = '')` : sql`(${datasets.sql} IS NOT NULL AND trim(${datasets.sql}) <> '')`;
  }
  if (f.col === "database" && f.opr === "rel_o_m") {
    const id = Number(f.value);
    if (!Number.isSafeInteger(id)) throw badRequest("Filter database needs a database id");
    return eq(datasets.database_id, id);
  }
  return undefined;
}

function orderBy(args: ListArgs): SQL[] {
  return orderTerms(args, {
    table_name: datasets.table_name, schema: datasets.schema, changed_on: datasets.changed_on, changed_on_delta_humanized: datasets.changed_on,
    id: datasets.id, sql: datasets.sql, "database.database_name": sql`(SELECT database_name FROM dbs WHERE dbs.id = ${datasets.database_id})`,
    "changed_by.first_name": sql`(SELECT first_name FROM ab_user WHERE ab_user.id = ${datasets.changed_by_fk})`,
  }, [desc(datasets.changed_on), desc(datasets.id)], datasets.id);
}

type UserRef = { id: number; first_name: string; last_name: string };

async function usersById(db: Database, ids: number[]): Promise<Map<number, UserRef>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: users.id, first_name: users.first_name, last_name: users.last_name }).from(users).where(inList(users.id, unique)).all();
  return new Map(rows.map((u) => [u.id, u]));
}

export async function ownersOf(db: Database, datasetIds: number[]): Promise<Map<number, UserRef[]>> {
  const map = new Map<number, UserRef[]>();
  if (!datasetIds.length) return map;
  const rows = await db
    .select({ table_id: datasetOwners.table_id, id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(datasetOwners)
    .innerJoin(users, eq(users.id, datasetOwners.user_id))
    .where(inList(datasetOwners.table_id, datasetIds))
    .all();
  for (const { table_id, ...user } of rows) (map.get(table_id) ?? map.set(table_id, []).get(table_id)!).push(user);
  return map;
}

export const datasetKind = (d: Pick<DatasetRow, "sql">) => (d.sql && d.sql.trim() ? "virtual" : "physical");
export const exploreUrl = (id: number) => `/explore/?datasource_type=table&datasource_id=${id}`;
const utc = (iso: string | null) => (iso ? iso.replace(/Z$/, "+00:00") : null);
const humanized = (iso: string | null) => (iso ? humanizeAgo(Date.now() - Date.parse(iso)) : null);

export async function listDatasets(db: Database, args: ListArgs, scope: DatasetScope) {
  const where = whereFor(datasetListSpec(scope), args.filters);
  const total = await db.select({ n: sql<number>`count(*)` }).from(datasets).where(where).get();
  const rows = await db.select().from(datasets).where(where).orderBy(...orderBy(args)).limit(args.pageSize).offset(args.page * args.pageSize).all();
  const ids = rows.map((r) => r.id);
  const dbRows = rows.length
    ? await db.select({ id: databases.id, database_name: databases.database_name }).from(databases).where(inList(databases.id, [...new Set(rows.map((r) => r.database_id))])).all()
    : [];
  const dbNames = new Map(dbRows.map((d) => [d.id, d]));
  const owners = await ownersOf(db, ids);
  const people = await usersById(db, rows.flatMap((r) => (r.changed_by_fk ? [r.changed_by_fk] : [])));
  const result = rows.map((r) => {
    const changedBy = r.changed_by_fk ? (people.get(r.changed_by_fk) ?? null) : null;
    return {
      id: r.id, uuid: r.uuid, table_name: r.table_name, schema: r.schema, catalog: r.catalog, sql: r.sql,
      kind: datasetKind(r), datasource_type: "table", description: r.description, default_endpoint: r.default_endpoint,
      extra: r.extra, database: dbNames.get(r.database_id) ?? { id: r.database_id, database_name: null },
      owners: owners.get(r.id) ?? [], changed_by: changedBy,
      changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}`.trim() : "",
      changed_on_utc: utc(r.changed_on), changed_on_delta_humanized: humanized(r.changed_on), explore_url: exploreUrl(r.id),
    };
  });
  return { count: total?.n ?? 0, ids, result };
}

/** The dataset and its database, if it exists and the caller's data access covers it; otherwise 404. */
export async function loadDataset(db: Database, id: number, scope: DatasetScope): Promise<{ dataset: DatasetRow; database: DatabaseRow }> {
  const row = await db
    .select({ dataset: datasets, database: databases })
    .from(datasets)
    .innerJoin(databases, eq(databases.id, datasets.database_id))
    .where(and(eq(datasets.id, id), scopeWhere(scope)))
    .get();
  if (!row) throw notFound();
  return row;
}

export async function columnsAndMetrics(db: Database, datasetId: number): Promise<{ columns: ColumnRow[]; metrics: MetricRow[] }> {
  const [columns, metrics] = await db.batch([
    db.select().from(datasetColumns).where(eq(datasetColumns.table_id, datasetId)).orderBy(datasetColumns.id),
    db.select().from(datasetMetrics).where(eq(datasetMetrics.table_id, datasetId)).orderBy(datasetMetrics.id),
  ]);
  return { columns, metrics };
}

export async function peopleOf(db: Database, dataset: DatasetRow) {
  const owners = (await ownersOf(db, [dataset.id])).get(dataset.id) ?? [];
  const people = await usersById(db, [dataset.created_by_fk, dataset.changed_by_fk].filter((x): x is number => !!x));
  return {
    owners,
    created_by: dataset.created_by_fk ? (people.get(dataset.created_by_fk) ?? null) : null,
    changed_by: dataset.changed_by_fk ? (people.get(dataset.changed_by_fk) ?? null) : null,
  };
}

export { humanized as humanizedSince, utc as utcText };

/** Which of the ids name datasets the scope covers. */
export async function visibleDatasetIds(db: Database, ids: number[], scope: DatasetScope): Promise<number[]> {
  const rows = await db.select({ id: datasets.id }).from(datasets).where(and(inList(datasets.id, ids), scopeWhere(scope))).all();
  return rows.map((r) => r.id);
}

/** The owner ids of each dataset. */
export async function datasetOwnerIds(db: Database, datasetIds: number[]): Promise<Map<number, number[]>> {
  const rows = await db.select().from(datasetOwners).where(inList(datasetOwners.table_id, datasetIds)).all();
  const map = new Map<number, number[]>();
  for (const r of rows) (map.get(r.table_id) ?? map.set(r.table_id, []).get(r.table_id)!).push(r.user_id);
  return map;
}

/** The dataset named by its database's name, table name and (when given) schema, as Superset's cache and warm-up APIs name them. */
export async function datasetIdByName(db: Database, n: { database_name: string; table_name: string; schema?: string | null }): Promise<number | undefined> {
  const row = await db.select({ id: datasets.id }).from(datasets).innerJoin(databases, eq(databases.id, datasets.database_id))
    .where(and(eq(databases.database_name, n.database_name), eq(datasets.table_name, n.table_name), n.schema ? eq(datasets.schema, n.schema) : undefined))
    .get();
  return row?.id;
}

/** The stored expressions of a dataset's metrics and columns (to tell which ones a save changes). */
export async function datasetExpressions(db: Database, datasetId: number) {
  const [metrics, columns] = await Promise.all([
    db.select({ id: datasetMetrics.id, expression: datasetMetrics.expression }).from(datasetMetrics).where(eq(datasetMetrics.table_id, datasetId)),
    db.select({ id: datasetColumns.id, expression: datasetColumns.expression }).from(datasetColumns).where(eq(datasetColumns.table_id, datasetId)),
  ]);
  return { metrics, columns };
}
