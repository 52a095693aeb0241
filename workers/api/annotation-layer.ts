import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { bulkDeleteRoute, deleteRoutes } from "../http/bulk-delete";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { parseListArgs } from "../../core/http/list-query";
import { ApiError, notFound, validationError } from "../../core/http/errors";
import { parseAnnotationPayload, parseLayerPayload } from "../../core/annotations/payloads";
import { listPage } from "../../db/lists/list";
import {
  annotationCount, annotationListSpec, annotationOf, deleteAnnotations, deleteLayers as deleteLayerRows, insertAnnotation, insertLayer, layerById,
  layerListSpec, layerNameTaken, shortDescrTaken, updateAnnotation, updateLayer, type AnnotationRow, type LayerRow,
} from "../../db/annotations/store";
import { usersById } from "../../db/sqllab/lookups";

// /api/v1/annotation_layer/: Superset's AnnotationLayerRestApi and AnnotationRestApi (annotations live
// under their layer). Reads need can_read on Annotation, writes can_write; layers are shared, not owned.

export const annotationLayerApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;

const read = requires("can_read", "Annotation");
const write = requires("can_write", "Annotation");


const utc = (iso: string | null) => (iso ? iso.replace(/Z$/, "") : null);

async function layerOr404(c: C, id: number): Promise<LayerRow> {
  const row = await layerById(c.var.db, id);
  if (!row) throw notFound();
  return row;
}

async function annotationOr404(c: C, layerId: number, id: number): Promise<AnnotationRow> {
  const row = await annotationOf(c.var.db, layerId, id);
  if (!row) throw notFound();
  return row;
}

async function nameIsFree(c: C, name: string, except?: number): Promise<void> {
  if (await layerNameTaken(c.var.db, name, except)) throw validationError({ name: ["Name must be unique"] });
}

async function shortDescrIsFree(c: C, layerId: number, text: string, except?: number): Promise<void> {
  if (await shortDescrTaken(c.var.db, layerId, text, except)) throw validationError({ short_descr: ["Short description must be unique for this layer"] });
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
  const { count, rows } = await listPage<LayerRow>(c.var.db, layerListSpec, parseListArgs(risonQuery(c)));
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
  const row = await insertLayer(c.var.db, payload, actor);
  return c.json({ id: row.id, result: payload }, 201);
});

annotationLayerApi.put("/api/v1/annotation_layer/:pk", write, async (c) => {
  const row = await layerOr404(c, idParam(c));
  const payload = parseLayerPayload(await jsonObject(c), "update");
  if (payload.name) await nameIsFree(c, payload.name, row.id);
  await updateLayer(c.var.db, row.id, payload, principalOf(c).id);
  return c.json({ id: row.id, result: payload });
});

/** Every layer must exist, and a layer that still holds annotations is not deleted (Superset's AnnotationLayerDeleteIntegrityError). */
async function checkLayers(c: C, ids: number[]): Promise<void> {
  for (const id of ids) await layerOr404(c, id);
  if ((await annotationCount(c.var.db, ids)) > 0) throw new ApiError(422, "Annotation layer has associated annotations.", "GENERIC_COMMAND_ERROR");
}


deleteRoutes(annotationLayerApi, "/api/v1/annotation_layer/", write, {
  invalid: "q must be a list of ids",
  checkOne: (c, id) => checkLayers(c, [id]),
  check: checkLayers,
  remove: (c, ids) => deleteLayerRows(c.var.db, ids),
  noun: ["annotation layer", "annotation layers"],
});

annotationLayerApi.get("/api/v1/annotation_layer/:pk/annotation/", read, async (c) => {
  const layer = await layerOr404(c, idParam(c));
  const { count, rows } = await listPage<AnnotationRow>(c.var.db, annotationListSpec(layer.id), parseListArgs(risonQuery(c)));
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
  const row = await insertAnnotation(c.var.db, layer.id, payload, actor);
  return c.json({ id: row.id, result: annotationJson(row) }, 201);
});

annotationLayerApi.put("/api/v1/annotation_layer/:pk/annotation/:annotation_id", write, async (c) => {
  const layer = await layerOr404(c, idParam(c));
  const current = await annotationOr404(c, layer.id, idParam(c, "annotation_id"));
  const payload = parseAnnotationPayload(await jsonObject(c), "update", current);
  if (payload.short_descr) await shortDescrIsFree(c, layer.id, payload.short_descr, current.id);
  const row = await updateAnnotation(c.var.db, current.id, payload, principalOf(c).id);
  return c.json({ id: row.id, result: annotationJson(row) });
});

annotationLayerApi.delete("/api/v1/annotation_layer/:pk/annotation/:annotation_id", write, async (c) => {
  const layer = await layerOr404(c, idParam(c));
  const row = await annotationOr404(c, layer.id, idParam(c, "annotation_id"));
  await deleteAnnotations(c.var.db, layer.id, [row.id]);
  return c.json({ message: "OK" });
});

bulkDeleteRoute(annotationLayerApi, "/api/v1/annotation_layer/:pk/annotation/", write, {
  invalid: "q must be a list of ids",
  check: async (c, ids) => {
    const layer = await layerOr404(c, idParam(c));
    for (const id of ids) await annotationOr404(c, layer.id, id);
  },
  remove: (c, ids) => deleteAnnotations(c.var.db, idParam(c), ids),
  noun: ["annotation", "annotations"],
});
