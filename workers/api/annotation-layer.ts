import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { bulkDeleteRoute, deleteRoutes } from "../http/bulk-delete";
import { idParam, jsonObject, risonQuery } from "../http/input";
import { parseListArgs } from "../../core/http/list-query";
import { ApiError, notFound, validationError } from "../../core/http/errors";
import { parseAnnotationPayload, parseLayerPayload } from "../../core/annotations/payloads";
import {
  annotationCount, annotationOf, deleteAnnotations, deleteLayers as deleteLayerRows, insertAnnotation, insertLayer, layerById,
  layerNameTaken, shortDescrTaken, updateAnnotation, updateLayer, type AnnotationRow, type LayerRow,
} from "../../db/annotations/store";
import { usersById } from "../../db/sqllab/lookups";
import { annotationJson, layerJson, listAnnotations, listLayers } from "../../db/annotations/list";

// /api/v1/annotation_layer/: Superset's AnnotationLayerRestApi and AnnotationRestApi (annotations live
// under their layer). Reads need can_read on Annotation, writes can_write; layers are shared, not owned.

export const annotationLayerApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;

const read = requires("can_read", "Annotation");
const write = requires("can_write", "Annotation");


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


annotationLayerApi.get("/api/v1/annotation_layer/", read, async (c) => {
  const { count, result } = await listLayers(c.var.db, parseListArgs(risonQuery(c)));
  return c.json({ count, ids: result.map((r) => r.id), result });
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
  const { count, result } = await listAnnotations(c.var.db, layer, parseListArgs(risonQuery(c)));
  return c.json({ count, ids: result.map((r) => r.id), result });
});

annotationLayerApi.get("/api/v1/annotation_layer/:pk/annotation/:annotation_id", read, async (c) => {
  const layer = await layerOr404(c, idParam(c));
  const row = await annotationOr404(c, layer.id, idParam(c, "annotation_id"));
  const people = await usersById(c.var.db, [row.created_by_fk, row.changed_by_fk]);
  // Superset's show schema names the layer (AnnotationRestApi.get.AnnotationLayer)
  return c.json({ id: row.id, result: annotationJson(row, people, { id: layer.id, name: layer.name }) });
});

annotationLayerApi.post("/api/v1/annotation_layer/:pk/annotation/", write, async (c) => {
  const layer = await layerOr404(c, idParam(c));
  const payload = parseAnnotationPayload(await jsonObject(c), "create");
  await shortDescrIsFree(c, layer.id, payload.short_descr!);
  const actor = principalOf(c).id;
  const row = await insertAnnotation(c.var.db, layer.id, payload, actor);
  return c.json({ id: row.id, result: annotationJson(row, await usersById(c.var.db, [row.created_by_fk, row.changed_by_fk]), { id: layer.id }) }, 201);
});

annotationLayerApi.put("/api/v1/annotation_layer/:pk/annotation/:annotation_id", write, async (c) => {
  const layer = await layerOr404(c, idParam(c));
  const current = await annotationOr404(c, layer.id, idParam(c, "annotation_id"));
  const payload = parseAnnotationPayload(await jsonObject(c), "update", current);
  if (payload.short_descr) await shortDescrIsFree(c, layer.id, payload.short_descr, current.id);
  const row = await updateAnnotation(c.var.db, current.id, payload, principalOf(c).id);
  return c.json({ id: row.id, result: annotationJson(row, await usersById(c.var.db, [row.created_by_fk, row.changed_by_fk]), { id: layer.id }) });
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
