import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { taggedObjects, tags, userFavoriteTags } from "../schema";
import { inList, insertChunks, notInList } from "../d1-params";
import { nowIso } from "../schema/columns";
import { TAG_TYPE, type ObjectRef, type ObjectType, type TagRef } from "../../core/tags/tags";

// Reading and writing tags and their links to dashboards, charts and saved queries. Lists of names or ids are
// bound as one JSON parameter (db/d1-params.ts), so a tag with many objects stays within D1's limits.

export type { TagRef };

/** The tags of each object of one type, by object id (what the list APIs answer as `tags`). */
export async function tagsOfObjects(db: Database, type: ObjectType, ids: number[]): Promise<Map<number, TagRef[]>> {
  const out = new Map<number, TagRef[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ object_id: taggedObjects.object_id, id: tags.id, name: tags.name, type: tags.type })
    .from(taggedObjects)
    .innerJoin(tags, eq(tags.id, taggedObjects.tag_id))
    .where(and(eq(taggedObjects.object_type, type), inList(taggedObjects.object_id, ids)))
    .orderBy(tags.name)
    .all();
  for (const { object_id, ...tag } of rows) out.set(object_id, [...(out.get(object_id) ?? []), tag]);
  return out;
}

/** The tags named, created with `type` where missing (Superset's get_by_name), by name. */
export async function ensureTags(db: Database, names: string[], type: number, actor: number | null): Promise<Map<string, TagRef>> {
  if (!names.length) return new Map();
  const now = nowIso();
  await db.run(sql`INSERT OR IGNORE INTO ${tags} (name, type, created_on, changed_on, created_by_fk, changed_by_fk)
    SELECT value, ${type}, ${now}, ${now}, ${actor}, ${actor} FROM json_each(${JSON.stringify(names)})`);
  const rows = await db.select({ id: tags.id, name: tags.name, type: tags.type }).from(tags).where(inList(tags.name, names)).all();
  return new Map(rows.map((r) => [r.name, r]));
}

/** Links every tag to every object; links that exist are kept. */
export async function linkTags(db: Database, tagIds: number[], objects: ObjectRef[], actor: number | null): Promise<void> {
  const now = nowIso();
  const rows = tagIds.flatMap((tag_id) => objects.map((o) => ({ tag_id, object_id: o.id, object_type: o.type, created_on: now, changed_on: now, created_by_fk: actor, changed_by_fk: actor })));
  for (const part of insertChunks(taggedObjects, rows)) await db.insert(taggedObjects).values(part).onConflictDoNothing().run();
}

/** Removes one tag from one object; false when it was not there. */
export async function unlinkTag(db: Database, object: ObjectRef, tagId: number): Promise<boolean> {
  const gone = await db.delete(taggedObjects)
    .where(and(eq(taggedObjects.tag_id, tagId), eq(taggedObjects.object_type, object.type), eq(taggedObjects.object_id, object.id)))
    .returning({ id: taggedObjects.id }).all();
  return gone.length > 0;
}

/** Replaces an object's custom tags with the tags given by id (the properties dialogs send the whole list). */
export async function setCustomTags(db: Database, object: ObjectRef, tagIds: number[], actor: number): Promise<void> {
  await db.delete(taggedObjects).where(and(
    eq(taggedObjects.object_type, object.type), eq(taggedObjects.object_id, object.id), notInList(taggedObjects.tag_id, tagIds),
    sql`${taggedObjects.tag_id} IN (SELECT id FROM ${tags} WHERE type = ${TAG_TYPE.custom})`,
  )).run();
  await linkTags(db, tagIds, [object], actor);
}

// System tags (Superset's ObjectUpdater): `type:{type}` and `owner:{id}` on every object, `favorited_by:{id}`
// for each user who starred it. The links of one change are swapped in one batch.

/** After an object is created or its owners change: its owner tags become exactly `ownerIds`, and it has its type tag. */
export async function syncSystemTags(db: Database, object: ObjectRef, ownerIds: number[]): Promise<void> {
  const names = [`type:${object.type}`, ...ownerIds.map((id) => `owner:${id}`)];
  const now = nowIso();
  // the tags first (idempotent), then the object's owner links swapped: a reader sees the old or the new owners
  await db.run(sql`INSERT OR IGNORE INTO ${tags} (name, type, created_on, changed_on)
    SELECT value, CASE WHEN value LIKE 'type:%' THEN ${TAG_TYPE.type} ELSE ${TAG_TYPE.owner} END, ${now}, ${now} FROM json_each(${JSON.stringify(names)})`);
  const ids = (await db.select({ id: tags.id }).from(tags).where(inList(tags.name, names)).all()).map((r) => r.id);
  const links = ids.map((tag_id) => ({ tag_id, object_id: object.id, object_type: object.type, created_on: now, changed_on: now }));
  await db.batch([
    db.delete(taggedObjects).where(and(
      eq(taggedObjects.object_type, object.type), eq(taggedObjects.object_id, object.id),
      sql`${taggedObjects.tag_id} IN (SELECT id FROM ${tags} WHERE type = ${TAG_TYPE.owner})`,
    )),
    ...insertChunks(taggedObjects, links).map((part) => db.insert(taggedObjects).values(part).onConflictDoNothing()),
  ]);
}

/** A user starred (or unstarred) an object: its `favorited_by:{user}` tag follows. */
export async function syncFavoriteTag(db: Database, userId: number, object: ObjectRef, on: boolean): Promise<void> {
  const name = `favorited_by:${userId}`;
  if (!on) {
    await db.delete(taggedObjects).where(and(
      eq(taggedObjects.object_type, object.type), eq(taggedObjects.object_id, object.id),
      sql`${taggedObjects.tag_id} = (SELECT id FROM ${tags} WHERE name = ${name})`,
    )).run();
    return;
  }
  const tag = (await ensureTags(db, [name], TAG_TYPE.favorited_by, null)).get(name);
  if (tag) await linkTags(db, [tag.id], [object], userId);
}

/** The statement that drops every tag link of deleted objects: callers put it in their delete batch. */
export function dropTagLinks(db: Database, type: ObjectType, ids: number[]) {
  return db.delete(taggedObjects).where(and(eq(taggedObjects.object_type, type), inList(taggedObjects.object_id, ids)));
}

/** Deletes tags with their links and stars, in one batch (the links are removed explicitly, as elsewhere). */
export async function deleteTags(db: Database, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.batch([
    db.delete(taggedObjects).where(inList(taggedObjects.tag_id, ids)),
    db.delete(userFavoriteTags).where(inList(userFavoriteTags.tag_id, ids)),
    db.delete(tags).where(inList(tags.id, ids)),
  ]);
}

/** Which of the tags the user starred. */
export async function favoriteTagIds(db: Database, userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: userFavoriteTags.tag_id }).from(userFavoriteTags)
    .where(and(eq(userFavoriteTags.user_id, userId), inList(userFavoriteTags.tag_id, ids))).all();
  return new Set(rows.map((r) => r.id));
}

export async function setTagFavorite(db: Database, userId: number, tagId: number, on: boolean): Promise<void> {
  if (on) await db.insert(userFavoriteTags).values({ tag_id: tagId, user_id: userId, created_by_fk: userId, changed_by_fk: userId }).onConflictDoNothing().run();
  else await db.delete(userFavoriteTags).where(and(eq(userFavoriteTags.user_id, userId), eq(userFavoriteTags.tag_id, tagId))).run();
}
