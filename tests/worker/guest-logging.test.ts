import { beforeAll, expect, test } from "vitest";
import { encodeRison } from "../../core/http/rison-guard";
import { getChartType } from "../../core/charts/registry";
import { loginAsAdmin, workerFetch, type ApiClient } from "../support/client";
import { exampleDataset, json, pairFor, pairs, roleId, unique } from "../support/access";

// Embedded viewers' actions in the event log (Superset's `logs`, GET /api/v1/log/): the guest's opening of the
// embedded dashboard (its page data, with the charts whose rows left with it), chart data, a CSV download, drill
// to detail and the page's own beacon events are written with no user id and the token's user name as
// json.guest_user, so an admin finds embedded use by that name; a beacon's guest_token field authenticates as
// the header does (the beacon cannot send headers), and a bad one is a 401 that writes nothing.

interface Row { action: string; json: string; user: { username: string } | null; user_id: number | null; dashboard_id: number | null; slice_id: number | null }

let admin: ApiClient;
let dataset: number;
let dashboard: number;
let chart: number;
let uuid: string;

const count = { expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" };
const context = (format = "json") => ({ datasource: { id: dataset, type: "table" }, form_data: { slice_id: chart }, queries: [{ columns: ["gender"], metrics: [count], row_limit: 10 }], result_format: format, result_type: "full" });

beforeAll(async () => {
  admin = await loginAsAdmin();
  // the CSV download needs can_csv on the guest role (the built-in Guest role has none)
  const role = await roleId(admin, "Guest");
  const held = (await json<{ result: { id: number }[] }>(await admin.get(`/api/v1/security/roles/${role}/permissions/`))).result.map((p) => p.id);
  const csv = pairFor(await pairs(admin), "can_csv", "Superset")!.id;
  expect((await admin.post(`/api/v1/security/roles/${role}/permissions`, { permission_view_menu_ids: [...new Set([...held, csv])] })).status).toBe(200);

  dataset = (await exampleDataset(admin, "birth_names")).id;
  dashboard = (await json<{ id: number }>(await admin.post("/api/v1/dashboard/", { dashboard_title: `Guest log ${unique()}` }))).id;
  chart = (await json<{ id: number }>(await admin.post("/api/v1/chart/", {
    slice_name: `Guest log ${unique()}`, viz_type: "table", datasource_id: dataset, datasource_type: "table", dashboards: [dashboard],
    params: JSON.stringify({ viz_type: "table", groupby: ["gender"], metrics: [count] }), query_context: JSON.stringify(context()),
  }))).id;
  const layout = { DASHBOARD_VERSION_KEY: "v2", ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] }, GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"] },
    "ROW-1": { type: "ROW", id: "ROW-1", children: ["CHART-1"], meta: {} }, "CHART-1": { type: "CHART", id: "CHART-1", children: [], meta: { chartId: chart, width: 6, height: 50 } } };
  expect((await admin.put(`/api/v1/dashboard/${dashboard}`, { position_json: JSON.stringify(layout) })).status).toBe(200);
  uuid = (await json(await admin.post(`/api/v1/dashboard/${dashboard}/embedded`, { allowed_domains: [] }))).result.uuid;
});

