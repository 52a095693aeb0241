import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../client";
import { forgetDatasets } from "./cache";
import { datasetColumns, datasetMetrics, datasetOwners, datasets, users } from "../schema";
import type { ColumnRow, DatasetRow, MetricRow } from "./datasets";
import { invalidDataset } from "../../core/datasets/fields";
import type { ColumnPut, DatasetCreate, DatasetUpdate, MetricPut } from "../../core/datasets/payloads";
import { inList, insertChunks } from "../d1-params";
import { deleteWithLinks, type DeleteCascade } from "../lists/links";
import { revisionWrites, type RevisionMeta } from "../revisions/store";

// Writing datasets: create with columns read from the source, update with Superset's replace semantics
// for columns and metrics (listed ids are updated, new ones created, missing ones deleted), refresh
// from the source, duplicate, delete. Multi-row changes go in one D1 batch so they land together.

export interface SourceColumn {
  column_name: string;
  type: string | null;
  type_generic: number;
  is_dttm: boolean;
}

const uuid = () => crypto.randomUUID();
/** a random version-4 UUID computed by SQLite, for rows copied with INSERT … SELECT */
const SQL_UUID = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
  substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;
const now = () => new Date().toISOString();

/** Same database, catalog, schema and name (NULL-safe, as SQLite's unique index is not). */
export async function findDataset(db: Database, key: { database: number; catalog: string | null; schema: string | null; table_name: string }, exceptId?: number) {
  const rows = await db
    .select()
    .from(datasets)
    .where(and(
      eq(datasets.database_id, key.database),
      eq(datasets.table_name, key.table_name),
      key.schema === null ? isNull(datasets.schema) : eq(datasets.schema, key.schema),
      key.catalog === null ? isNull(datasets.catalog) : eq(datasets.catalog, key.catalog),
    ))
    .all();
  return rows.find((r) => r.id !== exceptId) ?? null;
}

export async function assertUsersExist(db: Database, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = await db.select({ id: users.id }).from(users).where(inList(users.id, ids)).all();
  if (found.length !== new Set(ids).size) throw invalidDataset({ owners: ["Owners are invalid"] });
}

const columnValues = (datasetId: number, c: SourceColumn, actor: number) => ({
  uuid: uuid(), table_id: datasetId, column_name: c.column_name, type: c.type, type_generic: c.type_generic, is_dttm: c.is_dttm,
  created_by_fk: actor, changed_by_fk: actor,
});

/** Creates the dataset with its columns and a COUNT(*) metric; `revision` keeps its first revision in the same batch. */
export async function insertDataset(db: Database, input: DatasetCreate, columns: SourceColumn[], owners: number[], actor: number, revision?: RevisionMeta): Promise<number> {
  const created = await db
    .insert(datasets)
    .values({
      uuid: uuid(), table_name: input.table_name, database_id: input.database, schema: input.schema, catalog: input.catalog, sql: input.sql,
      main_dttm_col: columns.find((c) => c.is_dttm)?.column_name ?? null, template_params: input.template_params ?? null,
      always_filter_main_dttm: input.always_filter_main_dttm ?? false, normalize_columns: input.normalize_columns ?? false,
      external_url: input.external_url ?? null, is_managed_externally: input.is_managed_externally ?? false,
      created_by_fk: actor, changed_by_fk: actor,
    })
    .returning({ id: datasets.id })
    .get();
  const id = created.id;
  const writes = [
    // Superset gives every new dataset a COUNT(*) metric
    db.insert(datasetMetrics).values({ uuid: uuid(), table_id: id, metric_name: "count", metric_type: "count", expression: "COUNT(*)", verbose_name: "COUNT(*)", created_by_fk: actor, changed_by_fk: actor }),
    ...insertChunks(datasetColumns, columns).map((part) => db.insert(datasetColumns).values(part.map((c) => columnValues(id, c, actor)))),
    ...owners.map((user_id) => db.insert(datasetOwners).values({ user_id, table_id: id }).onConflictDoNothing()),
    // last: the revision reads the columns and metrics the statements above wrote
    ...(revision ? revisionWrites(db, "dataset", id, revision) : []),
  ];
  await db.batch(writes as [typeof writes[0], ...typeof writes]);
  forgetDatasets(); // a request may have cached this id as missing
  return id;
}


