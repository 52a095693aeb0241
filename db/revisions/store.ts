import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import { charts, dashboards, databases, datasetColumns, datasetMetrics, datasets, revisions, savedQueries, users } from "../schema";
import { inList } from "../d1-params";
import {
  CHART_STATE_FIELDS, DASHBOARD_STATE_FIELDS, DATASET_COLUMN_FIELDS, DATASET_METRIC_FIELDS, DATASET_STATE_FIELDS, SAVED_QUERY_STATE_FIELDS, type RevisionType,
} from "../../core/revisions/revisions";

// Revision rows (issue 34). A revision is written by the statements below INSIDE the batch of the save that
// makes it: the INSERT … SELECT reads the object's row as the batch's earlier statements left it, so the kept
// state is exactly what was saved, and the save and its revision stand or fall together. Pruning runs in the
// same batch.

type Item = BatchItem<"sqlite">;

export interface RevisionMeta {
  actor: number;
  message: string | null;
  /** revisions kept per object (REVISIONS_KEPT) */
  keep: number;
}

const SOURCES = {
  dashboard: { table: dashboards, id: dashboards.id, fields: DASHBOARD_STATE_FIELDS },
  chart: { table: charts, id: charts.id, fields: CHART_STATE_FIELDS },
  dataset: { table: datasets, id: datasets.id, fields: DATASET_STATE_FIELDS },
  saved_query: { table: savedQueries, id: savedQueries.id, fields: SAVED_QUERY_STATE_FIELDS },
} as const;

const pairsOf = (table: unknown, fields: readonly string[]) => {
  const cols = table as Record<string, SQL>;
  // the keys are this file's constants, written as literals: a dataset's 40 keys as bound parameters would eat
  // into D1's 100 a statement
  return fields.map((f) => sql`${sql.raw(`'${f}'`)}, ${cols[f]}`);
};

/**
 * The dataset's columns or metrics as a JSON array, ordered by id (a correlated subquery on the outer `tables`
 * row). json() keeps it an array inside json_object: a subquery's value loses the JSON subtype and would be
 * stored as a quoted string.
 */
function childrenOf(table: typeof datasetColumns | typeof datasetMetrics, fields: readonly string[]): SQL {
  const inner = sql`SELECT * FROM ${table} WHERE ${table.table_id} = ${datasets.id} ORDER BY ${table.id}`;
  const cols = fields.map((f) => sql`${sql.raw(`'${f}'`)}, ${sql.identifier(f)}`);
  return sql`json((SELECT json_group_array(json_object(${sql.join(cols, sql`, `)})) FROM (${inner})))`;
}

/** json_object('field', column, …) of the object's row: its saved state (a dataset's with its columns and metrics). */
function stateOf(type: RevisionType): SQL {
  const { table, fields } = SOURCES[type];
  const pairs = pairsOf(table, fields);
  if (type === "dataset")
    pairs.push(sql`'columns', ${childrenOf(datasetColumns, DATASET_COLUMN_FIELDS)}`, sql`'metrics', ${childrenOf(datasetMetrics, DATASET_METRIC_FIELDS)}`);
  return sql`json_object(${sql.join(pairs, sql`, `)})`;
}

const latestOf = (type: RevisionType, objectId: SQL | number) =>
  sql`(SELECT MAX(${revisions.revision}) FROM ${revisions} WHERE ${revisions.object_type} = ${type} AND ${revisions.object_id} = ${objectId})`;

/**
 * The statements keeping a revision of the object `objectId` (a number, or a subquery finding a row the same
 * batch inserts) and pruning what falls beyond `meta.keep`.
 */
export function revisionWrites(db: Database, type: RevisionType, objectId: number | SQL, meta: RevisionMeta): [Item, Item] {
  const { table, id } = SOURCES[type];
  const insert = db.insert(revisions).select(
    // drizzle's INSERT … SELECT wants every column of the table, in order: a NULL id takes the next one
    db.select({
      id: sql`NULL`.as("id"),
      object_type: sql`${type}`.as("object_type"),
      object_id: id,
      revision: sql`COALESCE(${latestOf(type, objectId)}, 0) + 1`.as("revision"),
      changed_by_fk: sql`${meta.actor}`.as("changed_by_fk"),
      changed_on: sql`${new Date().toISOString()}`.as("changed_on"),
      message: sql`${meta.message}`.as("message"),
      state: stateOf(type).as("state"),
    }).from(table).where(eq(id, objectId as number)),
  );
  const prune = db.delete(revisions).where(and(
    eq(revisions.object_type, type), eq(revisions.object_id, objectId as number),
    sql`${revisions.revision} <= ${latestOf(type, objectId)} - ${meta.keep}`,
  ));
  return [insert, prune];
}

/** The statement removing the revisions of deleted objects (in the batch that deletes them). */
export function dropRevisions(db: Database, type: RevisionType, ids: number[]): Item {
  return db.delete(revisions).where(and(eq(revisions.object_type, type), inList(revisions.object_id, ids)));
}

export interface RevisionListRow {
  id: number;
  revision: number;
  changed_on: string;
  message: string | null;
  changed_by: { id: number; first_name: string; last_name: string } | null;
}

/** The object's revisions, newest first. */
export async function listRevisions(db: Database, type: RevisionType, objectId: number): Promise<RevisionListRow[]> {
  const rows = await db
    .select({ id: revisions.id, revision: revisions.revision, changed_on: revisions.changed_on, message: revisions.message,
      user_id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(revisions).leftJoin(users, eq(users.id, revisions.changed_by_fk))
    .where(and(eq(revisions.object_type, type), eq(revisions.object_id, objectId)))
    .orderBy(desc(revisions.revision)).all();
  return rows.map(({ user_id, first_name, last_name, ...r }) => ({
    ...r, changed_by: user_id === null ? null : { id: user_id, first_name: first_name ?? "", last_name: last_name ?? "" },
  }));
}

export type RevisionRow = typeof revisions.$inferSelect;

/** One revision of the object and the one saved before it (null for the first kept). */
export async function revisionWithPrevious(db: Database, type: RevisionType, objectId: number, revisionId: number): Promise<{ row: RevisionRow; previous: RevisionRow | null } | null> {
  const row = await db.select().from(revisions)
    .where(and(eq(revisions.id, revisionId), eq(revisions.object_type, type), eq(revisions.object_id, objectId))).get();
  if (!row) return null;
  const previous = await db.select().from(revisions)
    .where(and(eq(revisions.object_type, type), eq(revisions.object_id, objectId), lt(revisions.revision, row.revision)))
    .orderBy(desc(revisions.revision)).limit(1).get();
  return { row, previous: previous ?? null };
}

/** One revision of the object, by id (null when it is not one of that object's). */
export async function revisionById(db: Database, type: RevisionType, objectId: number, revisionId: number): Promise<RevisionRow | null> {
  const row = await db.select().from(revisions)
    .where(and(eq(revisions.id, revisionId), eq(revisions.object_type, type), eq(revisions.object_id, objectId))).get();
  return row ?? null;
}

/** Names of the charts among `ids` that exist (a restore keeps only those; the diff says their names). */
export async function chartNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: charts.id, name: charts.slice_name }).from(charts).where(inList(charts.id, ids)).all();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Names of the databases among `ids` that exist. */
export async function databaseNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: databases.id, name: databases.database_name }).from(databases).where(inList(databases.id, ids)).all();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Names of the datasets among `ids` that exist. */
export async function datasetNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: datasets.id, name: datasets.table_name }).from(datasets).where(inList(datasets.id, ids)).all();
  return new Map(rows.map((r) => [r.id, r.name]));
}
