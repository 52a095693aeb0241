import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, userOf } from "../http/guard";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { badRequest, notFound, validationError } from "../../core/http/errors";
import { customTagNames, listOf, parseTagPayload, TAG_TYPE, toObjectType, type ObjectRef, type ObjectType } from "../../core/tags/tags";
import { tagById, tagByName, tagsById } from "../../db/tags/list";
import { ensureTags, favoriteTagIds, linkTags, setTagFavorite, unlinkTag } from "../../db/tags/store";
import { taggedEntities } from "../../db/tags/entities";
import { entityScope, objectAccess } from "./tag-access";
import { readTag, writableObjects, writeTag } from "./tag";

// Superset's TagRestApi, the tagging of objects: tag one object, untag it, tag many objects with many tags
// (bulk_create), the objects holding some tags (get_objects/, the all-entities page) and favourite tags.

export const tagObjectsApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;

async function tagOr404(c: C, id: number) {
  const row = await tagById(c.var.db, id);
  if (!row) throw notFound();
  return row;
}

tagObjectsApi.get("/api/v1/tag/favorite_status/", readTag, async (c) => {
  const ids = listOf(risonQuery<unknown>(c), "number", "tag ids");
  const favs = await favoriteTagIds(c.var.db, userOf(c).id, ids);
  return c.json({ result: ids.map((id) => ({ id, value: favs.has(id) })) });
});

tagObjectsApi.post("/api/v1/tag/:pk/favorites/", readTag, async (c) => {
  const tag = await tagOr404(c, idParam(c));
  await setTagFavorite(c.var.db, userOf(c).id, tag.id, true);
  return c.json({ result: "OK" });
});

tagObjectsApi.delete("/api/v1/tag/:pk/favorites/", readTag, async (c) => {
  const tag = await tagOr404(c, idParam(c));
  await setTagFavorite(c.var.db, userOf(c).id, tag.id, false);
  return c.json({ result: "OK" });
});

/** `?tagIds=1,2` (preferred) or `?tags=a,b`, and `types=dashboard,chart,query`; neither tag list: every tagged object. */
tagObjectsApi.get("/api/v1/tag/get_objects/", readTag, async (c) => {
  const split = (key: string) => (c.req.query(key) ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const ids = split("tagIds");
  if (ids.some((i) => !/^\d+$/.test(i))) throw badRequest("tagIds must be a comma-separated list of tag ids");
  const types = split("types").map((t) => toObjectType(t));
  if (types.includes(null)) throw badRequest(`types must name ${["dashboard", "chart", "query"].join(", ")}`);
  const names = split("tags");
  const result = await taggedEntities(c.var.db, entityScope(c), {
    tagIds: ids.length ? ids.map(Number) : null, tagNames: !ids.length && names.length ? names : null, types: types as ObjectType[],
  });
  return c.json({ result });
});

/** Superset's bulk_create: each named custom tag (created if new) on its objects; objects the caller may not change are skipped. */
tagObjectsApi.post("/api/v1/tag/bulk_create", writeTag, async (c) => {
  const body = await jsonObject(c);
  if (!Array.isArray(body.tags) || !body.tags.length) throw validationError({ tags: ["Must be a non-empty list of tags."] });
  const items = body.tags.map((t: unknown) => {
    if (!t || typeof t !== "object" || Array.isArray(t)) throw validationError({ tags: ["Each tag must be an object with a name."] });
    return parseTagPayload(t as Record<string, unknown>, true);
  });
  const actor = principalOf(c).id;
  const tagged = new Map<string, ObjectRef>();
  const skipped = new Map<string, ObjectRef>();
  // every object is looked up before anything is written: an unseen one is a 404 with nothing tagged
  const resolved = [];
  for (const item of items) resolved.push({ item, objects: await writableObjects(c, item.objects_to_tag ?? []) });
  for (const { item, objects } of resolved) {
    const tag = (await ensureTags(c.var.db, [item.name!], TAG_TYPE.custom, actor)).get(item.name!);
    if (!tag || tag.type !== TAG_TYPE.custom) throw validationError({ tags: [`"${item.name}" is not a custom tag.`] });
    await linkTags(c.var.db, [tag.id], objects.tagged, actor);
    for (const o of objects.tagged) tagged.set(`${o.type}:${o.id}`, o);
    for (const o of objects.skipped) skipped.set(`${o.type}:${o.id}`, o);
  }
  const pairs = (m: Map<string, ObjectRef>) => [...m.values()].map((o) => [o.type, o.id]);
  return c.json({ result: { objects_tagged: pairs(tagged), objects_skipped: pairs(skipped) } });
});

/** The object a path names, which the caller must see: 400 for an unknown type, 404 for an unseen object. */
async function pathObject(c: C): Promise<ObjectRef> {
  const type = toObjectType(c.req.param("object_type"));
  if (!type) throw badRequest(`Invalid object type ${c.req.param("object_type")}`);
  const raw = c.req.param("object_id") ?? "";
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw badRequest("object_id must be a positive integer");
  const ref = { type, id: Number(raw) };
  if ((await objectAccess(c, ref)) === "none") throw notFound(`${type} ${ref.id} not found.`);
  return ref;
}

/** Superset reads the names from `properties.tags`; the OpenAPI document puts them at `tags`: both are accepted. */
tagObjectsApi.post("/api/v1/tag/:object_type/:object_id/", writeTag, async (c) => {
  const ref = await pathObject(c);
  const body = await jsonObject(c);
  const props = body.properties && typeof body.properties === "object" ? (body.properties as Record<string, unknown>) : body;
  if (!("tags" in props)) throw badRequest("Missing required field 'tags' in 'properties'");
  const names = customTagNames(props.tags);
  const found = await ensureTags(c.var.db, names, TAG_TYPE.custom, principalOf(c).id);
  const system = names.filter((n) => found.get(n)?.type !== TAG_TYPE.custom);
  if (system.length) throw validationError({ tags: system.map((n) => `"${n}" is not a custom tag.`) });
  await linkTags(c.var.db, [...found.values()].map((t) => t.id), [ref], principalOf(c).id);
  return c.json({}, 201);
});

tagObjectsApi.delete("/api/v1/tag/:object_type/:object_id/:tag/", writeTag, async (c) => {
  const ref = await pathObject(c);
  const name = c.req.param("tag").trim();
  const tag = await tagByName(c.var.db, name);
  if (!tag || !(await unlinkTag(c.var.db, ref, tag.id))) throw notFound(`Tag "${name}" is not on ${ref.type} ${ref.id}.`);
  return c.json({ message: "OK" });
});

/** The custom tag ids a dashboard or chart PUT names must exist (Superset's TagNotFoundValidationError). */
export async function assertCustomTagIds(c: C, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = await tagsById(c.var.db, ids);
  if (found.length !== new Set(ids).size || found.some((t) => t.type !== TAG_TYPE.custom)) throw validationError({ tags: ["Some tags do not exist or are not custom tags."] });
}
