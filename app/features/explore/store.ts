import { proxy, ref } from "valtio";
import type { FormData, QueryData } from "../../../core/charts/contract";
import { getChartType } from "../../../core/charts/registry";
import { validateFormData } from "../../../core/charts/controls/validate";
import { formDataForViz } from "../../../core/explore/form-data";
import { apiCall } from "../../components/api-call";

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
  main_dttm_col: string | null;
  columns: DatasetColumn[];
  metrics: DatasetMetric[];
  database: { database_name: string };
}

export interface ExploreSlice {
  slice_id: number;
  slice_name: string;
  owners: { id: number }[];
}

export interface ChartState {
  status: "idle" | "loading" | "success" | "failed";
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
});

export function validationErrors(formData: FormData): Record<string, string[]> {
  const type = getChartType(formData.viz_type);
  return type ? validateFormData(type.controlPanel, formData) : { viz_type: ["Choose a visualization type"] };
}

/** The address keeps the form data key (and the saved chart's id), so a reload opens the same state. */
function writeAddress() {
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
  result: { dataset: ExploreDataset; form_data: FormData; slice: (ExploreSlice & { owners: { id: number }[] }) | null };
}

/** Opens Explore from the address: ?slice_id=, ?datasource_id=&datasource_type=, ?form_data_key= or ?permalink_key=. */
export async function openExplore(search: string, csrfToken: string | null): Promise<void> {
  Object.assign(exploreStore, { status: "loading", loadError: null, csrfToken, slice: null, sliceName: null, isStarred: false, formDataKey: null });
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
  const vizType = getChartType(form_data.viz_type) ? String(form_data.viz_type) : "table";
  exploreStore.dataset = dataset;
  exploreStore.slice = slice ? { slice_id: slice.slice_id, slice_name: slice.slice_name, owners: slice.owners } : null;
  exploreStore.sliceName = slice?.slice_name ?? null;
  exploreStore.formData = formDataForViz(form_data, vizType, dataset);
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
  schedulePersist();
}

/** Runs the chart's query unless a control blocks it; the answer is kept with the form data that asked. */
export async function runQuery(force = false): Promise<void> {
  const formData = snapshotFormData();
  const type = getChartType(formData.viz_type);
  if (!type || Object.keys(validationErrors(formData)).length) return;
  exploreStore.chart = { ...exploreStore.chart, status: "loading", error: null };
  let body: unknown;
  try {
    body = type.buildQuery(formData);
  } catch (e) {
    exploreStore.chart = { status: "failed", error: e instanceof Error ? e.message : String(e), queriesData: null, queriedFormData: null };
    return;
  }
  if (force) body = { ...(body as object), force: true };
  const res = await apiCall<{ result?: QueryData[] }>("POST", "/api/v1/chart/data", exploreStore.csrfToken, body);
  if (!res.ok) {
    exploreStore.chart = { status: "failed", error: res.message, queriesData: null, queriedFormData: null };
  } else if (!Array.isArray(res.body.result)) {
    exploreStore.chart = { status: "failed", error: "The chart data was not answered at once (asynchronous queries are not shown on this page)", queriesData: null, queriedFormData: null };
  } else {
    exploreStore.chart = { status: "success", error: null, queriesData: ref(res.body.result), queriedFormData: ref(formData) };
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
export async function saveChart(action: SaveAction, sliceName: string, userId: number, dashboard: DashboardChoice = null): Promise<{ error: string } | { dashboardId: number | null }> {
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
  await persistFormData();
  writeAddress();
  return { dashboardId: target.id };
}

/** The header's title: trimmed (SPEC §5); an empty title leaves the name unchanged. */
export function setSliceName(name: string) {
  const trimmed = name.trim();
  if (trimmed) exploreStore.sliceName = trimmed;
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
  const res = await apiCall(starred ? "DELETE" : "POST", `/api/v1/chart/${slice.slice_id}/favorites/`, exploreStore.csrfToken);
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
