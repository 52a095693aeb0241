import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { jsonObject } from "../http/input";
import { deleteKeyValue, insertKeyValue, liveKeyValue, updateKeyValue } from "../../db/key-values/store";
import { ApiError, badRequest, forbidden, notFound } from "../../core/http/errors";
import { datasetScope } from "../../core/datasets/access";
import {
  datasourceOfFormData, FORM_DATA_TTL_MS, parseFormDataBody, parsePermalinkBody, type FormDataEntry, type PermalinkState,
} from "../../core/explore/state";
import { chartDetail, chartFormData } from "../../core/charts/shape";
import { loadDataset } from "../../db/datasets/datasets";
import { datasourceData } from "../../db/datasets/detail";
import { chartRelations, visibleChart } from "../../db/charts/charts";
import { keyOwnerOf } from "../http/key-owner";
import { mayChangeKey, mayReadKey, type KeyOwner } from "../../core/security/key-owner";

// Explore's API (Superset's ExploreRestApi, ExploreFormDataRestApi, ExplorePermalinkRestApi): the initial
// context of the chart builder, unsaved form data kept per user for a week, and durable permalinks.
// Every entry names its dataset, and nothing is stored or answered for a dataset the caller may not read.

export const exploreApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;

const FORM_DATA = "explore_form_data";
const PERMALINK = "explore_permalink";
const KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** 128 random bits, base64url: keys nobody can guess. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The dataset (and chart, when named) must be readable by the caller; 404 as if they did not exist. */
async function checkAccess(c: C, datasourceId: number, datasourceType: string, chartId: number | null) {
  if (datasourceType !== "table") throw notFound("Dataset not found");
  const scope = datasetScope(principalOf(c));
  const loaded = await loadDataset(c.var.db, datasourceId, scope).catch(() => {
    throw notFound("Dataset not found");
  });
  const chart = chartId !== null ? await visibleChart(c.var.db, chartId, scope) : null;
  if (chartId !== null && !chart) throw notFound("Chart not found");
  return { ...loaded, chart };
}

async function readEntry(c: C, resource: string, key: string) {
  if (!KEY.test(key)) throw notFound();
  const row = await liveKeyValue(c.var.db, resource, key);
  if (!row) throw notFound();
  return row;
}

/**
 * The owner of a form-data entry: its user (created_by_fk), or the anonymous visitor named in the entry
 * (core/security/key-owner.ts); 0 for one stored anonymously before owners were told apart.
 */
const formDataOwner = (row: { created_by_fk: number | null; value: string }): unknown =>
  row.created_by_fk ?? (JSON.parse(row.value) as { owner?: unknown }).owner ?? 0;

/** The row as stored for `owner`: a user in created_by_fk, an anonymous visitor inside the entry. */
const ownedValues = (entry: FormDataEntry, owner: KeyOwner) =>
  typeof owner === "number" ? { value: JSON.stringify(entry), created_by_fk: owner } : { value: JSON.stringify({ ...entry, owner }), created_by_fk: null };

const formDataRead = requires("can_read", "ExploreFormDataRestApi");
const formDataWrite = requires("can_write", "ExploreFormDataRestApi");

exploreApi.post("/api/v1/explore/form_data", formDataWrite, async (c) => {
  const entry = parseFormDataBody(await jsonObject(c), c.req.query("tab_id"));
  await checkAccess(c, entry.datasource_id, entry.datasource_type, entry.chart_id);
  const key = randomKey();
  await insertKeyValue(c.var.db, {
    uuid: key, resource: FORM_DATA, ...ownedValues(entry, await keyOwnerOf(c, principalOf(c))),
    expires_on: new Date(Date.now() + FORM_DATA_TTL_MS).toISOString(),
  });
  return c.json({ key }, 201);
});

exploreApi.put("/api/v1/explore/form_data/:key", formDataWrite, async (c) => {
  const row = await readEntry(c, FORM_DATA, c.req.param("key"));
  const entry = parseFormDataBody(await jsonObject(c), c.req.query("tab_id"));
  await checkAccess(c, entry.datasource_id, entry.datasource_type, entry.chart_id);
  const owner = await keyOwnerOf(c, principalOf(c));
  const expires_on = new Date(Date.now() + FORM_DATA_TTL_MS).toISOString();
  // Another user's (or anonymous visitor's) entry is never changed: as Superset, the caller gets an entry (and key) of their own.
  if (!mayChangeKey(formDataOwner(row), owner)) {
    const key = randomKey();
    await insertKeyValue(c.var.db, { uuid: key, resource: FORM_DATA, ...ownedValues(entry, owner), expires_on });
    return c.json({ key });
  }
  await updateKeyValue(c.var.db, row.id, { ...ownedValues(entry, owner), expires_on });
  return c.json({ key: row.uuid });
});

