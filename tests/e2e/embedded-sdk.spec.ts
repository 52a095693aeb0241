import { expect, test, type FrameLocator, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { ownWorker } from "./own-worker";
import { csrfToken, post, type PermissionPair } from "./api-helpers";
import { TEST_ADMIN } from "../support/server.mjs";
import { clickMenuItem } from "./helpers";
import { startEmbedHost, type EmbedHost } from "./fixtures/embed-host";

// Superset's embedded SDK end to end: an admin turns embedding on in the dashboard's "Embed dashboard" dialog,
// allowing one host origin; that host (tests/e2e/fixtures/embed-host.ts, another origin, Superset's own
// @superset-ui/embedded-sdk from npm) embeds the dashboard for two tenants whose guest tokens carry different
// row-level security. Each tenant sees only its rows in a chart, the native filter's value list, drill to
// detail and a CSV download; the SDK's refresh keeps the page working past its first token's lifetime (15 s
// here, on a Worker of its own); the SDK's getters answer; and the same page from an origin not allowed
// cannot frame the dashboard.

const TOKEN_SECONDS = 15;
const worker = ownWorker({ GUEST_TOKEN_JWT_EXP_SECONDS: String(TOKEN_SECONDS) });
const TENANTS = { east: { username: "tenant-east", clause: "state = 'NY'" }, west: { username: "tenant-west", clause: "state = 'CA'" } };

let host: EmbedHost;
let uuid = "";
test.beforeAll(async () => {
  host = await startEmbedHost({ supersetDomain: worker.url(), uuid: () => uuid, admin: TEST_ADMIN, tenants: TENANTS });
});
test.afterAll(async () => {
  await host?.stop();
});

/** A dashboard on birth_names (on the spec's own Worker at `origin`): a table of states and a native filter on state. */
async function stateDashboard(page: Page, origin: string) {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const found = await page.request.get(`${origin}/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`);
  const ds = ((await found.json()) as { result: { id: number }[] }).result[0].id;
  const table = (await post<{ id: number }>(page, `${origin}/api/v1/chart/`, {
    slice_name: `States ${run}`, viz_type: "table", datasource_id: ds, datasource_type: "table",
    params: JSON.stringify({ datasource: `${ds}__table`, viz_type: "table", time_range: "No filter", query_mode: "aggregate", groupby: ["state"], metrics: ["count"], row_limit: 100 }),
  })).id;
  const layout = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-a"] },
    "ROW-a": { type: "ROW", id: "ROW-a", children: ["CHART-table"], meta: {} },
    "CHART-table": { type: "CHART", id: "CHART-table", children: [], meta: { chartId: table, width: 8, height: 50 } },
  };
  const filters = [{ id: "NATIVE_FILTER-state", type: "NATIVE_FILTER", name: "State", filterType: "filter_select", targets: [{ datasetId: ds, column: { name: "state" } }],
    controlValues: { multiSelect: true, enableEmptyFilter: false }, defaultDataMask: { filterState: { value: null } }, cascadeParentIds: [], scope: { rootPath: ["ROOT_ID"], excluded: [] } }];
  const dash = await post<{ id: number }>(page, `${origin}/api/v1/dashboard/`, {
    dashboard_title: `Embedded ${run}`, slug: `emb-${run}`, published: true, position_json: JSON.stringify(layout), json_metadata: JSON.stringify({ native_filter_configuration: filters }),
  });
  return { id: dash.id, slug: `emb-${run}`, table, run };
}

/**
 * Embedded viewers download only when the guest role holds can_csv on Superset, which the built-in Guest role
 * (GUEST_ROLE_NAME's default) does not: the admin grants it, on this spec's own Worker.
 */
