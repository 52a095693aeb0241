import { proxy, ref } from "valtio";
import type { FormData, QueryData } from "../../../core/charts/contract";
import { getChartType } from "../../../core/charts/registry";
import { validateFormData } from "../../../core/charts/controls/validate";
import { formDataForViz } from "../../../core/explore/form-data";
import { apiCall } from "../../components/api-call";
import { fetchChartData } from "../charts/chart-data-client";
import { reconcileWithDataset } from "../../../core/explore/dataset-change";
import { rememberVizType } from "./recent-viz-types";

// The one valtio store of the Explore page: the dataset, the form data being edited, the saved chart it came
// from, and the last chart-data answer together with the form data that asked for it (so a render-only change
// redraws from it and any other change waits for Run). Answers are wrapped in ref(): valtio must not proxy rows.

export interface DatasetColumn {
  column_name: string;
  verbose_name: string | null;
  type: string | null;
  is_dttm: boolean;
  expression: string | null;
  groupby?: boolean;
  filterable?: boolean;
}

export interface DatasetMetric {
  metric_name: string;
  verbose_name: string | null;
  expression: string;
}

export interface ExploreDataset {
  id: number;
  table_name: string;
  schema?: string | null;
  sql?: string | null;
  select_star?: string | null;
  kind?: string;
  main_dttm_col: string | null;
  columns: DatasetColumn[];
  metrics: DatasetMetric[];
  database: { id?: number; database_name: string };
}

export interface SliceOwner {
  id: number;
  first_name?: string;
  last_name?: string;
}

export interface ExploreSlice {
  slice_id: number;
  slice_name: string;
  owners: SliceOwner[];
  certified_by?: string | null;
  certification_details?: string | null;
}

export interface ChartState {
  status: "idle" | "loading" | "success" | "failed" | "stopped";
  error: string | null;
  queriesData: QueryData[] | null;
  /** the form data the answer was asked with */
  queriedFormData: FormData | null;
}

export const exploreStore = proxy({
  status: "loading" as "loading" | "ready" | "error",
  loadError: null as string | null,
  csrfToken: null as string | null,
  dataset: null as ExploreDataset | null,
  formData: {} as FormData,
  slice: null as ExploreSlice | null,
  /** the title in the header: the saved chart's name, or what the user typed there (saved on save) */
  sliceName: null as string | null,
  /** whether the saved chart is one of the user's favourites */
  isStarred: false,
  formDataKey: null as string | null,
  chart: { status: "idle", error: null, queriesData: null, queriedFormData: null } as ChartState,
  /** labels of adhoc metrics, columns and filters kept through a dataset change that may not fit the new dataset */
  datasetWarnings: [] as string[],
});

/** The running chart query's abort switch ("Stop"). */
let running: AbortController | null = null;

export function validationErrors(formData: FormData): Record<string, string[]> {
  const type = getChartType(formData.viz_type);
  return type ? validateFormData(type.controlPanel, formData) : { viz_type: ["Choose a visualization type"] };
}

/** The address keeps the form data key (and the saved chart's id), so a reload opens the same state. */
function writeAddress() {
  // a form-data save that ends after the user left Explore (a menu link clicked within the save's debounce) must not
  // put Explore's address over the page they went to: a reload would reopen Explore
  if (!window.location.pathname.startsWith("/explore/")) return;
  const params = new URLSearchParams();
  // a standalone (embedded) chart stays standalone when its address is rewritten
  const current = new URLSearchParams(window.location.search);
  for (const k of ["standalone", "height"]) if (current.get(k)) params.set(k, current.get(k)!);
  if (exploreStore.slice) params.set("slice_id", String(exploreStore.slice.slice_id));
  if (exploreStore.formDataKey) params.set("form_data_key", exploreStore.formDataKey);
  window.history.replaceState(window.history.state, "", `/explore/?${params}`);
}

const snapshotFormData = () => JSON.parse(JSON.stringify(exploreStore.formData)) as FormData;