const asGuest = (token: string, path: string, body?: unknown) =>
  workerFetch(path, body === undefined ? { headers: { "X-GuestToken": token } } : { method: "POST", headers: { "X-GuestToken": token, "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** The beacon's request: multipart form data with the events as JSON text and the guest token as a field. */
function beacon(token: string, events: unknown[]): Promise<Response> {
  const form = new FormData();
  form.set("events", JSON.stringify(events));
  form.set("guest_token", token);
  return workerFetch("/tptanalytics/log/?explode=events", { method: "POST", body: form });
}

/** The admin's search of the Action Log by user name (rows are written after the response): until `want` are there. */
async function rowsNamed(name: string, want: (rows: Row[]) => boolean): Promise<Row[]> {
  const q = encodeRison({ filters: [{ col: "user", opr: "ct", value: name }], order_column: "dttm", order_direction: "asc", page_size: 100 });
  let rows: Row[] = [];
  for (let i = 0; i < 60 && !want(rows); i++) {
    if (i) await new Promise((r) => setTimeout(r, 100));
    rows = (await json<{ result: Row[] }>(await admin.get(`/api/v1/log/?q=${q}`))).result;
  }
  return rows;
}

async function guestToken(username: string): Promise<string> {
  const minted = await admin.post("/api/v1/security/guest_token/", { user: { username, first_name: "Ten", last_name: "Ant" }, resources: [{ type: "dashboard", id: uuid }], rls: [] });
  return (await json<{ token: string }>(minted)).token;
}

type PageCharts = { charts: Record<string, { form_data: Record<string, unknown>; initial_data?: unknown }> };

/**
 * A guest's opening, then its chart's own data request (the body the page's chart sends), until that guest's
 * next opening carries the answer (the cache is written after the response).
 */
async function chartDataCached(token: string) {
  const open = async () => json<PageCharts>(await asGuest(token, `/embedded/${uuid}/dashboard`));
  const formData = (await open()).charts[chart].form_data;
  const body = { ...getChartType(formData.viz_type)!.buildQuery(formData as never), force: false };
  const res = await asGuest(token, "/api/v1/chart/data", body);
  expect(res.status, await res.clone().text()).toBe(200);
  await res.json();
  for (let i = 0; i < 50 && (await open()).charts[chart].initial_data === undefined; i++) await new Promise((r) => setTimeout(r, 100));
}

test("an embedded viewer's opening, chart data, CSV download, drill and beacon events are logged as its guest, without a user id", async () => {
  const username = `tenant_${unique()}`;
  const token = await guestToken(username);

  // another guest of the same tenant opens the dashboard first and its chart asks its data, as the page's chart
  // does: the answer is then in the cache, so the logged guest's opening carries the chart's rows
  await chartDataCached(await guestToken(`warm_${unique()}`));
  const page = await asGuest(token, `/embedded/${uuid}/dashboard`);
  expect(page.status).toBe(200);
  const pageCharts = (await json<PageCharts>(page)).charts;
  const withData = Object.entries(pageCharts).filter(([, c]) => c.initial_data !== undefined).map(([id]) => Number(id));
  expect(withData).toEqual([chart]);
  expect((await asGuest(token, "/api/v1/chart/data", context())).status).toBe(200);
  const csv = await asGuest(token, "/api/v1/chart/data", context("csv"));
  expect(csv.status).toBe(200);
  await csv.text();
  expect((await asGuest(token, `/datasource/samples?datasource_type=table&datasource_id=${dataset}&per_page=5`, {})).status).toBe(200);
  const sent = await beacon(token, [{ event_name: "mount_dashboard", event_type: "user", source: "dashboard", source_id: dashboard, guest_user: "admin" }]);
  expect(sent.status, await sent.clone().text()).toBe(200);
  expect(await sent.json()).toEqual({ count: 1 });

  const expected = ["ChartRestApi.data", "EmbeddedView.embedded", "Datasource.samples", "mount_dashboard"];
  const rows = await rowsNamed(username, (list) => expected.every((a) => list.some((r) => r.action === a)) && list.filter((r) => r.action === "ChartRestApi.data").length >= 2);
  expect(rows.map((r) => r.action).sort()).toEqual(["ChartRestApi.data", "ChartRestApi.data", "Datasource.samples", "EmbeddedView.embedded", "mount_dashboard"]);
  for (const row of rows) {
    expect(row.user_id).toBeNull();
    expect(row.user).toBeNull();
    expect(JSON.parse(row.json).guest_user).toBe(username); // the event's own guest_user claimed "admin"
  }
  const data = rows.filter((r) => r.action === "ChartRestApi.data").map((r) => JSON.parse(r.json) as Record<string, unknown>);
  expect(data.map((d) => d.result_format ?? "json").sort()).toEqual(["csv", "json"]);
  expect(rows.filter((r) => r.action === "ChartRestApi.data").every((r) => r.slice_id === chart)).toBe(true);
  const view = rows.find((r) => r.action === "EmbeddedView.embedded")!;
  expect(view.dashboard_id).toBe(dashboard);
  expect(JSON.parse(view.json)).toMatchObject({ embedded_dashboard_id: uuid, dashboard_id: dashboard, charts: 1, charts_with_data: [chart] });
  expect(rows.find((r) => r.action === "mount_dashboard")!.dashboard_id).toBe(dashboard);

  // the guest reads none of it
  expect((await asGuest(token, "/api/v1/log/")).status).toBe(403);
});

test("a beacon with a guest token that does not verify is a 401 and writes nothing", async () => {
  const username = `forged_${unique()}`;
  const minted = await admin.post("/api/v1/security/guest_token/", { user: { username }, resources: [{ type: "dashboard", id: uuid }], rls: [] });
  const { token } = await json<{ token: string }>(minted);
  const [h, p] = token.split(".");
  for (const bad of [`${h}.${p}.AAAA`, "not-a-token", ""]) {
    const res = await beacon(bad, [{ event_name: "mount_dashboard", source: "dashboard", source_id: dashboard }]);
    expect(res.status, bad).toBe(401);
  }
  expect((await beacon(token, [{ event_name: "forged_probe_end" }])).status).toBe(200);
  const rows = await rowsNamed(username, (list) => list.some((r) => r.action === "forged_probe_end"));
  expect(rows.map((r) => r.action)).toEqual(["forged_probe_end"]);
});