async function guestsMayDownload(page: Page, origin: string) {
  const get = async <T>(path: string) => (await (await page.request.get(`${origin}${path}`)).json()) as T;
  const role = (await get<{ result: { id: number }[] }>(`/api/v1/security/roles/?q=${encodeURIComponent("(filters:!((col:name,opr:eq,value:Guest)))")}`)).result[0].id;
  const held = (await get<{ result: { id: number }[] }>(`/api/v1/security/roles/${role}/permissions/`)).result.map((p) => p.id);
  let csv: number | undefined;
  for (let n = 0; csv === undefined; n++) {
    const pairs = (await get<{ result: PermissionPair[] }>(`/api/v1/security/permissions-resources/?q=${encodeURIComponent(`(page:${n},page_size:100)`)}`)).result;
    if (!pairs.length) throw new Error("no can_csv pair on Superset");
    csv = pairs.find((p) => p.permission.name === "can_csv" && p.view_menu.name === "Superset")?.id;
  }
  const res = await page.request.post(`${origin}/api/v1/security/roles/${role}/permissions`, { data: { permission_view_menu_ids: [...new Set([...held, csv])] }, headers: { "X-CSRFToken": await csrfToken(page) } });
  expect(res.status(), await res.text()).toBe(200);
}

const frameOf = (page: Page) => page.frameLocator("#mount iframe");
const tableChart = (f: FrameLocator, id: number) => f.locator(`[data-testid="dashboard-chart"][data-chart-id="${id}"]`);

async function chartAction(f: FrameLocator, id: number, item: string) {
  await clickMenuItem(tableChart(f, id).getByTestId("chart-menu"), f.getByTestId(item));
}

async function csvOf(page: Page, f: FrameLocator, id: number): Promise<string[]> {
  // a refused download shows a toast and no file: fail in seconds, not at the test's timeout
  const [file] = await Promise.all([page.waitForEvent("download", { timeout: 30_000 }), chartAction(f, id, "chart-export-csv")]);
  return (await readFile((await file.path())!)).toString().trim().split(/\r?\n/);
}