/** Stores the form data under a key (a new one the first time) and puts the key in the address. */
export async function persistFormData(): Promise<void> {
  const { dataset, formDataKey, slice } = exploreStore;
  if (!dataset) return;
  const body = { datasource_id: dataset.id, datasource_type: "table", chart_id: slice?.slice_id ?? null, form_data: JSON.stringify(exploreStore.formData) };
  const res = formDataKey
    ? await apiCall<{ key: string }>("PUT", `/api/v1/explore/form_data/${formDataKey}`, exploreStore.csrfToken, body)
    : await apiCall<{ key: string }>("POST", "/api/v1/explore/form_data", exploreStore.csrfToken, body);
  if (!res.ok) return;
  exploreStore.formDataKey = res.body.key;
  writeAddress();
}

let persistTimer: ReturnType<typeof setTimeout> | null = null;
function schedulePersist() {
  if (persistTimer) clearTimeout(persistTimer);
  persistTimer = setTimeout(() => void persistFormData(), 400);
}

interface ExploreAnswer {
  result: { dataset: ExploreDataset; form_data: FormData; slice: ExploreSlice | null };
}

/** Opens Explore from the address: ?slice_id=, ?datasource_id=&datasource_type=, ?form_data_key= or ?permalink_key=, and an optional ?viz_type=. */
export async function openExplore(search: string, csrfToken: string | null): Promise<void> {
  running?.abort();
  Object.assign(exploreStore, { status: "loading", loadError: null, csrfToken, slice: null, sliceName: null, isStarred: false, formDataKey: null, datasetWarnings: [] });
  exploreStore.chart = { status: "idle", error: null, queriesData: null, queriedFormData: null };
  const params = new URLSearchParams(search);
  const query = new URLSearchParams();
  for (const name of ["slice_id", "datasource_id", "datasource_type", "form_data_key", "permalink_key"]) {
    const v = params.get(name);
    if (v) query.set(name, v);
  }
  if (![...query.keys()].length) {
    Object.assign(exploreStore, { status: "error", loadError: "Choose a dataset or a chart to explore: the address needs a slice_id, datasource_id or form_data_key." });
    return;
  }
  const res = await apiCall<ExploreAnswer>("GET", `/api/v1/explore/?${query}`, csrfToken);
  if (!res.ok) {
    Object.assign(exploreStore, { status: "error", loadError: res.message });
    return;
  }
  const { dataset, form_data, slice } = res.body.result;
  // a viz_type in the address (as "Create a new chart" sends) is the type the chart starts as
  const asked = params.get("viz_type");
  const vizType = getChartType(asked) ? asked! : getChartType(form_data.viz_type) ? String(form_data.viz_type) : "table";
  // a saved chart of a type not drawn here (an imported legacy type) opens as it is: Explore says so and offers the
  // gallery, rather than quietly turning it into a table
  const unavailable = slice && !getChartType(asked) && !getChartType(form_data.viz_type) && typeof form_data.viz_type === "string" && form_data.viz_type !== "";
  exploreStore.dataset = dataset;
  exploreStore.slice = slice
    ? { slice_id: slice.slice_id, slice_name: slice.slice_name, owners: slice.owners, certified_by: slice.certified_by ?? null, certification_details: slice.certification_details ?? null }
    : null;
  exploreStore.sliceName = slice?.slice_name ?? null;
  exploreStore.formData = unavailable ? { ...form_data, datasource: `${dataset.id}__table` } : formDataForViz(form_data, vizType, dataset);
  exploreStore.formDataKey = params.get("form_data_key");
  exploreStore.status = "ready";
  if (slice) void loadFavoriteStatus(slice.slice_id);
  // a saved chart or a shared permalink opens drawn, as in Superset; a new one waits for its controls
  if ((slice || params.get("permalink_key")) && !Object.keys(validationErrors(exploreStore.formData)).length) await runQuery();
}

export function setControl(name: string, value: unknown) {
  exploreStore.formData[name] = value;
  schedulePersist();
}

export function setVizType(vizType: string) {
  if (!exploreStore.dataset) return;
  exploreStore.formData = formDataForViz(snapshotFormData(), vizType, exploreStore.dataset);
  rememberVizType(vizType);
  schedulePersist();
}

