// Issue 13's acceptance, last part: Superset's example bundle imported into one instance, its dashboards exported,
// and the export imported into a fresh instance (a second Worker with its own D1): the same dashboards, charts,
// datasets and database by uuid and name, and importing it again duplicates nothing. Both Workers are this file's
// own (the imported rows would crowd the shared Worker's listings). The bundle's datasets point at a PostgreSQL
// database, as in the e2e acceptance; no table is read here, only the metadata travels.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { strFromU8, unzipSync } from "fflate";
import { parse } from "yaml";
import { startWorker, TEST_ADMIN } from "../support/server.mjs";
import { bearerClient, type ApiClient } from "../support/client";
import { q, unique } from "../support/access";
import { bundleInOneSchema, examplesPresent, readConfigs } from "../e2e/superset-examples-bundle";
import { skipWithout } from "../support/prerequisite";

const PG_URI = "postgresql://postgres@127.0.0.1:5432/test";
const present = examplesPresent();
const skip = skipWithout(present, "Superset's example export (../shared/data/superset-examples, never committed), which bundle-fresh-instance reads,");

type Worker = Awaited<ReturnType<typeof startWorker>>;
let source: Worker;
let fresh: Worker;
let a: ApiClient;
let b: ApiClient;

async function clientFor(url: string): Promise<ApiClient> {
  const send = (path: string, init?: RequestInit) => fetch(`${url}${path}`, init);
  const res = await send("/api/v1/security/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...TEST_ADMIN, provider: "db" }) });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return bearerClient(((await res.json()) as { access_token: string }).access_token, send);
}

async function importZip(api: ApiClient, bytes: Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("formData", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" }), "bundle.zip");
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await api.raw("/api/v1/dashboard/import/", { method: "POST", body: form });
  return { status: res.status, body: (await res.json()) as { message?: string; errors?: { extra: Record<string, unknown> }[] } };
}

const count = async (api: ApiClient, resource: string) => ((await (await api.get(`/api/v1/${resource}/?q=${q({ page_size: 1 })}`)).json()) as { count: number }).count;
const counts = async (api: ApiClient) => ({ dashboards: await count(api, "dashboard"), charts: await count(api, "chart"), datasets: await count(api, "dataset"), databases: await count(api, "database") });

async function dashboardIds(api: ApiClient, titles: string[]): Promise<number[]> {
  const { result } = (await (await api.get(`/api/v1/dashboard/?q=${q({ page_size: 100 })}`)).json()) as { result: { id: number; dashboard_title: string }[] };
  return result.filter((d) => titles.includes(d.dashboard_title)).map((d) => d.id);
}

async function exportDashboards(api: ApiClient, ids: number[]): Promise<Uint8Array> {
  const res = await api.get(`/api/v1/dashboard/export/?q=${q(ids)}`);
  expect(res.status, await res.clone().text().then((t) => t.slice(0, 300))).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

const NAME_FIELD: Record<string, string> = { dashboards: "dashboard_title", charts: "slice_name", datasets: "table_name", databases: "database_name" };

/** Per folder of a bundle, its objects as "uuid name" lines, sorted: what two instances must agree on. */
function contents(zip: Uint8Array): Record<string, string[]> {
  const out: Record<string, string[]> = { dashboards: [], charts: [], datasets: [], databases: [] };
  for (const [path, bytes] of Object.entries(unzipSync(zip))) {
    const folder = path.split("/")[1];
    if (!(folder in out)) continue;
    const data = parse(strFromU8(bytes)) as Record<string, unknown>;
    out[folder].push(`${String(data.uuid)} ${String(data[NAME_FIELD[folder]])}`);
  }
  for (const k of Object.keys(out)) out[k].sort();
  return out;
}

describe.skipIf(skip)("Superset's example bundle, exported and imported into a fresh instance", () => {
  beforeAll(async () => {
    [source, fresh] = await Promise.all([startWorker(), startWorker()]);
    [a, b] = await Promise.all([clientFor(source.url), clientFor(fresh.url)]);
  }, 240_000);
  afterAll(async () => {
    await Promise.all([source?.stop(), fresh?.stop()]);
  });

  test("the same dashboards, charts, datasets and database arrive, and importing again duplicates nothing", async () => {
    const configs = readConfigs();
    const name = `fresh_examples_${unique()}`;
    const created = await a.post("/api/v1/database/", { database_name: name, sqlalchemy_uri: PG_URI, expose_in_sqllab: true });
    expect(created.status, await created.clone().text()).toBe(201);
    const dbId = ((await created.json()) as { id: number }).id;
    const db = ((await (await a.get(`/api/v1/database/${dbId}`)).json()) as { result: { uuid: string } }).result;
    const imported = await importZip(a, bundleInOneSchema(configs, { uuid: db.uuid, name, uri: PG_URI }, `fresh_${unique()}`));
    expect(imported, JSON.stringify(imported.body).slice(0, 2000)).toMatchObject({ status: 200 });

    const titles = configs.dashboards.map((d) => d.title);
    const sourceIds = await dashboardIds(a, titles);
    expect(sourceIds).toHaveLength(configs.dashboards.length);
    const exported = await exportDashboards(a, sourceIds);
    const sent = contents(exported);
    expect(sent.dashboards).toHaveLength(configs.dashboards.length);
    expect(sent.charts).toHaveLength(configs.charts.placed);
    expect(sent.databases).toEqual([`${db.uuid} ${name}`]);

    const before = await counts(b);
    const first = await importZip(b, exported);
    expect(first, JSON.stringify(first.body).slice(0, 2000)).toMatchObject({ status: 200, body: { message: "OK" } });
    const after = await counts(b);
    expect(after).toEqual({
      dashboards: before.dashboards + sent.dashboards.length,
      charts: before.charts + sent.charts.length,
      datasets: before.datasets + sent.datasets.length,
      databases: before.databases + 1,
    });
    const freshIds = await dashboardIds(b, titles);
    expect(freshIds).toHaveLength(configs.dashboards.length);
    expect(contents(await exportDashboards(b, freshIds))).toEqual(sent);

    // again: refused without overwrite, and with it the same rows are updated in place
    const again = await importZip(b, exported);
    expect(again.status).toBe(422);
    expect(Object.values(again.body.errors![0].extra)).toContain("Dashboard already exists and `overwrite=true` was not passed");
    const overwritten = await importZip(b, exported, { overwrite: "true" });
    expect(overwritten.status, JSON.stringify(overwritten.body).slice(0, 2000)).toBe(200);
    expect(await counts(b)).toEqual(after);
    expect((await dashboardIds(b, titles)).sort()).toEqual([...freshIds].sort());
    expect(contents(await exportDashboards(b, freshIds))).toEqual(sent);
  }, 300_000);
});