/** One tenant's embedded page: only its state in the chart, the filter's values, drill to detail and the CSV. */
async function tenantSees(page: Page, tenant: keyof typeof TENANTS, state: string, other: string, table: number) {
  await page.goto(`http://localhost:${host.port}/?tenant=${tenant}`);
  const f = frameOf(page);
  const chart = tableChart(f, table);
  await expect(chart).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  await expect(chart.getByTestId("table-chart").locator("tbody tr")).toHaveCount(1);
  await expect(chart.getByTestId("table-chart").locator("tbody tr").first()).toContainText(state);
  // a guest has no way into the rest of the app
  await expect(f.getByTestId("edit-dashboard")).toHaveCount(0);
  await expect(f.getByTestId("favorite-star")).toHaveCount(0);
  await expect(f.getByTestId("brand")).toHaveCount(0);

  // the native filter's value list
  await f.getByRole("textbox", { name: "State" }).click();
  const options = f.getByRole("listbox").getByRole("option");
  await expect(options.filter({ hasText: new RegExp(`^${state}$`) })).toHaveCount(1);
  await expect(options.filter({ hasText: new RegExp(`^${other}$`) })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // drill to detail: every row is the tenant's
  await chartAction(f, table, "chart-drill-detail");
  const drill = f.getByTestId("drill-detail-table");
  await expect(drill.locator("tbody tr").first()).toBeVisible();
  const headers = await drill.locator("thead th").allTextContents();
  const at = headers.indexOf("state");
  expect(at, headers.join(",")).toBeGreaterThanOrEqual(0);
  expect(new Set(await drill.locator(`tbody tr td:nth-child(${at + 1})`).allTextContents())).toEqual(new Set([state]));
  await page.keyboard.press("Escape");
  await expect(f.getByTestId("drill-detail-modal")).toHaveCount(0);
  return f;
}

test("a host app embeds a dashboard for two tenants with the SDK: each sees only its rows, tokens refresh, other hosts cannot frame it", async ({ page, browser }) => {
  test.setTimeout(420_000);
  await worker.loginAsAdmin(page);
  await page.goto(`${worker.url()}/`);
  const d = await stateDashboard(page, worker.url());
  await guestsMayDownload(page, worker.url());

  // the admin enables embedding for one host in the dashboard menu's dialog, and reads the uuid and snippet
  await page.goto(`${worker.url()}/superset/dashboard/${d.slug}/`);
  await clickMenuItem(page.getByTestId("dashboard-menu"), page.getByTestId("dashboard-embed"));
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("embed-save")).toHaveText("Enable embedding");
  await dialog.getByTestId("embed-allowed-domains").fill(`http://localhost:${host.port}`);
  await dialog.getByTestId("embed-save").click();
  await expect(dialog.getByTestId("embed-uuid")).toHaveText(/^[0-9a-f-]{36}$/);
  uuid = (await dialog.getByTestId("embed-uuid").textContent())!;
  await expect(dialog.getByTestId("embed-snippet")).toContainText(`id: "${uuid}"`);
  await expect(dialog.getByTestId("embed-save")).toHaveText("Save changes");
  await page.keyboard.press("Escape");

  // the page answers with frame-ancestors of the allowed host only, and no session is needed to get it
  const framed = await (await browser.newContext()).request.get(`${worker.url()}/embedded/${uuid}`);
  expect(framed.status()).toBe(200);
  expect(framed.headers()["content-security-policy"]).toContain(`frame-ancestors http://localhost:${host.port}`);
  expect(framed.headers()["x-frame-options"]).toBeUndefined();

  // tenant west (CA) in a fresh browser context: the host's page, nothing of the admin's session
  const west = await (await browser.newContext()).newPage();
  const wf = await tenantSees(west, "west", "CA", "NY", d.table);
  expect((await csvOf(west, wf, d.table)).slice(1).map((l) => l.split(",")[0])).toEqual(["CA"]);
  // the SDK's getters, answered over the channel
  const answers = await west.evaluate(async () => {
    const dash = await (window as unknown as { embedding: Promise<{ getScrollSize: () => Promise<{ width: number; height: number }>; getActiveTabs: () => Promise<string[]>; getDataMask: () => Promise<Record<string, unknown>> }> }).embedding;
    return { size: await dash.getScrollSize(), tabs: await dash.getActiveTabs(), mask: await dash.getDataMask(), masks: (window as unknown as { masks: Record<string, unknown>[] }).masks };
  });
  expect(answers.size.height).toBeGreaterThan(100);
  expect(answers.tabs).toEqual([]);
  expect(Object.keys(answers.mask)).toContain("NATIVE_FILTER-state");
  expect(answers.masks[0]).toMatchObject({ nativeFiltersChanged: true });

  // past the first token's lifetime: the SDK refreshes each token 5 s before it expires but waits at least 10 s,
  // so a third token means 20 s or more since the first (which lived 15 s); the page's requests still answer
  await expect.poll(() => host.minted("west"), { timeout: 60_000, intervals: [1000] }).toBeGreaterThanOrEqual(3);
  await chartAction(wf, d.table, "chart-force-refresh");
  await expect(tableChart(wf, d.table)).toHaveAttribute("data-status", "success");
  await expect(tableChart(wf, d.table).getByTestId("table-chart").locator("tbody tr")).toHaveCount(1);
  expect((await csvOf(west, wf, d.table)).slice(1).map((l) => l.split(",")[0])).toEqual(["CA"]);

  // tenant east (NY): the same dashboard, its own rows
  const east = await (await browser.newContext()).newPage();
  const ef = await tenantSees(east, "east", "NY", "CA", d.table);
  expect((await csvOf(east, ef, d.table)).slice(1).map((l) => l.split(",")[0])).toEqual(["NY"]);

  // the same host page from an origin not in the allowed domains: the browser refuses to frame the dashboard
  const stranger = await (await browser.newContext()).newPage();
  const refused: string[] = [];
  stranger.on("console", (m) => { if (/frame-ancestors/.test(m.text())) refused.push(m.text()); });
  await stranger.goto(`http://127.0.0.1:${host.port}/?tenant=east`);
  await expect.poll(() => refused.length, { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(frameOf(stranger).getByTestId("embedded-waiting")).toHaveCount(0);
  await expect(frameOf(stranger).getByTestId("embedded-page")).toHaveCount(0);
});