exploreApi.get("/api/v1/explore/form_data/:key", formDataRead, async (c) => {
  const row = await readEntry(c, FORM_DATA, c.req.param("key"));
  // another anonymous visitor's entry answers as if absent
  if (!mayReadKey(formDataOwner(row), await keyOwnerOf(c, principalOf(c)))) throw notFound();
  const entry = JSON.parse(row.value) as FormDataEntry;
  await checkAccess(c, entry.datasource_id, entry.datasource_type, entry.chart_id);
  return c.json({ form_data: entry.form_data });
});

exploreApi.delete("/api/v1/explore/form_data/:key", formDataWrite, async (c) => {
  const row = await readEntry(c, FORM_DATA, c.req.param("key"));
  if (!mayChangeKey(formDataOwner(row), await keyOwnerOf(c, principalOf(c)))) throw forbidden("Only the user who stored this form data may delete it");
  await deleteKeyValue(c.var.db, row.id);
  return c.json({ message: "Deleted" });
});

exploreApi.post("/api/v1/explore/permalink", requires("can_write", "ExplorePermalinkRestApi"), async (c) => {
  const state = parsePermalinkBody(await jsonObject(c));
  const ds = datasourceOfFormData(state.formData);
  if (!ds) throw badRequest("The chart state does not name its dataset (formData.datasource)");
  const chartId = Number.isSafeInteger(state.formData.slice_id) ? (state.formData.slice_id as number) : null;
  await checkAccess(c, ds.id, ds.type, chartId);
  const key = randomKey();
  const value = { chartId, datasourceId: ds.id, datasourceType: ds.type, datasource: `${ds.id}__${ds.type}`, state };
  await insertKeyValue(c.var.db, { uuid: key, resource: PERMALINK, value: JSON.stringify(value), created_by_fk: principalOf(c).id });
  return c.json({ key, url: `${new URL(c.req.url).origin}/explore/p/${key}/` }, 201);
});

async function permalinkState(c: C, key: string): Promise<PermalinkState> {
  const row = await readEntry(c, PERMALINK, key);
  const value = JSON.parse(row.value) as { chartId: number | null; datasourceId: number; datasourceType: string; state: PermalinkState };
  await checkAccess(c, value.datasourceId, value.datasourceType, value.chartId);
  return value.state;
}

exploreApi.get("/api/v1/explore/permalink/:key", requires("can_read", "ExplorePermalinkRestApi"), async (c) => {
  return c.json({ state: await permalinkState(c, c.req.param("key")) });
});

/** GET /api/v1/explore/: the dataset, form data and saved chart Explore opens with. */
exploreApi.get("/api/v1/explore/", requires("can_read", "Explore"), async (c) => {
  const q = (name: string) => c.req.query(name) || undefined;
  const int = (name: string) => {
    const v = q(name);
    if (v === undefined) return null;
    if (!/^\d{1,15}$/.test(v)) throw badRequest(`${name} must be an integer`);
    return Number(v);
  };
  let formData: Record<string, unknown>;
  let ds: { id: number; type: string } | null;
  let chartId = int("slice_id");
  const permalinkKey = q("permalink_key");
  const formDataKey = q("form_data_key");
  if (permalinkKey) {
    formData = (await permalinkState(c, permalinkKey)).formData;
    ds = datasourceOfFormData(formData);
    chartId = Number.isSafeInteger(formData.slice_id) ? (formData.slice_id as number) : chartId;
  } else if (formDataKey) {
    const entry = JSON.parse((await readEntry(c, FORM_DATA, formDataKey)).value) as FormDataEntry;
    formData = chartFormData(entry.form_data);
    ds = { id: entry.datasource_id, type: entry.datasource_type };
    chartId = entry.chart_id ?? chartId;
  } else if (chartId !== null) {
    const chart = await visibleChart(c.var.db, chartId, datasetScope(principalOf(c)));
    if (!chart) throw notFound("Chart not found");
    formData = { ...chartFormData(chart.params), slice_id: chart.id };
    ds = chart.datasource_id !== null ? { id: chart.datasource_id, type: chart.datasource_type === "dataset" ? "table" : (chart.datasource_type ?? "table") } : null;
  } else {
    const id = int("datasource_id");
    if (id === null) throw badRequest("Explore needs a slice_id, datasource_id, form_data_key or permalink_key");
    ds = { id, type: q("datasource_type") ?? "table" };
    formData = { datasource: `${id}__${ds.type}`, viz_type: "table" };
  }
  if (!ds) throw new ApiError(422, "The chart's dataset is missing", "GENERIC_COMMAND_ERROR");
  const { dataset, database, chart } = await checkAccess(c, ds.id, ds.type, chartId);
  formData = { ...formData, datasource: `${dataset.id}__table` };
  const slice = chart ? { ...chartDetail(chart, await chartRelations(c.var.db, [chart])), slice_id: chart.id, form_data: formData } : null;
  return c.json({ result: { dataset: await datasourceData(c.var.db, dataset, database), form_data: formData, slice, message: null } });
});
