import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../client";
import { annotationLayers, annotations } from "../schema";
import type { ListSpec } from "../lists/list";
import type { AnnotationPayload, LayerPayload } from "../../core/annotations/payloads";
import { inList } from "../d1-params";

// Annotation layers and their annotations: every read and write of the two tables. Layers are shared, not owned.

export type LayerRow = typeof annotationLayers.$inferSelect;
export type AnnotationRow = typeof annotations.$inferSelect;

export const layerListSpec: ListSpec = {
  table: annotationLayers,
  columns: { id: annotationLayers.id, name: annotationLayers.name, descr: annotationLayers.descr, changed_on: annotationLayers.changed_on, created_on: annotationLayers.created_on,
    // Superset's list sorts its "Last modified" column by this name
    changed_on_delta_humanized: annotationLayers.changed_on,
  },
  defaultOrder: { column: annotationLayers.name, direction: "asc" },
};

export const annotationListSpec = (layerId: number): ListSpec => ({
  table: annotations,
  columns: {
    id: annotations.id, short_descr: annotations.short_descr, long_descr: annotations.long_descr, start_dttm: annotations.start_dttm,
    end_dttm: annotations.end_dttm, changed_on: annotations.changed_on, changed_on_delta_humanized: annotations.changed_on,
  },
  defaultOrder: { column: annotations.start_dttm, direction: "asc" },
  baseWhere: eq(annotations.layer_id, layerId),
});

export async function layerById(db: Database, id: number): Promise<LayerRow | undefined> {
  return db.select().from(annotationLayers).where(eq(annotationLayers.id, id)).get();
}

export async function annotationOf(db: Database, layerId: number, id: number): Promise<AnnotationRow | undefined> {
  return db.select().from(annotations).where(and(eq(annotations.layer_id, layerId), eq(annotations.id, id))).get();
}

/** Does another layer (not `except`) have this name? */
export async function layerNameTaken(db: Database, name: string, except?: number): Promise<boolean> {
  const clash = await db.select({ id: annotationLayers.id }).from(annotationLayers)
    .where(and(eq(annotationLayers.name, name), except ? ne(annotationLayers.id, except) : undefined)).get();
  return !!clash;
}

/** Does another annotation of the layer (not `except`) have this short description? */
export async function shortDescrTaken(db: Database, layerId: number, text: string, except?: number): Promise<boolean> {
  const clash = await db.select({ id: annotations.id }).from(annotations)
    .where(and(eq(annotations.layer_id, layerId), eq(annotations.short_descr, text), except ? ne(annotations.id, except) : undefined)).get();
  return !!clash;
}

export async function insertLayer(db: Database, p: LayerPayload, actor: number): Promise<LayerRow> {
  return db.insert(annotationLayers).values({ name: p.name!, descr: p.descr ?? null, created_by_fk: actor, changed_by_fk: actor }).returning().get();
}

export async function updateLayer(db: Database, id: number, p: LayerPayload, actor: number): Promise<void> {
  await db.update(annotationLayers).set({ ...p, changed_by_fk: actor }).where(eq(annotationLayers.id, id)).run();
}

/** How many annotations the layers hold. */
export async function annotationCount(db: Database, layerIds: number[]): Promise<number> {
  return (await db.select({ n: sql<number>`count(*)` }).from(annotations).where(inList(annotations.layer_id, layerIds)).get())?.n ?? 0;
}

export async function deleteLayers(db: Database, ids: number[]): Promise<void> {
  await db.delete(annotationLayers).where(inList(annotationLayers.id, ids)).run();
}

export async function insertAnnotation(db: Database, layerId: number, p: AnnotationPayload, actor: number): Promise<AnnotationRow> {
  return db.insert(annotations).values({
    layer_id: layerId, short_descr: p.short_descr!, long_descr: p.long_descr ?? null, start_dttm: p.start_dttm!,
    end_dttm: p.end_dttm!, json_metadata: p.json_metadata ?? null, created_by_fk: actor, changed_by_fk: actor,
  }).returning().get();
}

export async function updateAnnotation(db: Database, id: number, p: AnnotationPayload, actor: number): Promise<AnnotationRow> {
  return db.update(annotations).set({ ...p, changed_by_fk: actor }).where(eq(annotations.id, id)).returning().get();
}

export async function deleteAnnotations(db: Database, layerId: number, ids: number[]): Promise<void> {
  await db.delete(annotations).where(and(eq(annotations.layer_id, layerId), inList(annotations.id, ids))).run();
}
