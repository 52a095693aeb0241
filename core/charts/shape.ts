import type { TagRef } from "../tags/tags";
import { humanizeAgo } from "../recent-activity";

// Charts in the shapes of Superset's ChartRestApi (get_list and get). Pure: the caller loads the rows and
// their relations (owners, dashboards, editors, datasets) in bulk and passes them in.

export interface ChartRecord {
  id: number;
  uuid: string;
  slice_name: string;
  viz_type: string;
  datasource_id: number | null;
  datasource_type: string | null;
  params: string | null;
  query_context: string | null;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: boolean;
  external_url: string | null;
  created_on: string | null;
  changed_on: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export type UserRef = { id: number; first_name: string; last_name: string };

export interface ChartRelations {
  owners: Map<number, UserRef[]>;
  dashboards: Map<number, { id: number; dashboard_title: string }[]>;
  people: Map<number, UserRef>;
  datasources: Map<number, { id: number; table_name: string; schema: string | null; database_name: string }>;
  /** tags per chart (absent where a caller does not answer them) */
  tags?: Map<number, TagRef[]>;
}

const utc = (iso: string | null) => (iso ? iso.replace(/Z$/, "+00:00") : null);
const humanized = (iso: string | null, now: number) => (iso ? humanizeAgo(now - Date.parse(iso)) : null);
const fullName = (u: UserRef | null) => (u ? `${u.first_name} ${u.last_name}`.trim() : "");

/** The chart's params as form data (an object); stored text that is not an object reads as {}. */
export function chartFormData(params: string | null): Record<string, unknown> {
  try {
    const v = JSON.parse(params || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

export const chartUrl = (id: number) => `/explore/?slice_id=${id}`;

export function chartListItem(r: ChartRecord, rel: ChartRelations, now = Date.now()) {
  const person = (id: number | null) => (id ? (rel.people.get(id) ?? null) : null);
  const ds = r.datasource_id !== null ? rel.datasources.get(r.datasource_id) : undefined;
  const changedBy = person(r.changed_by_fk);
  const createdBy = person(r.created_by_fk);
  return {
    id: r.id, uuid: r.uuid, slice_name: r.slice_name, viz_type: r.viz_type, description: r.description,
    datasource_id: r.datasource_id, datasource_type: r.datasource_type,
    datasource_name_text: ds ? (ds.schema ? `${ds.schema}.${ds.table_name}` : ds.table_name) : null,
    datasource_url: ds ? `/explore/?datasource_type=table&datasource_id=${ds.id}` : null,
    table: ds ? { table_name: ds.table_name, default_endpoint: null } : null,
    params: r.params, form_data: chartFormData(r.params), cache_timeout: r.cache_timeout,
    certified_by: r.certified_by, certification_details: r.certification_details, is_managed_externally: r.is_managed_externally,
    owners: rel.owners.get(r.id) ?? [], dashboards: rel.dashboards.get(r.id) ?? [], tags: rel.tags?.get(r.id) ?? [],
    changed_by: changedBy, changed_by_name: fullName(changedBy), created_by: createdBy, created_by_name: fullName(createdBy),
    last_saved_at: r.changed_on, last_saved_by: changedBy,
    changed_on_utc: utc(r.changed_on), changed_on_dttm: r.changed_on ? Date.parse(r.changed_on) : null,
    changed_on_delta_humanized: humanized(r.changed_on, now), created_on_delta_humanized: humanized(r.created_on, now),
    url: chartUrl(r.id), slice_url: chartUrl(r.id), edit_url: `/chart/edit/${r.id}`, thumbnail_url: null,
  };
}

export function chartDetail(r: ChartRecord, rel: ChartRelations, now = Date.now()) {
  return {
    id: r.id, slice_name: r.slice_name, viz_type: r.viz_type, description: r.description, params: r.params,
    query_context: r.query_context, cache_timeout: r.cache_timeout, certified_by: r.certified_by,
    certification_details: r.certification_details, is_managed_externally: r.is_managed_externally,
    owners: rel.owners.get(r.id) ?? [], dashboards: rel.dashboards.get(r.id) ?? [], tags: rel.tags?.get(r.id) ?? [],
    changed_on_delta_humanized: humanized(r.changed_on, now), url: chartUrl(r.id), thumbnail_url: null,
    datasource_id: r.datasource_id, datasource_type: r.datasource_type,
  };
}
