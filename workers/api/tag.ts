import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { parseListArgs } from "../../core/http/list-query";
import { badRequest, notFound, validationError } from "../../core/http/errors";
import { listOf, parseTagPayload, TAG, TAG_TYPE, type ObjectRef } from "../../core/tags/tags";
import { usersById } from "../../db/sqllab/lookups";
import { insertTag, listTags, tagById, tagByName, tagIdsByName, tagJson, updateTag, type TagRow } from "../../db/tags/list";
import { deleteTags, linkTags } from "../../db/tags/store";
import { itemAnswer, listAnswer } from "../http/fab-answer";
import { objectAccess } from "./tag-access";

// /api/v1/tag/: Superset's TagRestApi (TAGGING_SYSTEM on), the tags themselves: list, get, create with objects,
// update, delete and bulk delete by name. Reads need can_read Tag, writes can_write Tag (Alpha and Admin, as
// Superset's roles). The tagging of objects is in tag-objects.ts.

export const tagApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;
type Row = TagRow;

export const readTag = requires("can_read", "Tag");
export const writeTag = requires("can_write", "Tag");

async function tagOr404(c: C, id: number): Promise<Row> {
  const row = await tagById(c.var.db, id);
  if (!row) throw notFound();
  return row;
}

async function assertNameFree(c: C, name: string, selfId?: number): Promise<void> {
  const taken = await tagByName(c.var.db, name);
  if (taken && taken.id !== selfId) throw validationError({ name: [`A tag named "${name}" already exists.`] });
}

/** The objects the caller may change, and those skipped (Superset's objects_skipped); unseen ones are a 404. */
export async function writableObjects(c: C, refs: ObjectRef[]): Promise<{ tagged: ObjectRef[]; skipped: ObjectRef[] }> {
  const tagged: ObjectRef[] = [];
  const skipped: ObjectRef[] = [];
  for (const ref of refs) {
    const access = await objectAccess(c, ref);
    if (access === "none") throw notFound(`${ref.type} ${ref.id} not found.`);
    (access === "write" ? tagged : skipped).push(ref);
  }
  return { tagged, skipped };
}

tagApi.get("/api/v1/tag/", readTag, async (c) => {
  const args = parseListArgs(risonQuery(c));
  if (args.orderColumn && !TAG.orderColumns.includes(args.orderColumn)) throw badRequest(`Order column not allowed: ${args.orderColumn}`);
  const { count, rows, result } = await listTags(c.var.db, args);
  return listAnswer(c, TAG, args, { count, ids: rows.map((r) => r.id), result });
});

tagApi.get("/api/v1/tag/:pk", readTag, async (c) => {
  const row = await tagOr404(c, idParam(c));
  const people = await usersById(c.var.db, [row.created_by_fk, row.changed_by_fk]);
  return itemAnswer(c, TAG, { id: row.id, result: tagJson(row, people) });
});

tagApi.post("/api/v1/tag/", writeTag, async (c) => {
  const payload = parseTagPayload(await jsonObject(c), true);
  const name = payload.name!;
  await assertNameFree(c, name);
  const { tagged } = await writableObjects(c, payload.objects_to_tag ?? []);
  const actor = principalOf(c).id;
  const row = { id: await insertTag(c.var.db, { name, type: TAG_TYPE.custom, description: payload.description ?? null }, actor) };
  await linkTags(c.var.db, [row.id], tagged, actor);
  return c.json({ id: row.id, result: { name, description: payload.description ?? null, objects_to_tag: tagged.map((o) => [o.type, o.id]) } }, 201);
});

/** Superset's UpdateTagCommand: a new name and description; objects_to_tag, when sent, are added to the tag. */
tagApi.put("/api/v1/tag/:pk", writeTag, async (c) => {
  const row = await tagOr404(c, idParam(c));
  const payload = parseTagPayload(await jsonObject(c), false);
  if (row.type !== TAG_TYPE.custom) throw badRequest("Only custom tags can be changed: system tags follow their objects.");
  if (payload.name) await assertNameFree(c, payload.name, row.id);
  const { tagged } = await writableObjects(c, payload.objects_to_tag ?? []);
  const actor = principalOf(c).id;
  const changes = { ...(payload.name ? { name: payload.name } : {}), ...("description" in payload ? { description: payload.description ?? null } : {}) };
  await updateTag(c.var.db, row.id, changes, actor);
  await linkTags(c.var.db, [row.id], tagged, actor);
  return c.json({ id: row.id, result: { ...changes, ...(payload.objects_to_tag ? { objects_to_tag: tagged.map((o) => [o.type, o.id]) } : {}) } });
});

tagApi.delete("/api/v1/tag/:pk", writeTag, async (c) => {
  const row = await tagOr404(c, idParam(c));
  await deleteTags(c.var.db, [row.id]);
  return c.json({ message: "OK" });
});

/** Superset's bulk delete takes tag names (`q=!(a,b)`): every one must exist, or nothing is deleted (404). */
tagApi.delete("/api/v1/tag/", writeTag, async (c) => {
  const names = listOf(risonQuery<unknown>(c), "string", "tag names");
  const found = await tagIdsByName(c.var.db, names);
  if (found.length !== names.length) throw notFound();
  await deleteTags(c.var.db, found);
  return c.json({ message: `Deleted ${names.length} tags` });
});
