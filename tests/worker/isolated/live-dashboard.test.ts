/// <reference types="@cloudflare/vitest-plugin/types" />
import { beforeAll, expect, test } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { loginAs, loginAsAdmin, workerFetch, type ApiClient } from "../../support/client";
import { exampleDataset, json, pairFor, pairs, roleId, unique } from "../../support/access";
import { uploadFile } from "../../support/uploads";
import { databasePermName } from "../../../core/security/permissions";
import type { LiveDashboard } from "../../../durable-objects/live-dashboard";
import type { LiveDashboardIndex } from "../../../durable-objects/live-dashboard-index";

// Live dashboards (issue 29) in the real Worker, D1 and Durable Objects: viewers of the same scope share one object
// that runs each chart once per cycle and pushes the same answers to all their sockets; a viewer bound by other
// row-level security rules gets a scope (and rows) of their own; an upload into the dataset's table pushes new
// answers at once; a handshake that may not read the dashboard is refused. Its own Miniflare: it turns on uploads
// for the examples database.

const testEnv = env as unknown as { LIVE_DASHBOARD: DurableObjectNamespace<LiveDashboard>; LIVE_DASHBOARD_INDEX: DurableObjectNamespace<LiveDashboardIndex> };
const index = (dashboardId: number) => testEnv.LIVE_DASHBOARD_INDEX.get(testEnv.LIVE_DASHBOARD_INDEX.idFromName(`live-index:${dashboardId}`));
const scope = (key: string) => testEnv.LIVE_DASHBOARD.get(testEnv.LIVE_DASHBOARD.idFromName(key));

let admin: ApiClient;
let databaseId: number;
let datasetId: number;
let dashboardId: number;
let adminKey: string;
const table = `live_sales_${unique()}`;

const csv = (rows: [string, number][]) => ["region,amount", ...rows.map(([r, a]) => `${r},${a}`)].join("\n");
const upload = (rows: [string, number][], already_exists: string) => uploadFile(admin, databaseId, csv(rows), { table_name: table, already_exists });

async function chart(name: string, sqlExpression: string): Promise<number> {
  const params = { viz_type: "big_number_total", datasource: `${datasetId}__table`, metric: { expressionType: "SQL", sqlExpression, label: name } };
  const res = await admin.post("/api/v1/chart/", { slice_name: name, viz_type: "big_number_total", datasource_id: datasetId, datasource_type: "table", params: JSON.stringify(params), dashboards: [dashboardId] });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ id: number }>(res)).id;
}

interface Viewer { messages: Record<string, any>[]; socket: WebSocket; closed?: { code: number; reason: string } }

async function connect(client: ApiClient): Promise<Viewer> {
  return viewerOf(await client.raw(`/api/v1/dashboard/${dashboardId}/live`, { headers: { Upgrade: "websocket" } }));
}

function viewerOf(res: Response): Viewer {
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  const viewer: Viewer = { messages: [], socket };
  socket.addEventListener("message", (e) => {
    viewer.messages.push(...(JSON.parse(e.data as string) as Record<string, any>[])); // a frame: the charts one refresh changed
  });
  socket.addEventListener("close", (e) => {
    viewer.closed = { code: e.code, reason: e.reason };
  });
  socket.accept();
  return viewer;
}

/** The scope keys of the dashboard that `during` adds. */
async function newScopes(during: () => Promise<unknown>): Promise<string[]> {
  const before = new Set(await index(dashboardId).scopes());
  await during();
  return (await index(dashboardId).scopes()).filter((k) => !before.has(k));
}

/** Waits (a bounded number of turns) until every viewer holds `n` messages. */
async function received(viewers: Viewer[], n: number): Promise<void> {
  for (let i = 0; i < 200 && viewers.some((v) => v.messages.length < n); i++) await new Promise((r) => setTimeout(r, 10));
  for (const v of viewers) expect(v.messages.length).toBe(n);
}

const valueOf = (m: Record<string, any>) => Object.values(m.result[0].data[0])[0];

async function reader(clause: string): Promise<ApiClient> {
  return (await readers(clause, 1))[0].client;
}

/** `n` users under one new role: the examples database's access and a row-level security rule `clause`. */
async function readers(clause: string, n: number): Promise<{ client: ApiClient; id: number }[]> {
  const role = await json<{ id: number }>(await admin.post("/api/v1/security/roles/", { name: `live_${unique()}` }));
  const grant = pairFor(await pairs(admin), "database_access", databasePermName("examples", databaseId))!;
  expect((await admin.post(`/api/v1/security/roles/${role.id}/permissions`, { permission_view_menu_ids: [grant.id] })).status).toBe(200);
  const rule = await admin.post("/api/v1/rowlevelsecurity/", { name: `live ${unique()}`, filter_type: "Regular", tables: [datasetId], roles: [role.id], clause });
  expect(rule.status, await rule.clone().text()).toBe(201);
  const users = [];
  for (let i = 0; i < n; i++) {
    const username = `live_${unique()}`;
    const password = `pw-${unique()}-${unique()}`;
    const made = await admin.post("/api/v1/security/users/", { username, first_name: "Live", last_name: "Viewer", email: `${username}@example.com`, password, roles: [await roleId(admin, "Gamma"), role.id] });
    expect(made.status).toBe(201);
    users.push({ client: await loginAs(username, password), id: (await json<{ id: number }>(made)).id });
  }
  return users;
}

