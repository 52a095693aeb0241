// DASHBOARD_RBAC beyond a chart's own data, on a Worker of this file's own (DASHBOARD_RBAC and
// GLOBAL_ASYNC_QUERIES on): drill to detail (POST /datasource/samples) and cached results read by key
// (GET /api/v1/chart/data/{cache_key}, an async job's result_url included) follow Superset's raise_for_access
// rule — readable with access to the dataset, or through a dashboard with roles the reader may see, named with
// one of its charts on that very dataset — and are refused otherwise, without a row of data.
import { afterAll, beforeAll, expect, test } from "vitest";
import { startWorker, TEST_ADMIN } from "../support/server.mjs";
import { bearerClient, type ApiClient } from "../support/client";
import { exampleDataset, json, q, unique } from "../support/access";

type Worker = Awaited<ReturnType<typeof startWorker>>;
let worker: Worker;
let admin: ApiClient;
let viewer: ApiClient; // Gamma + the dashboard's role; no access to flights
let outsider: ApiClient; // Gamma only
let flights: number;
let granted: { id: number; onIt: number; otherDataset: number };
let notOnIt: number;
let othersDashboard: { id: number; chart: number };

async function login(username: string, password: string): Promise<ApiClient> {
  const send = (path: string, init?: RequestInit) => fetch(`${worker.url}${path}`, init);
  const res = await send("/api/v1/security/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username, password, provider: "db" }) });
  if (!res.ok) throw new Error(`login as ${username} failed: ${res.status} ${await res.text()}`);
  return bearerClient(((await res.json()) as { access_token: string }).access_token, send);
}

async function chartOn(datasetId: number): Promise<number> {
  const res = await admin.post("/api/v1/chart/", {
    slice_name: `RBAC data ${unique()}`, viz_type: "table", datasource_id: datasetId, datasource_type: "table",
    params: JSON.stringify({ viz_type: "table", query_mode: "raw", all_columns: ["airline"] }),
  });
  expect(res.status).toBe(201);
  return (await json(res)).id;
}

async function dashboardOf(chartIds: number[], roles: number[]): Promise<number> {
  const layout: Record<string, unknown> = {
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"] },
    "ROW-1": { type: "ROW", id: "ROW-1", children: chartIds.map((c) => `CHART-${c}`), meta: {} },
  };
  for (const chartId of chartIds) layout[`CHART-${chartId}`] = { type: "CHART", id: `CHART-${chartId}`, children: [], meta: { chartId, width: 4, height: 50 } };
  const res = await admin.post("/api/v1/dashboard/", { dashboard_title: `RBAC data ${unique()}`, published: true, roles, position_json: JSON.stringify(layout) });
  expect(res.status).toBe(201);
  return (await json(res)).id;
}

async function user(roles: number[]): Promise<ApiClient> {
  const username = `rbac_data_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const made = await admin.post("/api/v1/security/users/", { username, first_name: "Rb", last_name: "Ac", email: `${username}@example.com`, password, roles });
  expect(made.status).toBe(201);
  return login(username, password);
}

const roleNamed = async (name: string) =>
  (await json(await admin.get(`/api/v1/security/roles/?q=${q({ filters: [{ col: "name", opr: "eq", value: name }] })}`))).result[0].id as number;
const newRole = async () => (await json(await admin.post("/api/v1/security/roles/", { name: `rbac_data_${unique()}` }))).id as number;

beforeAll(async () => {
  worker = await startWorker({ vars: { DASHBOARD_RBAC: "true", GLOBAL_ASYNC_QUERIES: "true" } });
  admin = await login(TEST_ADMIN.username, TEST_ADMIN.password);
  flights = (await exampleDataset(admin, "flights")).id;
  const birthNames = (await exampleDataset(admin, "birth_names")).id;
  const [viewers, others, gamma] = [await newRole(), await newRole(), await roleNamed("Gamma")];
  const onIt = await chartOn(flights);
  const otherDataset = await chartOn(birthNames);
  granted = { id: await dashboardOf([onIt, otherDataset], [viewers]), onIt, otherDataset };
  notOnIt = await chartOn(flights);
  const othersChart = await chartOn(flights);
  othersDashboard = { id: await dashboardOf([othersChart], [others]), chart: othersChart };
  viewer = await user([gamma, viewers]);
  outsider = await user([gamma]);
}, 180_000);

afterAll(async () => {
  await worker?.stop();
});

const samples = (client: ApiClient, from = "", page = 1) =>
  client.post(`/datasource/samples?datasource_type=table&datasource_id=${flights}&per_page=20&page=${page}${from}`, { filters: [{ col: "airline", op: "==", val: "AA" }] });
const named = (dashboardId: number, sliceId: number) => `&dashboard_id=${dashboardId}&slice_id=${sliceId}`;

async function refused(res: Response, what: string) {
  expect(res.status, what).toBe(403);
  const body = await res.text();
  expect(body, what).toContain("DATASOURCE_SECURITY_ACCESS_ERROR");
  expect(body, what).not.toContain('"data"');
}

test("drill to detail: a dashboard's role reads the rows behind its chart when the dashboard and that chart are named, nothing else", async () => {
  const byAdmin = await samples(admin);
  expect(byAdmin.status).toBe(200);
  const all = (await json(byAdmin)).result;
  expect(all.total_count).toBeGreaterThan(0);

  const through = await samples(viewer, named(granted.id, granted.onIt));
  expect(through.status, await through.clone().text()).toBe(200);
  const rows = (await json(through)).result;
  expect(rows.total_count).toBe(all.total_count);
  expect(rows.data).toEqual(all.data);
  expect(rows.data.every((r: { airline: string }) => r.airline === "AA")).toBe(true);
  expect((await samples(viewer, named(granted.id, granted.onIt), 2)).status).toBe(200);

  await refused(await samples(viewer), "no dashboard named");
  await refused(await samples(viewer, `&dashboard_id=${granted.id}`), "the dashboard without its chart");
  await refused(await samples(viewer, named(granted.id, notOnIt)), "a chart on flights that is not on the dashboard");
  await refused(await samples(viewer, named(granted.id, granted.otherDataset)), "a chart of the dashboard on another dataset");
  await refused(await samples(viewer, named(othersDashboard.id, othersDashboard.chart)), "a dashboard of roles the user lacks");
  await refused(await samples(outsider, named(granted.id, granted.onIt)), "a user without the dashboard's role");
  expect((await samples(viewer, `&dashboard_id=x&slice_id=${granted.onIt}`)).status).toBe(400);
});

async function jobEvent(client: ApiClient, jobId: string): Promise<Record<string, any>> {
  let found: Record<string, any> | undefined;
  await expect.poll(async () => {
    found = ((await json(await client.get("/api/v1/async_event/"))).result as Record<string, any>[]).find((e) => e.job_id === jobId);
    return found?.status;
  }, { timeout: 30_000, interval: 250 }).toMatch(/done|error/);
  return found!;
}

test("cached results by key: an async job's result and a cache key are read through the dashboard the run named, refused otherwise", async () => {
  const label = `n_${unique()}`;
  const context = (formData: Record<string, unknown> | null) => ({
    datasource: { id: flights, type: "table" }, ...(formData ? { form_data: formData } : {}), result_format: "json", result_type: "full",
    queries: [{ columns: ["airline"], metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label }], orderby: [["airline", true]] }],
  });
  const fromDashboard = context({ dashboardId: granted.id, slice_id: granted.onIt, viz_type: "table" });
  await refused(await viewer.post("/api/v1/chart/data", context(null)), "chart data not through the dashboard");

  // not cached yet: a job, whose result_url its starter reads through the dashboard its request named
  const started = await viewer.post("/api/v1/chart/data", fromDashboard);
  expect(started.status, await started.clone().text()).toBe(202);
  const job = await json(started);
  const event = await jobEvent(viewer, job.job_id);
  expect(event.status, JSON.stringify(event.errors)).toBe("done");
  const result = await viewer.get(event.result_url);
  expect(result.status, await result.clone().text()).toBe(200);
  const rows = (await json(result)).result[0].data as Record<string, number>[];
  expect(rows.length).toBeGreaterThan(0);
  expect((await outsider.get(event.result_url)).status).toBe(404); // a job's result is its starter's only

  // now cached: the answer carries the key, read again by naming the dashboard and its chart on flights
  let key = "";
  await expect.poll(async () => {
    const res = await viewer.post("/api/v1/chart/data", fromDashboard);
    if (res.status === 200) key = (await json(res)).result[0].cache_key;
    return res.status;
  }, { timeout: 15_000 }).toBe(200);
  const byKey = await viewer.get(`/api/v1/chart/data/${key}?${named(granted.id, granted.onIt).slice(1)}`);
  expect(byKey.status, await byKey.clone().text()).toBe(200);
  expect((await json(byKey)).result[0]).toMatchObject({ is_cached: true, data: rows });
  expect((await admin.get(`/api/v1/chart/data/${key}`)).status).toBe(200); // data access needs no dashboard

  await refused(await viewer.get(`/api/v1/chart/data/${key}`), "the key alone");
  await refused(await viewer.get(`/api/v1/chart/data/${key}?dashboard_id=${granted.id}`), "the dashboard without its chart");
  await refused(await viewer.get(`/api/v1/chart/data/${key}?${named(granted.id, notOnIt).slice(1)}`), "a chart not on the dashboard");
  await refused(await viewer.get(`/api/v1/chart/data/${key}?${named(granted.id, granted.otherDataset).slice(1)}`), "the dashboard's chart on another dataset");
  await refused(await viewer.get(`/api/v1/chart/data/${key}?${named(othersDashboard.id, othersDashboard.chart).slice(1)}`), "a dashboard of other roles");
  await refused(await outsider.get(`/api/v1/chart/data/${key}?${named(granted.id, granted.onIt).slice(1)}`), "a user without the role");
  expect((await viewer.get(`/api/v1/chart/data/${"0".repeat(64)}`)).status).toBe(404);
});
