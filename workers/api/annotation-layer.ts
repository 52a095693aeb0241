import { Hono, type Context } from "hono";
import { and, eq, ne, sql } from "drizzle-orm";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { parseListArgs } from "../../core/http/list-query";
import { ApiError, badRequest, notFound, validationError } from "../../core/http/errors";
import { parseAnnotationPayload, parseLayerPayload } from "../../core/annotations/payloads";
import { annotationLayers, annotations } from "../../db/schema";
import { listPage, type ListSpec } from "../../db/lists/list";
import { usersById } from "../../db/sqllab/lookups";
import { inList } from "../../db/d1-params";

// /api/v1/annotation_layer/: Superset's AnnotationLayerRestApi and AnnotationRestApi (annotations live
// under their layer). Reads need can_read on Annotation, writes can_write; layers are shared, not owned.

export const annotationLayerApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;
type LayerRow = typeof annotationLayers.$inferSelect;
type AnnotationRow = typeof annotations.$inferSelect;

const read = requires("can_read", "Annotation");
const write = requires("can_write", "Annotation");

const layerSpec: ListSpec = {
  table: annotationLayers,
  columns: { id: annotationLayers.id, name: annotationLayers.name, descr: annotationLayers.descr, changed_on: annotationLayers.changed_on, created_on: annotationLayers.created_on },
  defaultOrder: { column: annotationLayers.name, direction: "asc" },
};
const annotationSpec = (layerId: number): ListSpec => ({
  table: annotations,
  columns: {
    id: annotations.id, short_descr: annotations.short_descr, long_descr: annotations.long_descr, start_dttm: annotations.start_dttm,
    end_dttm: annotations.end_dttm, changed_on: annotations.changed_on,
  },
  defaultOrder: { column: annotations.start_dttm, direction: "asc" },
  baseWhere: eq(annotations.layer_id, layerId),
});

const utc = (iso: string | null) => (iso ? iso.replace(/Z$/, "") : null);

async function layerOr404(c: C, id: number): Promise<LayerRow> {
  const row = await c.var.db.select().from(annotationLayers).where(eq(annotationLayers.id, id)).get();
  if (!row) throw notFound();
  return row;
}

async function annotationOr404(c: C, layerId: number, id: number): Promise<AnnotationRow> {
  const row = await c.var.db.select().from(annotations).where(and(eq(annotations.layer_id, layerId), eq(annotations.id, id))).get();
  if (!row) throw notFound();
  return row;
}

async function nameIsFree(c: C, name: string, except?: number): Promise<void> {
  const clash = await c.var.db.select({ id: annotationLayers.id }).from(annotationLayers)
    .where(and(eq(annotationLayers.name, name), except ? ne(annotationLayers.id, except) : undefined)).get();
  if (clash) throw validationError({ name: ["Name must be unique"] });
}

async function shortDescrIsFree(c: C, layerId: number, text: string, except?: number): Promise<void> {
  const clash = await c.var.db.select({ id: annotations.id }).from(annotations)
    .where(and(eq(annotations.layer_id, layerId), eq(annotations.short_descr, text), except ? ne(annotations.id, except) : undefined)).get();
  if (clash) throw validationError({ short_descr: ["Short description must be unique for this layer"] });
}

/** Rison `!(1,2)` as a list of ids, for bulk deletes. */
function idsQuery(c: C): number[] {
  const ids = risonQuery<unknown>(c);
  if (!Array.isArray(ids) || !ids.length || ids.some((i) => !Number.isSafeInteger(i))) throw badRequest("q must be a list of ids");
  return ids as number[];
}

const layerJson = (r: LayerRow, people: Map<number, { first_name: string; last_name: string }>) => ({
  id: r.id, name: r.name, descr: r.descr, changed_on: utc(r.changed_on), created_on: utc(r.created_on),
  changed_by: r.changed_by_fk ? (people.get(r.changed_by_fk) ?? null) : null, created_by: r.created_by_fk ? (people.get(r.created_by_fk) ?? null) : null,
});
const annotationJson = (r: AnnotationRow) => ({
  id: r.id, layer: { id: r.layer_id }, short_descr: r.short_descr, long_descr: r.long_descr,
  start_dttm: utc(r.start_dttm), end_dttm: utc(r.end_dttm), json_metadata: r.json_metadata,
});

annotationLayerApi.get("/api/v1/annotation_layer/", read, async (c) => {
  const { count, rows } = await listPage<LayerRow>(c.var.db, layerSpec, parseListArgs(risonQuery(c)));
  const people = await usersById(c.var.db, rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]));
  return c.json({ count, ids: rows.map((r) => r.id), result: rows.map((r) => layerJson(r, people)) });
});

annotationLayerApi.get("/api/v1/annotation_layer/:pk", read, async (c) => {
  const row = await layerOr404(c, idParam(c));
  const people = await usersById(c.var.db, [row.created_by_fk, row.changed_by_fk]);
  return c.json({ id: row.id, result: layerJson(row, people) });
});