/** Updates the dataset (Superset's replace semantics for columns and metrics); `revision` keeps a revision of the result in the batch. */
export async function updateDataset(db: Database, dataset: DatasetRow, update: DatasetUpdate, actor: number, revision?: RevisionMeta): Promise<void> {
  const { columns, metrics, owners, database_id, ...fields } = update;
  const current = await db.batch([
    db.select().from(datasetColumns).where(eq(datasetColumns.table_id, dataset.id)),
    db.select().from(datasetMetrics).where(eq(datasetMetrics.table_id, dataset.id)),
  ]);
  const writes: unknown[] = [
    db.update(datasets).set({ ...fields, ...(database_id ? { database_id } : {}), changed_by_fk: actor, changed_on: now() }).where(eq(datasets.id, dataset.id)),
  ];
  if (columns) writes.push(...replaceColumns(db, dataset.id, current[0], columns, actor));
  if (metrics) writes.push(...replaceMetrics(db, dataset.id, current[1], metrics, actor));
  if (owners) {
    writes.push(db.delete(datasetOwners).where(eq(datasetOwners.table_id, dataset.id)));
    for (const user_id of owners) writes.push(db.insert(datasetOwners).values({ user_id, table_id: dataset.id }).onConflictDoNothing());
  }
  if (revision) writes.push(...revisionWrites(db, "dataset", dataset.id, revision));
  await db.batch(writes as never);
  forgetDatasets();
}

function replaceColumns(db: Database, datasetId: number, existing: ColumnRow[], columns: ColumnPut[], actor: number) {
  const byId = new Map(existing.map((c) => [c.id, c]));
  if (columns.some((c) => c.id !== undefined && !byId.has(c.id))) throw invalidDataset({ columns: ["One or more columns do not exist"] });
  const kept = new Set(columns.flatMap((c) => (c.id ? [c.id] : [])));
  const removed = existing.filter((c) => !kept.has(c.id)).map((c) => c.id);
  const writes: { run: unknown }[] = [];
  // deletions first, so a renamed-and-recreated column does not collide with the unique name index
  if (removed.length) writes.push(db.delete(datasetColumns).where(inList(datasetColumns.id, removed)));
  for (const { id, ...c } of columns) {
    if (id) writes.push(db.update(datasetColumns).set({ ...c, changed_by_fk: actor, changed_on: now() }).where(eq(datasetColumns.id, id)));
    else writes.push(db.insert(datasetColumns).values({ ...c, uuid: uuid(), table_id: datasetId, created_by_fk: actor, changed_by_fk: actor }));
  }
  return writes;
}

function replaceMetrics(db: Database, datasetId: number, existing: MetricRow[], metrics: MetricPut[], actor: number) {
  const byId = new Map(existing.map((m) => [m.id, m]));
  if (metrics.some((m) => m.id !== undefined && !byId.has(m.id))) throw invalidDataset({ metrics: ["One or more metrics do not exist"] });
  const kept = new Set(metrics.flatMap((m) => (m.id ? [m.id] : [])));
  const removed = existing.filter((m) => !kept.has(m.id)).map((m) => m.id);
  const writes: { run: unknown }[] = [];
  if (removed.length) writes.push(db.delete(datasetMetrics).where(inList(datasetMetrics.id, removed)));
  for (const { id, ...m } of metrics) {
    if (id) writes.push(db.update(datasetMetrics).set({ ...m, changed_by_fk: actor, changed_on: now() }).where(eq(datasetMetrics.id, id)));
    else writes.push(db.insert(datasetMetrics).values({ ...m, uuid: uuid(), table_id: datasetId, created_by_fk: actor, changed_by_fk: actor }));
  }
  return writes;
}

/**
 * Refresh from the source: columns still there get the source's type (their settings stay), new ones are
 * added, physical columns gone from the source are removed; calculated columns (with an expression) stay.
 */
export async function refreshColumns(db: Database, dataset: DatasetRow, source: SourceColumn[], actor: number, revision?: RevisionMeta): Promise<void> {
  const existing = await db.select().from(datasetColumns).where(eq(datasetColumns.table_id, dataset.id)).all();
  const byName = new Map(existing.map((c) => [c.column_name, c]));
  const names = new Set(source.map((c) => c.column_name));
  const writes: unknown[] = [db.update(datasets).set({ changed_by_fk: actor, changed_on: now() }).where(eq(datasets.id, dataset.id))];
  const gone = existing.filter((c) => !c.expression && !names.has(c.column_name)).map((c) => c.id);
  if (gone.length) writes.push(db.delete(datasetColumns).where(inList(datasetColumns.id, gone)));
  for (const c of source) {
    const old = byName.get(c.column_name);
    if (old) writes.push(db.update(datasetColumns).set({ type: c.type, type_generic: c.type_generic, changed_on: now() }).where(eq(datasetColumns.id, old.id)));
    else writes.push(db.insert(datasetColumns).values(columnValues(dataset.id, c, actor)));
  }
  if (revision) writes.push(...revisionWrites(db, "dataset", dataset.id, revision));
  await db.batch(writes as never);
  forgetDatasets();
}

