import { eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { tags } from "../schema";
import { listPage, type ListSpec } from "../lists/list";
import { usersById, type UserRef } from "../sqllab/lookups";
import { humanizeAgo } from "../../core/recent-activity";
import { TAG_TYPE } from "../../core/tags/tags";
import type { ListArgs } from "../../core/http/list-query";
import { inList } from "../d1-params";

// The tag list as GET /api/v1/tag/ answers it, shared by the API and the Tags page.

export type TagRow = typeof tags.$inferSelect;

const spec: ListSpec = {
  table: tags,
  columns: {
    id: tags.id, name: tags.name, type: tags.type, description: tags.description, created_by: tags.created_by_fk,
    changed_on_delta_humanized: tags.changed_on, created_on_delta_humanized: tags.created_on,
  },
  defaultOrder: { column: tags.name, direction: "asc" },
  // Superset's UserCreatedTagTypeFilter: custom tags only (the Tags page), or only the system ones
  customFilter: (f) => {
    if (f.opr !== "custom_tag") return undefined;
    return f.value === false ? sql`${tags.type} <> ${TAG_TYPE.custom}` : eq(tags.type, TAG_TYPE.custom);
  },
};

export function tagJson(r: TagRow, people: Map<number, UserRef>, now = Date.now()) {
  const person = (id: number | null) => {
    const u = id ? people.get(id) : undefined;
    return u ? { first_name: u.first_name, last_name: u.last_name } : null;
  };
  const ago = (iso: string | null) => (iso ? humanizeAgo(now - Date.parse(iso)) : null);
  return {
    id: r.id, name: r.name, type: r.type, description: r.description,
    changed_by: person(r.changed_by_fk), changed_on_delta_humanized: ago(r.changed_on),
    created_by: person(r.created_by_fk), created_on_delta_humanized: ago(r.created_on),
  };
}

export type TagListItem = ReturnType<typeof tagJson>;

export async function listTags(db: Database, args: ListArgs): Promise<{ count: number; rows: TagRow[]; result: TagListItem[] }> {
  const { count, rows } = await listPage<TagRow>(db, spec, args);
  const people = await usersById(db, rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]));
  return { count, rows, result: rows.map((r) => tagJson(r, people)) };
}

export async function tagById(db: Database, id: number): Promise<TagRow | undefined> {
  return db.select().from(tags).where(eq(tags.id, id)).get();
}

/** The tag with this name, if any (names are unique). */
export async function tagByName(db: Database, name: string): Promise<{ id: number } | undefined> {
  return db.select({ id: tags.id }).from(tags).where(eq(tags.name, name)).get();
}

/** The tags among the ids that exist, with their types. */
export async function tagsById(db: Database, ids: number[]): Promise<{ id: number; type: number }[]> {
  return db.select({ id: tags.id, type: tags.type }).from(tags).where(inList(tags.id, ids)).all();
}

/** The ids of the tags among the names that exist. */
export async function tagIdsByName(db: Database, names: string[]): Promise<number[]> {
  return (await db.select({ id: tags.id }).from(tags).where(inList(tags.name, names)).all()).map((r) => r.id);
}

export async function insertTag(db: Database, t: { name: string; type: number; description: string | null }, actor: number): Promise<number> {
  return (await db.insert(tags).values({ ...t, created_by_fk: actor, changed_by_fk: actor }).returning({ id: tags.id }).get()).id;
}

export async function updateTag(db: Database, id: number, changes: { name?: string; description?: string | null }, actor: number): Promise<void> {
  await db.update(tags).set({ ...changes, changed_by_fk: actor }).where(eq(tags.id, id)).run();
}