/**
 * "Change dataset": the chart's form data moves to another dataset the user may read. Saved metrics and
 * columns the new dataset lacks are dropped; adhoc SQL is kept and listed as possibly incompatible.
 * Answers an error message, or null once changed.
 */
export async function changeDataset(datasetId: number): Promise<string | null> {
  const res = await apiCall<ExploreAnswer>("GET", `/api/v1/explore/?datasource_id=${datasetId}&datasource_type=table`, exploreStore.csrfToken);
  if (!res.ok) return res.message;
  const dataset = res.body.result.dataset;
  const { formData, warnings } = reconcileWithDataset(snapshotFormData(), dataset);
  const vizType = getChartType(formData.viz_type) ? String(formData.viz_type) : "table";
  exploreStore.dataset = dataset;
  exploreStore.formData = formDataForViz(formData, vizType, dataset);
  exploreStore.datasetWarnings = warnings;
  // the form data key belonged to the other dataset: a new key is stored for this one
  exploreStore.formDataKey = null;
  void persistFormData();
  return null;
}

/** "Stop": aborts the running query; the chart says 'Updating chart was stopped', as Superset's does. */
export function stopQuery() {
  running?.abort();
}

/** Runs the chart's query unless a control blocks it; the answer is kept with the form data that asked. */
export async function runQuery(force = false): Promise<void> {
  const formData = snapshotFormData();
  const type = getChartType(formData.viz_type);
  if (!type || Object.keys(validationErrors(formData)).length) return;
  running?.abort();
  const controller = new AbortController();
  running = controller;
  exploreStore.chart = { ...exploreStore.chart, status: "loading", error: null };
  let body: unknown;
  try {
    body = type.buildQuery(formData);
  } catch (e) {
    exploreStore.chart = { status: "failed", error: e instanceof Error ? e.message : String(e), queriesData: null, queriedFormData: null };
    return;
  }
  if (force) body = { ...(body as object), force: true };
  const answer = await fetchChartData(body, exploreStore.csrfToken, controller.signal);
  if (running !== controller && !controller.signal.aborted) return; // a newer run owns the chart now
  if (running === controller) running = null;
  if (!answer.ok && answer.aborted) {
    // a stop keeps the last chart drawn under the message, as Superset's stopped state does
    if (running === null) exploreStore.chart = { ...exploreStore.chart, status: "stopped", error: "Updating chart was stopped" };
    return;
  }
  if (!answer.ok) {
    exploreStore.chart = { status: "failed", error: answer.message, queriesData: null, queriedFormData: null };
  } else {
    exploreStore.chart = { status: "success", error: null, queriesData: ref(answer.result), queriedFormData: ref(formData) };
  }
  void persistFormData();
}

export type SaveAction = "saveas" | "overwrite";

/** Saves the chart (new or overwriting the one opened); answers an error message, or null once saved. */
/** Where a saved chart goes besides its own record: an existing dashboard, a new one by this title, or none. */
export type DashboardChoice = { id: number } | { newTitle: string } | null;

async function dashboardIdFor(choice: DashboardChoice): Promise<{ id: number | null } | { error: string }> {
  if (!choice) return { id: null };
  if ("id" in choice) return { id: choice.id };
  const res = await apiCall<{ id: number }>("POST", "/api/v1/dashboard/", exploreStore.csrfToken, { dashboard_title: choice.newTitle.trim() });
  return res.ok ? { id: res.body.id } : { error: `Failed to create dashboard: ${res.message}` };
}

/** The dashboards the saved chart is on already (an overwrite keeps them, as Superset's save does). */
async function currentDashboards(sliceId: number): Promise<number[]> {
  const res = await apiCall<{ result: { dashboards?: { id: number }[] } }>("GET", `/api/v1/chart/${sliceId}`, exploreStore.csrfToken);
  return res.ok ? (res.body.result.dashboards ?? []).map((d) => d.id) : [];
}

/**
 * Superset's save: overwrite the opened chart or save a new one, optionally adding it to a dashboard (created
 * here when it is new; the dashboard lists a chart its layout does not place yet at its end). Answers an error
 * message, or the dashboard the chart was added to.
 */
