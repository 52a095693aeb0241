import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { admin, login } from "./helpers";
import { csrfToken, permissionPairs, post } from "./api-helpers";

// What a Gamma user sees of dashboards (Superset's DashboardAccessFilter): the list holds the published
// dashboards with a chart of a dataset they may read, never one of only other data, nor a draft; on a dashboard
// mixing datasets the charts they may read paint and the others say why they cannot. And a pivot table's
// "Export to pivoted .CSV" from its dashboard menu.

const run = Date.now().toString(36);

async function dataset(page: Page, table: string): Promise<number> {
  const res = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${table})))`)}`);
  return ((await res.json()) as { result: { id: number }[] }).result[0].id;
}

async function chart(page: Page, name: string, datasetId: number, viz: string, params: Record<string, unknown>): Promise<number> {
  return (await post<{ id: number }>(page, "/api/v1/chart/", {
    slice_name: name, viz_type: viz, datasource_id: datasetId, datasource_type: "table",
    params: JSON.stringify({ datasource: `${datasetId}__table`, viz_type: viz, ...params }),
  })).id;
}

async function dashboard(page: Page, title: string, chartIds: number[], published = true): Promise<number> {
  const cells = Object.fromEntries(chartIds.map((id) => [`CHART-${id}`, { type: "CHART", id: `CHART-${id}`, children: [], meta: { chartId: id, width: 6, height: 50 } }]));
  const layout = {
    DASHBOARD_VERSION_KEY: "v2", ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] }, GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-a"] },
    "ROW-a": { type: "ROW", id: "ROW-a", children: Object.keys(cells), meta: {} }, ...cells,
  };
  return (await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: title, published, position_json: JSON.stringify(layout) })).id;
}

async function gammaReaderOf(page: Page, datasetId: number): Promise<{ username: string; password: string }> {
  const pair = (await permissionPairs(page))
    .find((p) => p.permission.name === "datasource_access" && p.view_menu.name.includes(`(id:${datasetId})`))!;
  const role = await post<{ id: number }>(page, "/api/v1/security/roles/", { name: `access_readers_${run}` });
  const granted = await page.request.post(`/api/v1/security/roles/${role.id}/permissions`, { data: { permission_view_menu_ids: [pair.id] }, headers: { "X-CSRFToken": await csrfToken(page) } });
  expect(granted.status()).toBe(200);
  const gammaRes = await page.request.get(`/api/v1/security/roles/?q=(filters:!((col:name,opr:eq,value:Gamma)))`);
  const gamma = ((await gammaRes.json()) as { result: { id: number }[] }).result[0].id;
  const username = `access_gamma_${run}`;
  const password = `pw-${run}-access-gamma`;
  await post(page, "/api/v1/security/users/", { username, first_name: "Gina", last_name: "Gamma", email: `${username}@example.com`, password, roles: [gamma, role.id] });
  return { username, password };
}

test("Gamma sees only the dashboards and charts its data access allows: the list, a dashboard of other data, a mixed one", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const births = await dataset(page, "birth_names");
  const flights = await dataset(page, "flights");
  const birthPie = await chart(page, `Access births ${run}`, births, "pie", { metric: "count", groupby: ["gender"] });
  const flightsTable = await chart(page, `Access flights ${run}`, flights, "table", { query_mode: "aggregate", groupby: [], metrics: ["count"] });
  const tag = `acc${run}`;
  const readable = await dashboard(page, `Births ${tag}`, [birthPie]);
  const otherData = await dashboard(page, `Flights ${tag}`, [flightsTable]);
  const mixed = await dashboard(page, `Mixed ${tag}`, [birthPie, flightsTable]);
  await dashboard(page, `Draft ${tag}`, [birthPie], false);
  const gamma = await gammaReaderOf(page, births);

  await page.context().clearCookies();
  await login(page, gamma.username, gamma.password);
  await page.goto("/dashboard/list/");
  await page.getByTestId("dashboard-search").fill(tag);
  await page.getByTestId("dashboard-search").press("Enter");
  await expect(page.getByTestId("dashboard-count")).toHaveText("2 dashboards");
  const titles = await page.getByTestId("dashboard-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-dashboard-title")).sort());
  expect(titles).toEqual([`Births ${tag}`, `Mixed ${tag}`]); // neither the flights one nor the draft

  expect((await page.goto(`/superset/dashboard/${otherData}/`))?.status()).toBe(404);
  await page.goto(`/superset/dashboard/${readable}/`);
  await expect(page.locator(`[data-chart-id="${birthPie}"]`)).toHaveAttribute("data-painted", "");

  // the mixed dashboard: the births chart paints, the flights chart says the data is not the viewer's to read
  await page.goto(`/superset/dashboard/${mixed}/`);
  await expect(page.locator(`[data-chart-id="${birthPie}"]`)).toHaveAttribute("data-painted", "");
  const denied = page.locator(`[data-chart-id="${flightsTable}"]`);
  await expect(denied).toHaveAttribute("data-status", "failed");
  await expect(denied.getByTestId("dashboard-chart-error")).toContainText("datasource flights");
});

test("a pivot table's dashboard menu exports its rows pivoted as drawn (Export to pivoted .CSV)", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const births = await dataset(page, "birth_names");
  const onlyTwo = [{ clause: "WHERE", expressionType: "SIMPLE", subject: "state", operator: "IN", comparator: ["CA", "NY"] }];
  const pivot = await chart(page, `Pivot export ${run}`, births, "pivot_table_v2", {
    groupbyRows: ["gender"], groupbyColumns: ["state"], metrics: ["count"], aggregateFunction: "Sum", colTotals: true, adhoc_filters: onlyTwo,
  });
  const dash = await dashboard(page, `Pivot ${run}`, [pivot]);
  await page.goto(`/superset/dashboard/${dash}/`);
  const box = page.locator(`[data-chart-id="${pivot}"]`);
  await expect(box).toHaveAttribute("data-painted", "");
  await box.getByTestId("chart-menu").click();
  const download = page.waitForEvent("download");
  await page.getByTestId("chart-export-pivoted-csv").click();
  const csv = (await readFile((await (await download).path())!, "utf8")).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
  expect(csv[0]).toBe(",count CA,count NY");
  expect(csv.map((l) => l.split(",")[0])).toEqual(["", "boy", "girl", "Total (Sum)"]);
  // the totals row adds up the rows above it
  const cells = csv.slice(1).map((l) => l.split(",").slice(1).map(Number));
  expect(cells[2]).toEqual([cells[0][0] + cells[1][0], cells[0][1] + cells[1][1]]);
});