annotationLayerApi.post("/api/v1/annotation_layer/", write, async (c) => {
  const payload = parseLayerPayload(await jsonObject(c), "create");
  await nameIsFree(c, payload.name!);
  const actor = principalOf(c).id;
  const row = await c.var.db.insert(annotationLayers).values({ name: payload.name!, descr: payload.descr ?? null, created_by_fk: actor, changed_by_fk: actor }).returning().get();
  return c.json({ id: row.id, result: payload }, 201);
});

annotationLayerApi.put("/api/v1/annotation_layer/:pk", write, async (c) => {
  const row = await layerOr404(c, idParam(c));
  const payload = parseLayerPayload(await jsonObject(c), "update");
  if (payload.name) await nameIsFree(c, payload.name, row.id);
  await c.var.db.update(annotationLayers).set({ ...payload, changed_by_fk: principalOf(c).id }).where(eq(annotationLayers.id, row.id)).run();
  return c.json({ id: row.id, result: payload });
});

/** A layer that still holds annotations is not deleted (Superset's AnnotationLayerDeleteIntegrityError). */
async function deleteLayers(c: C, ids: number[]): Promise<void> {
  for (const id of ids) await layerOr404(c, id);
  const used = await c.var.db.select({ n: sql<number>`count(*)` }).from(annotations).where(inList(annotations.layer_id, ids)).get();
  if (used && used.n > 0) throw new ApiError(422, "Annotation layer has associated annotations.", "GENERIC_COMMAND_ERROR");
  await c.var.db.delete(annotationLayers).where(inList(annotationLayers.id, ids)).run();
}

annotationLayerApi.delete("/api/v1/annotation_layer/:pk", write, async (c) => {
  await deleteLayers(c, [idParam(c)]);
  return c.json({ message: "OK" });
});

annotationLayerApi.delete("/api/v1/annotation_layer/", write, async (c) => {
  const ids = idsQuery(c);
  await deleteLayers(c, ids);
  return c.json({ message: ids.length === 1 ? "Deleted 1 annotation layer" : `Deleted ${ids.length} annotation layers` });
});

annotationLayerApi.get("/api/v1/annotation_layer/:pk/annotation/", read, async (c) => {
  const layer = await layerOr404(c, idParam(c));
  const { count, rows } = await listPage<AnnotationRow>(c.var.db, annotationSpec(layer.id), parseListArgs(risonQuery(c)));
  return c.json({ count, ids: rows.map((r) => r.id), result: rows.map(annotationJson) });
});

annotationLayerApi.get("/api/v1/annotation_layer/:pk/annotation/:annotation_id", read, async (c) => {
  const layer = await layerOr404(c, idParam(c));
  const row = await annotationOr404(c, layer.id, idParam(c, "annotation_id"));
  return c.json({ id: row.id, result: annotationJson(row) });
});

annotationLayerApi.post("/api/v1/annotation_layer/:pk/annotation/", write, async (c) => {
  const layer = await layerOr404(c, idParam(c));
  const payload = parseAnnotationPayload(await jsonObject(c), "create");
  await shortDescrIsFree(c, layer.id, payload.short_descr!);
  const actor = principalOf(c).id;
  const row = await c.var.db.insert(annotations).values({
    layer_id: layer.id, short_descr: payload.short_descr!, long_descr: payload.long_descr ?? null, start_dttm: payload.start_dttm!,
    end_dttm: payload.end_dttm!, json_metadata: payload.json_metadata ?? null, created_by_fk: actor, changed_by_fk: actor,
  }).returning().get();
  return c.json({ id: row.id, result: annotationJson(row) }, 201);
});

annotationLayerApi.put("/api/v1/annotation_layer/:pk/annotation/:annotation_id", write, async (c) => {
  const layer = await layerOr404(c, idParam(c));
  const current = await annotationOr404(c, layer.id, idParam(c, "annotation_id"));
  const payload = parseAnnotationPayload(await jsonObject(c), "update", current);
  if (payload.short_descr) await shortDescrIsFree(c, layer.id, payload.short_descr, current.id);
  const row = await c.var.db.update(annotations).set({ ...payload, changed_by_fk: principalOf(c).id }).where(eq(annotations.id, current.id)).returning().get();
  return c.json({ id: row.id, result: annotationJson(row) });
});

annotationLayerApi.delete("/api/v1/annotation_layer/:pk/annotation/:annotation_id", write, async (c) => {
  const layer = await layerOr404(c, idParam(c));
  const row = await annotationOr404(c, layer.id, idParam(c, "annotation_id"));
  await c.var.db.delete(annotations).where(eq(annotations.id, row.id)).run();
  return c.json({ message: "OK" });
});

annotationLayerApi.delete("/api/v1/annotation_layer/:pk/annotation/", write, async (c) => {
  const layer = await layerOr404(c, idParam(c));
  const ids = idsQuery(c);
  for (const id of ids) await annotationOr404(c, layer.id, id);
  await c.var.db.delete(annotations).where(and(eq(annotations.layer_id, layer.id), inList(annotations.id, ids))).run();
  return c.json({ message: ids.length === 1 ? "Deleted 1 annotation" : `Deleted ${ids.length} annotations` });
});
