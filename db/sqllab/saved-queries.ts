import { and, eq, isNotNull, like, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { revisionWrites, type RevisionMeta } from "../revisions/store";
import { savedQueries } from "../schema";
import type { ListSpec } from "../lists/list";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { ListFilter } from "../../core/http/list-query";
import { badRequest } from "../../core/http/errors";
import { inList } from "../d1-params";
import { tagFilter } from "../tags/list-filter";
import { deleteWithLinks, type DeleteCascade } from "../lists/links";

const savedQueryTagFilter = tagFilter("saved_query", "query", savedQueries.id);

export type SavedQueryRow = typeof savedQueries.$inferSelect;

/** Superset's list spec: only the caller's own saved queries (SavedQueryFilter), with the all_text search. */
export function savedQueryListSpec(userId: number): ListSpec {
  const t = savedQueries;
  return {
    table: t,
    columns: {
      id: t.id, label: t.label, schema: t.schema, catalog: t.catalog, description: t.description, sql: t.sql, rows: t.rows,
      database: t.db_id, db_id: t.db_id, "database.id": t.db_id, created_by: t.created_by_fk, changed_by: t.changed_by_fk,
      "created_by.first_name": t.created_by_fk, created_on: t.created_on, changed_on: t.changed_on,
      changed_on_delta_humanized: t.changed_on, last_run: t.last_run, last_run_delta_humanized: t.last_run,
    },
    defaultOrder: { column: t.changed_on, direction: "desc" },
    baseWhere: eq(t.user_id, userId),
    customFilter: (f: ListFilter) => {
      const byTag = savedQueryTagFilter(f);
      if (byTag) return byTag;
      if (f.opr !== "all_text") return undefined;
      if (typeof f.value !== "string") throw badRequest("The all_text filter needs a text value");
      const like = `%${f.value.replace(/[\\%_]/g, (m) => `\\${m}`).toLowerCase()}%`;
      const match = (c: SQLiteColumn) => sql`lower(coalesce(${c}, '')) LIKE ${like} ESCAPE '\\'`;
      return or(match(t.label), match(t.description), match(t.schema), match(t.sql));
    },
  };
}

export async function ownSavedQuery(db: Database, id: number, userId: number): Promise<SavedQueryRow | undefined> {
  return db.select().from(savedQueries).where(and(eq(savedQueries.id, id), eq(savedQueries.user_id, userId))).get();
}

export async function ownSavedQueryIds(db: Database, ids: number[], userId: number): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: savedQueries.id })
    .from(savedQueries)
    .where(and(inList(savedQueries.id, ids), eq(savedQueries.user_id, userId)))
    .all();
  return rows.map((r) => r.id);
}

/** A saved query carries tag links; they go with it. */
const SAVED_QUERY_CASCADE: DeleteCascade = { table: savedQueries, id: savedQueries.id, links: [], tagType: "query", revisionType: "saved_query" };

export async function deleteSavedQueries(db: Database, ids: number[]): Promise<void> {
  await deleteWithLinks(db, SAVED_QUERY_CASCADE, ids);
}

/** A new saved query of the user; text fields absent or null are stored empty, as Superset's model defaults. */
export async function insertSavedQuery(db: Database, values: Record<string, unknown>, userId: number, revision?: RevisionMeta): Promise<SavedQueryRow> {
  const text = (key: string) => (values[key] as string | null | undefined) ?? "";
  const row = await db.insert(savedQueries).values({
    ...values, label: text("label"), description: text("description"), sql: text("sql"), extra_json: (values.extra_json as string | null) || "{}",
    uuid: crypto.randomUUID(), user_id: userId, created_by_fk: userId, changed_by_fk: userId,
  }).returning().get();
  if (revision) await db.batch(revisionWrites(db, "saved_query", row.id, revision));
  return row;
}

/** Writes the fields given; a user's save passes `revision` (kept in the same batch), the scheduler's run records do not. */
export async function updateSavedQuery(db: Database, id: number, update: Record<string, unknown>, revision?: RevisionMeta): Promise<void> {
  const write = db.update(savedQueries).set(update).where(eq(savedQueries.id, id));
  if (revision) await db.batch([write, ...revisionWrites(db, "saved_query", id, revision)]);
  else await write.run();
}

/** Saved queries that may carry a schedule (a database and schedule_info in extra_json): the cron reads each one. */
export async function scheduledSavedQueries(db: Database): Promise<SavedQueryRow[]> {
  return db.select().from(savedQueries).where(and(isNotNull(savedQueries.db_id), like(savedQueries.extra_json, "%schedule_info%"))).all();
}