export async function duplicateDataset(db: Database, base: DatasetRow, tableName: string, actor: number): Promise<number> {
  const { id: _id, uuid: _uuid, created_on: _c, changed_on: _ch, ...copy } = base;
  const created = await db
    .insert(datasets)
    .values({ ...copy, uuid: uuid(), table_name: tableName, created_by_fk: actor, changed_by_fk: actor })
    .returning({ id: datasets.id })
    .get();
  const id = created.id;
  // columns and metrics are copied inside the database, in one transaction: no round trip through the Worker
  const d1 = db.$client;
  const stamp = now();
  await d1.batch([
    d1.prepare(`INSERT INTO table_columns (uuid, table_id, column_name, verbose_name, is_dttm, is_active, type, type_generic, groupby,
      filterable, expression, description, python_date_format, advanced_data_type, extra, created_on, changed_on, created_by_fk, changed_by_fk)
      SELECT ${SQL_UUID}, ?1, column_name, verbose_name, is_dttm, is_active, type, type_generic, groupby, filterable,
      expression, description, python_date_format, advanced_data_type, extra, ?3, ?3, ?4, ?4
      FROM table_columns WHERE table_id = ?2`).bind(id, base.id, stamp, actor),
    d1.prepare(`INSERT INTO sql_metrics (uuid, table_id, metric_name, verbose_name, metric_type, expression, description, d3format, currency,
      warning_text, extra, created_on, changed_on, created_by_fk, changed_by_fk)
      SELECT ${SQL_UUID}, ?1, metric_name, verbose_name, metric_type, expression, description, d3format, currency,
      warning_text, extra, ?3, ?3, ?4, ?4
      FROM sql_metrics WHERE table_id = ?2`).bind(id, base.id, stamp, actor),
    d1.prepare("INSERT OR IGNORE INTO sqlatable_user (user_id, table_id) VALUES (?1, ?2)").bind(actor, id),
  ]);
  forgetDatasets(); // a request may have cached this id as missing
  return id;
}

/** What goes with a dataset: its columns, metrics and owners (ON DELETE CASCADE in the schema too). */
const DATASET_CASCADE: DeleteCascade = {
  table: datasets, id: datasets.id, links: [datasetColumns.table_id, datasetMetrics.table_id, datasetOwners.table_id], revisionType: "dataset",
};

export async function deleteDatasets(db: Database, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await deleteWithLinks(db, DATASET_CASCADE, ids);
  forgetDatasets();
}

/**
 * Deletes one column or metric of a dataset, in one batch with the dataset's changed stamp and a revision (issue
 * 34: the dataset editor deletes them one at a time, and each is a change History must be able to undo). Answers
 * the deleted item's name, or null when the dataset has no such item (nothing is written then).
 */
export async function deleteDatasetItem(db: Database, kind: "column" | "metric", datasetId: number, itemId: number, actor: number, revision: (name: string) => RevisionMeta): Promise<string | null> {
  const table = kind === "column" ? datasetColumns : datasetMetrics;
  const name = kind === "column" ? datasetColumns.column_name : datasetMetrics.metric_name;
  const match = and(eq(table.id, itemId), eq(table.table_id, datasetId));
  const item = await db.select({ name }).from(table).where(match).get();
  if (!item) return null;
  await db.batch([
    db.delete(table).where(match),
    db.update(datasets).set({ changed_by_fk: actor, changed_on: now() }).where(eq(datasets.id, datasetId)),
    ...revisionWrites(db, "dataset", datasetId, revision(item.name)),
  ]);
  forgetDatasets();
  return item.name;
}

/** A new cache generation for the datasets: every cached result of theirs is passed over from now on. */
export async function bumpCacheGeneration(db: Database, ids: number[]): Promise<void> {
  if (ids.length) await db.update(datasets).set({ cache_generation: sql`${datasets.cache_generation} + 1` }).where(inList(datasets.id, ids)).run();
  forgetDatasets(); // the generation is part of every cache key: this isolate sees the new one at once
}
