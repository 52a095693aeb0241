import type { TagRef } from "../tags/tags";
import { verboseMapFor, type VerboseMap } from "../charts/verbose-map";
import { pinnedZoneOfJson } from "../time-zone/viewer-zone";
import { humanizeAgo } from "../recent-activity";
import type { UserRef } from "../charts/shape";
import { chartFormData, chartUrl } from "../charts/shape";

// Dashboards in the shapes of Superset's DashboardRestApi (get_list, get, get_charts). Pure: the caller loads
// the rows and their relations (owners, roles, editors, charts) in bulk and passes them in.

export interface DashboardRecord {
  id: number;
  uuid: string;
  dashboard_title: string;
  slug: string | null;
  position_json: string | null;
  json_metadata: string | null;
  css: string | null;
  description: string | null;
  published: boolean;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: boolean;
  external_url: string | null;
  created_on: string | null;
  changed_on: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface DashboardRelations {
  owners: Map<number, UserRef[]>;
  roles: Map<number, { id: number; name: string }[]>;
  people: Map<number, UserRef>;
  /** chart names per dashboard (Superset's `charts`: slice names, for legacy reasons) */
  chartNames: Map<number, string[]>;
  /** tags per dashboard (absent where a caller does not answer them) */
  tags?: Map<number, TagRef[]>;
}

const utc = (iso: string | null) => (iso ? iso.replace(/Z$/, "+00:00") : null);
const humanized = (iso: string | null, now: number) => (iso ? humanizeAgo(now - Date.parse(iso)) : null);
const fullName = (u: UserRef | null) => (u ? `${u.first_name} ${u.last_name}`.trim() : "");

/** Superset's Dashboard.url: by slug when it has one, else by id. */
export const dashboardUrl = (d: { id: number; slug: string | null }) => `/superset/dashboard/${d.slug ? encodeURIComponent(d.slug) : d.id}/`;

/** Superset's id_or_slug rule: digits are an id, anything else a slug. */
export const parseIdOrSlug = (key: string): { id: number } | { slug: string } =>
  /^\d{1,15}$/.test(key) ? { id: Number(key) } : { slug: key };

export function dashboardListItem(r: DashboardRecord, rel: DashboardRelations, now = Date.now()) {
  const person = (id: number | null) => (id ? (rel.people.get(id) ?? null) : null);
  const changedBy = person(r.changed_by_fk);
  const createdBy = person(r.created_by_fk);
  return {
    id: r.id, uuid: r.uuid, dashboard_title: r.dashboard_title, slug: r.slug, url: dashboardUrl(r), published: r.published,
    status: r.published ? "published" : "draft", thumbnail_url: null, certified_by: r.certified_by,
    certification_details: r.certification_details, is_managed_externally: r.is_managed_externally,
    changed_by: changedBy, changed_by_name: fullName(changedBy), changed_on_utc: utc(r.changed_on),
    changed_on_delta_humanized: humanized(r.changed_on, now), created_by: createdBy, created_on_delta_humanized: humanized(r.created_on, now),
    owners: rel.owners.get(r.id) ?? [], roles: rel.roles.get(r.id) ?? [], tags: rel.tags?.get(r.id) ?? [],
  };
}

export function dashboardDetail(r: DashboardRecord, rel: DashboardRelations, now = Date.now()) {
  const person = (id: number | null) => (id ? (rel.people.get(id) ?? null) : null);
  const changedBy = person(r.changed_by_fk);
  return {
    id: r.id, uuid: r.uuid, slug: r.slug, url: dashboardUrl(r), dashboard_title: r.dashboard_title, thumbnail_url: null,
    published: r.published, css: r.css, json_metadata: r.json_metadata, position_json: r.position_json,
    certified_by: r.certified_by, certification_details: r.certification_details, is_managed_externally: r.is_managed_externally,
    changed_by: changedBy, changed_by_name: fullName(changedBy), changed_on: r.changed_on,
    changed_on_delta_humanized: humanized(r.changed_on, now), created_by: person(r.created_by_fk),
    created_on_delta_humanized: humanized(r.created_on, now), charts: rel.chartNames.get(r.id) ?? [],
    owners: rel.owners.get(r.id) ?? [], roles: rel.roles.get(r.id) ?? [], tags: rel.tags?.get(r.id) ?? [],
  };
}

export interface DashboardChartRecord {
  id: number;
  slice_name: string;
  viz_type: string;
  params: string | null;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  changed_on: string | null;
  datasource_id: number | null;
  datasource_type: string | null;
}

/**
 * One chart of GET /api/v1/dashboard/{id_or_slug}/charts (Superset's ChartEntityResponseSchema): its form data
 * carries the datasource key and the viz type, so the page can build its query without reading the chart again.
 */
export function dashboardChart(c: DashboardChartRecord) {
  const formData = chartFormData(c.params);
  if (!formData.datasource && c.datasource_id !== null) formData.datasource = `${c.datasource_id}__${c.datasource_type === "dataset" ? "table" : (c.datasource_type ?? "table")}`;
  if (!formData.viz_type) formData.viz_type = c.viz_type;
  formData.slice_id = c.id;
  return {
    id: c.id, slice_name: c.slice_name, viz_type: c.viz_type, slice_url: chartUrl(c.id), form_data: formData,
    description: c.description ?? "", cache_timeout: c.cache_timeout ?? 0,
    certified_by: c.certified_by ?? "", certification_details: c.certification_details ?? "", changed_on: c.changed_on,
  };
}

/**
 * A chart as the dashboard page has it: its form data names the dashboard, as Superset's does (`dashboardId`):
 * with DASHBOARD_RBAC the dashboard's roles grant its charts' data (services/chart-data/dashboard-grant.ts). The
 * page's server pass and the drawings made for it after a batch (services/dashboards/predraw.ts) build it alike.
 */
export function dashboardPageChart(c: DashboardChartRecord, dashboardId: number, jsonMetadata?: string | null, verboseMaps?: ReadonlyMap<number, VerboseMap>) {
  const chart = dashboardChart(c);
  // the verbose names of the columns and saved metrics the chart names, as Explore labels them
  const verbose = c.datasource_id !== null ? verboseMapFor(chart.form_data, verboseMaps?.get(c.datasource_id)) : undefined;
  // a zone the dashboard pins rides in each chart's form data: its relative ranges resolve there, for every viewer
  const pinned = pinnedZoneOfJson(jsonMetadata);
  return { ...chart, form_data: { ...chart.form_data, dashboardId, ...(pinned !== undefined ? { time_zone: pinned } : {}) }, ...(verbose ? { verbose_map: verbose } : {}) };
}