beforeAll(async () => {
  admin = await loginAsAdmin();
  databaseId = (await exampleDataset(admin, "birth_names")).database.id;
  expect((await admin.put(`/api/v1/database/${databaseId}`, { allow_file_upload: true })).status).toBe(200);
  expect((await upload([["EU", 10], ["US", 5]], "fail")).status).toBe(201);
  const datasets = await json<{ result: { id: number; table_name: string }[] }>(await admin.get(`/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:${table})))`));
  datasetId = datasets.result[0].id;
  const dash = await admin.post("/api/v1/dashboard/", { dashboard_title: `Live ${table}`, published: true, json_metadata: JSON.stringify({ refresh_frequency: 10, stagger_refresh: false }) });
  expect(dash.status, await dash.clone().text()).toBe(201);
  dashboardId = (await json<{ id: number }>(dash)).id;
  await chart("total", "SUM(amount)");
  await chart("rows", "COUNT(*)");
});

test("two viewers of one scope share one object: each chart runs once a cycle and both sockets get the same push", async () => {
  const [a, b] = [await connect(admin), await connect(admin)];
  const keys = await index(dashboardId).scopes();
  expect(keys).toHaveLength(1);
  adminKey = keys[0];
  const live = scope(adminKey);
  expect((await live.stats()).sockets).toBe(2);

  await runDurableObjectAlarm(live);
  await received([a, b], 2); // one answer per chart, to each socket
  expect(a.messages).toEqual(b.messages);
  expect(Object.fromEntries(a.messages.map((m) => [m.result[0].colnames[0], valueOf(m)]))).toEqual({ total: 15, rows: 2 });
  expect(await live.stats()).toMatchObject({ runs: 2, cycles: 1, charts: 2 });
  // what an operator reads (admins only)
  const listed = await json<{ result: { key: string; sockets: number; runs: number }[] }>(await admin.get(`/api/v1/dashboard/${dashboardId}/live/stats`));
  expect(listed.result).toEqual([expect.objectContaining({ key: adminKey, sockets: 2, runs: 2 })]);

  // a viewer arriving mid-interval is sent the current answers at once, without a query
  const late = await connect(admin);
  await received([late], 2);
  expect(late.messages).toEqual(a.messages);
  expect((await live.stats()).runs).toBe(2);

  // an upload appending to the dataset's table refreshes its charts now; only changed answers are pushed
  expect((await upload([["EU", 7]], "append")).status).toBe(201);
  await received([a, b, late], 4);
  expect(a.messages.slice(2)).toEqual(b.messages.slice(2));
  expect(Object.fromEntries(a.messages.slice(2).map((m) => [m.result[0].colnames[0], valueOf(m)]))).toEqual({ total: 22, rows: 3 });
  expect((await live.stats()).runs).toBe(4);
  // rows unchanged: the charts run again, nobody is sent anything
  expect(await index(dashboardId).dataChanged([datasetId])).toBe(2);
  await new Promise((r) => setTimeout(r, 50));
  expect(a.messages).toHaveLength(4);

  // nobody left: the next alarm ends the cycle, sets no other and leaves the dashboard's index
  for (const v of [a, b, late]) v.socket.close(1000);
  for (let i = 0; i < 200 && (await live.stats()).sockets > 0; i++) await new Promise((r) => setTimeout(r, 10));
  expect(await runDurableObjectAlarm(live)).toBe(true);
  expect(await runDurableObjectAlarm(live)).toBe(false);
  expect(await index(dashboardId).scopes()).not.toContain(adminKey);
});

test("a viewer under other row-level security rules gets a scope and rows of their own", async () => {
  const eu = await reader("region = 'EU'");
  const viewer = await connect(eu);
  const keys = await index(dashboardId).scopes();
  // the admin's scope of the same dashboard (test above) had no row-level security: this one is another object
  expect(keys).toHaveLength(1);
  expect(keys[0]).not.toBe(adminKey);
  const live = scope(keys[0]);
  expect((await live.stats()).sockets).toBe(1);
  await runDurableObjectAlarm(live);
  await received([viewer], 2);
  expect(Object.fromEntries(viewer.messages.map((m) => [m.result[0].colnames[0], valueOf(m)]))).toEqual({ total: 17, rows: 2 });
  viewer.socket.close(1000);
});