export async function saveChart(action: SaveAction, sliceName: string, userId: number, dashboard: DashboardChoice = null, message = ""): Promise<{ error: string } | { dashboardId: number | null }> {
  const { dataset, slice } = exploreStore;
  const formData = snapshotFormData();
  const type = getChartType(formData.viz_type);
  if (!dataset || !type) return { error: "Failed to save slice" };
  const name = sliceName.trim();
  if (!name) return { error: "Chart name is required" };
  const target = await dashboardIdFor(dashboard);
  if ("error" in target) return target;
  const overwrite = action === "overwrite" && slice;
  const body: Record<string, unknown> = {
    slice_name: name, viz_type: String(formData.viz_type), datasource_id: dataset.id, datasource_type: "table",
    params: JSON.stringify(formData), query_context: JSON.stringify(type.buildQuery(formData)),
  };
  // the save's note in the chart's History (issue 34)
  if (message.trim()) body.revision_message = message.trim();
  if (target.id !== null) body.dashboards = [...new Set([...(overwrite ? await currentDashboards(slice.slice_id) : []), target.id])];
  const res = overwrite
    ? await apiCall<{ id: number }>("PUT", `/api/v1/chart/${slice.slice_id}`, exploreStore.csrfToken, body)
    : await apiCall<{ id: number }>("POST", "/api/v1/chart/", exploreStore.csrfToken, body);
  if (!res.ok) return { error: `Failed to save slice: ${res.message}` };
  const owners = overwrite ? slice.owners : [{ id: userId }];
  exploreStore.slice = { slice_id: res.body.id, slice_name: name, owners };
  exploreStore.sliceName = name;
  if (action === "saveas") exploreStore.isStarred = false;
  exploreStore.formData = { ...exploreStore.formData, slice_id: res.body.id };
  void loadSliceMeta(res.body.id);
  await persistFormData();
  writeAddress();
  return { dashboardId: target.id };
}

/** The header's title: trimmed; an empty title leaves the name unchanged. */
export function setSliceName(name: string) {
  const trimmed = name.trim();
  if (trimmed) exploreStore.sliceName = trimmed;
}

/** The saved chart's owners (with names) and certification, as the header shows them, read again after a save. */
async function loadSliceMeta(sliceId: number) {
  const res = await apiCall<{ result: Pick<ExploreSlice, "owners" | "certified_by" | "certification_details"> }>("GET", `/api/v1/chart/${sliceId}`, exploreStore.csrfToken);
  const slice = exploreStore.slice;
  if (!res.ok || slice?.slice_id !== sliceId) return;
  const { owners, certified_by, certification_details } = res.body.result;
  exploreStore.slice = { ...slice, owners, certified_by, certification_details };
}

async function loadFavoriteStatus(sliceId: number) {
  const res = await apiCall<{ result: { id: number; value: boolean }[] }>("GET", `/api/v1/chart/favorite_status/?q=${encodeURIComponent(`!(${sliceId})`)}`, exploreStore.csrfToken);
  if (res.ok && exploreStore.slice?.slice_id === sliceId) exploreStore.isStarred = res.body.result[0]?.value === true;
}

/** Stars or unstars the saved chart (POST / DELETE /api/v1/chart/{id}/favorites/); answers an error or null. */
export async function toggleFavorite(): Promise<string | null> {
  const slice = exploreStore.slice;
  if (!slice) return null;
  const starred = exploreStore.isStarred;
  const res = await apiCall(starred ? "DELETE" : "POST", `/api/v1/chart/${slice.slice_id}/favorites/`, exploreStore.csrfToken, undefined, { keepalive: true });
  if (!res.ok) return res.message;
  exploreStore.isStarred = !starred;
  return null;
}

/** A permalink to the chart as it is now (POST /api/v1/explore/permalink); answers its URL or an error. */
export async function createPermalink(): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const urlParams = [...new URLSearchParams(window.location.search)].filter(([k]) => !["form_data_key", "slice_id", "permalink_key"].includes(k));
  const res = await apiCall<{ key: string; url: string }>("POST", "/api/v1/explore/permalink", exploreStore.csrfToken, { formData: snapshotFormData(), urlParams });
  return res.ok ? { ok: true, url: res.body.url } : { ok: false, message: res.message };
}
