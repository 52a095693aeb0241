import type { Database } from "../client";
import { listPage } from "../lists/list";
import { usersById, type UserRef } from "../sqllab/lookups";
import { humanizeAgo } from "../../core/recent-activity";
import type { ListArgs } from "../../core/http/list-query";
import { annotationListSpec, layerListSpec, type AnnotationRow, type LayerRow } from "./store";

// Layers and annotations as Superset's AnnotationLayerRestApi / AnnotationRestApi list them (get_list
// schemas of its OpenAPI), shared by the API and the Settings pages so both show the same rows.

const utc = (iso: string | null) => (iso ? iso.replace(/Z$/, "") : null);
const ago = (iso: string | null, now: number) => (iso ? humanizeAgo(now - Date.parse(iso)) : null);
const name = (people: Map<number, UserRef>, id: number | null) => {
  const u = id ? people.get(id) : undefined;
  return u ? { id: u.id, first_name: u.first_name, last_name: u.last_name } : null;
};

export interface PersonRef { id: number; first_name: string; last_name: string }

export interface LayerListItem {
  id: number; name: string; descr: string | null; changed_on: string | null; created_on: string | null;
  changed_on_delta_humanized: string | null; changed_by: PersonRef | null; created_by: PersonRef | null;
}

export interface AnnotationListItem {
  id: number; layer: { id: number; name?: string }; short_descr: string; long_descr: string | null;
  start_dttm: string | null; end_dttm: string | null; json_metadata: string | null;
  changed_on_delta_humanized: string | null; changed_by: PersonRef | null; created_by: PersonRef | null;
}

export function layerJson(r: LayerRow, people: Map<number, UserRef>, now = Date.now()): LayerListItem {
  return {
    id: r.id, name: r.name, descr: r.descr, changed_on: utc(r.changed_on), created_on: utc(r.created_on),
    changed_on_delta_humanized: ago(r.changed_on, now), changed_by: name(people, r.changed_by_fk), created_by: name(people, r.created_by_fk),
  };
}

export function annotationJson(r: AnnotationRow, people: Map<number, UserRef>, layer: { id: number; name?: string }, now = Date.now()): AnnotationListItem {
  return {
    id: r.id, layer, short_descr: r.short_descr, long_descr: r.long_descr, start_dttm: utc(r.start_dttm), end_dttm: utc(r.end_dttm),
    json_metadata: r.json_metadata, changed_on_delta_humanized: ago(r.changed_on, now),
    changed_by: name(people, r.changed_by_fk), created_by: name(people, r.created_by_fk),
  };
}

export async function listLayers(db: Database, args: ListArgs): Promise<{ count: number; result: LayerListItem[] }> {
  const { count, rows } = await listPage<LayerRow>(db, layerListSpec, args);
  const people = await usersById(db, rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]));
  return { count, result: rows.map((r) => layerJson(r, people)) };
}

export async function listAnnotations(db: Database, layer: LayerRow, args: ListArgs): Promise<{ count: number; result: AnnotationListItem[] }> {
  const { count, rows } = await listPage<AnnotationRow>(db, annotationListSpec(layer.id), args);
  const people = await usersById(db, rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]));
  return { count, result: rows.map((r) => annotationJson(r, people, { id: layer.id })) };
}