test("a handshake that may not read the dashboard is refused; one without an upgrade is told to upgrade", async () => {
  expect((await workerFetch(`/api/v1/dashboard/${dashboardId}/live`, { headers: { Upgrade: "websocket" } })).status).toBe(401);
  const nobody = await loginAs(...(await (async () => {
    const username = `live_none_${unique()}`;
    const password = `pw-${unique()}-${unique()}`;
    await admin.post("/api/v1/security/users/", { username, first_name: "No", last_name: "Access", email: `${username}@example.com`, password, roles: [await roleId(admin, "Gamma")] });
    return [username, password] as const;
  })()));
  expect((await nobody.raw(`/api/v1/dashboard/${dashboardId}/live`, { headers: { Upgrade: "websocket" } })).status).toBe(404);
  expect((await nobody.get(`/api/v1/dashboard/${dashboardId}/live/stats`)).status).toBe(403);
  expect((await admin.get(`/api/v1/dashboard/${dashboardId}/live`)).status).toBe(426);
  expect((await admin.raw(`/api/v1/dashboard/${dashboardId}/live?interval=7`, { headers: { Upgrade: "websocket" } })).status).toBe(400);
  expect((await admin.raw(`/api/v1/dashboard/${dashboardId}/live?masks=%5B1%5D`, { headers: { Upgrade: "websocket" } })).status).toBe(400);
});

test("rights taken away apply to an open socket: the next cycle closes it (4403) and its reconnection is refused", async () => {
  const [gone, kept] = await readers("region = 'US'", 2);
  let a!: Viewer;
  let b!: Viewer;
  const keys = await newScopes(async () => {
    a = await connect(gone.client);
    b = await connect(kept.client);
  });
  expect(keys).toHaveLength(1); // the same rules: one scope
  const live = scope(keys[0]);
  // the first reader loses the role that gave them the data (and the rule) while the socket is open
  expect((await admin.put(`/api/v1/security/users/${gone.id}`, { roles: [await roleId(admin, "Gamma")] })).status).toBe(200);
  await runDurableObjectAlarm(live);
  for (let i = 0; i < 200 && !a.closed; i++) await new Promise((r) => setTimeout(r, 10));
  expect(a.closed).toEqual({ code: 4403, reason: expect.stringContaining("Access changed") });
  // the other reader keeps the socket and their rows
  await received([b], 2);
  expect(b.closed).toBeUndefined();
  expect(Object.fromEntries(b.messages.map((m) => [m.result[0].colnames[0], valueOf(m)]))).toEqual({ total: 5, rows: 1 });
  // reconnecting is a fresh handshake: without access to any of its data the dashboard is no longer theirs to see
  expect((await gone.client.raw(`/api/v1/dashboard/${dashboardId}/live`, { headers: { Upgrade: "websocket" } })).status).toBe(404);
  b.socket.close(1000);
});

test("an embedded page's guest token rides as a websocket subprotocol: verified as the header is, with the guest's rules", async () => {
  const embedded = await json<{ result: { uuid: string } }>(await admin.post(`/api/v1/dashboard/${dashboardId}/embedded`, { allowed_domains: [] }));
  const rls = [{ dataset: datasetId, clause: "region = 'EU' AND amount > 0" }];
  const minted = await admin.post("/api/v1/security/guest_token/", { user: { username: "host_viewer" }, resources: [{ type: "dashboard", id: embedded.result.uuid }], rls });
  expect(minted.status, await minted.clone().text()).toBe(200);
  const { token } = await json<{ token: string }>(minted);
  const handshake = (protocols: string) => workerFetch(`/api/v1/dashboard/${dashboardId}/live`, { headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": protocols } });

  let guest!: Viewer;
  let res!: Response;
  const keys = await newScopes(async () => {
    res = await handshake(`superset-live, guest-token.${token}`);
    guest = viewerOf(res);
  });
  // only the live protocol is answered: the token is never echoed
  expect(res.headers.get("Sec-WebSocket-Protocol")).toBe("superset-live");
  expect(keys).toHaveLength(1);
  await runDurableObjectAlarm(scope(keys[0]));
  await received([guest], 2);
  expect(Object.fromEntries(guest.messages.map((m) => [m.result[0].colnames[0], valueOf(m)]))).toEqual({ total: 17, rows: 2 });
  guest.socket.close(1000);

  // a token that does not verify is refused as the header's would be; without the upgrade it is not read at all
  expect((await handshake(`superset-live, guest-token.${token.slice(0, -4)}AAAA`)).status).toBe(401);
  expect((await workerFetch(`/api/v1/dashboard/${dashboardId}/live`, { headers: { "Sec-WebSocket-Protocol": `guest-token.${token}` } })).status).toBe(401);
});
