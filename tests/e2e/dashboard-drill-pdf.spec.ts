import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { admin, login } from "./helpers";
import { csrfToken, post } from "./api-helpers";

// Drill to detail (chart menu and right-click, 50 rows a page through /datasource/samples with the chart's and the
// clicked filters), the dashboard's Export to PDF, and the charts' data arriving in one batch request.

const run = Date.now().toString(36);

async function setup(page: Page) {
  await login(page, admin().username, admin().password);
  const found = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`);
  const ds = ((await found.json()) as { result: { id: number; database: { id: number } }[] }).result[0];
  // a row limit of this run's own makes each query new to the cache, so the charts ask the server
  const limit = 1000 + Math.floor(Math.random() * 9000);
  const chart = (name: string, viz: string, params: Record<string, unknown>) =>
    post<{ id: number }>(page, "/api/v1/chart/", {
      slice_name: name, viz_type: viz, datasource_id: ds.id, datasource_type: "table",
      params: JSON.stringify({ datasource: `${ds.id}__table`, viz_type: viz, row_limit: limit, ...params }),
    });
  const onlyCa = [{ clause: "WHERE", expressionType: "SIMPLE", subject: "state", operator: "==", comparator: "CA" }];
  const pie = (await chart(`Drill pie ${run}`, "pie", { metric: "count", groupby: ["gender"], adhoc_filters: onlyCa })).id;
  const table = (await chart(`Drill table ${run}`, "table", { query_mode: "aggregate", groupby: ["state"], metrics: ["count"], order_desc: true })).id;
  const c = (id: string, chartId: number) => ({ type: "CHART", id, children: [], meta: { chartId, width: 6, height: 50 } });
  const layout = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-a"] },
    "ROW-a": { type: "ROW", id: "ROW-a", children: ["CHART-pie", "CHART-table"], meta: {} },
    "CHART-pie": c("CHART-pie", pie), "CHART-table": c("CHART-table", table),
  };
  const slug = `drill-${run}-${Math.random().toString(36).slice(2, 6)}`;
  await post(page, "/api/v1/dashboard/", { dashboard_title: `Drill ${run}`, slug, published: true, position_json: JSON.stringify(layout) });
  return { pie, table, slug, databaseId: ds.database.id };
}

/** A count from SQL Lab, written independently of the chart path. */
async function sqlCount(page: Page, databaseId: number, where: string): Promise<number> {
  const res = await page.request.post("/api/v1/sqllab/execute/", {
    data: { client_id: Math.random().toString(36).slice(2, 12), database_id: databaseId, runAsync: false, sql: `SELECT COUNT(*) AS n FROM birth_names WHERE ${where}` },
    headers: { "X-CSRFToken": await csrfToken(page) },
  });
  return Number(((await res.json()) as { data: { n: number }[] }).data[0].n);
}

const chartBox = (page: Page, id: number) => page.locator(`[data-testid="dashboard-chart"][data-chart-id="${id}"]`);
const modal = (page: Page) => page.getByTestId("drill-detail-modal");

/** The values of one column of the drill modal's table. */
async function columnValues(page: Page, column: string): Promise<string[]> {
  const table = page.getByTestId("drill-detail-table");
  await expect(table.locator("tbody tr").first()).toBeVisible(); // a page being loaded shows no table
  const headers = await table.locator("thead th").allTextContents();
  const at = headers.indexOf(column);
  expect(at, `column ${column} in ${headers.join(",")}`).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr td:nth-child(${at + 1})`).allTextContents();
}

test("drill to detail: the chart's rows 50 a page from its menu; by the value right-clicked on", async ({ page }) => {
  const d = await setup(page);
  const single: string[] = [];
  const batches: string[] = [];
  page.on("request", (r) => {
    if (r.method() !== "POST") return;
    if (r.url().endsWith("/api/v1/chart/data/batch")) batches.push(r.url());
    else if (r.url().includes("/api/v1/chart/data")) single.push(r.url());
  });
  await page.goto(`/superset/dashboard/${d.slug}/`);
  await expect(chartBox(page, d.pie)).toHaveAttribute("data-painted", "");
  await expect(chartBox(page, d.table)).toHaveAttribute("data-painted", "");
  // the two charts' data came in one batch request, none alone
  expect(batches).toHaveLength(1);
  expect(single).toHaveLength(0);

  // the menu's Drill to detail: the rows under the chart's own filter (state = CA), 50 a page
  const ca = await sqlCount(page, d.databaseId, "state = 'CA'");
  const samples = page.waitForRequest((r) => r.url().includes("/datasource/samples?") && r.url().includes("per_page=50") && r.url().includes("page=1"));
  await expect(async () => {
    if (!(await page.getByTestId("chart-drill-detail").isVisible())) await chartBox(page, d.pie).getByTestId("chart-menu").click();
    await page.getByTestId("chart-drill-detail").click({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  expect((await samples).postDataJSON().filters).toEqual(expect.arrayContaining([{ col: "state", op: "==", val: "CA" }]));
  await expect(page.getByTestId("drill-detail-count")).toHaveText(`${ca.toLocaleString("en-US")} rows`);
  await expect(page.getByTestId("drill-detail-table").locator("tbody tr")).toHaveCount(50);
  expect(new Set(await columnValues(page, "state"))).toEqual(new Set(["CA"]));
  const firstPage = await columnValues(page, "name");
  await page.getByTestId("drill-detail-pages").getByRole("button", { name: "2", exact: true }).click();
  await expect.poll(async () => (await columnValues(page, "name")).join()).not.toBe(firstPage.join());
  expect(new Set(await columnValues(page, "state"))).toEqual(new Set(["CA"]));
  await page.keyboard.press("Escape");
  await expect(modal(page)).toHaveCount(0);

  // right-click on the table's NY row: drill to detail by state = NY
  const ny = await sqlCount(page, d.databaseId, "state = 'NY'");
  await chartBox(page, d.table).locator("tbody tr", { hasText: "NY" }).first().click({ button: "right" });
  await expect(page.getByTestId("context-drill-detail-by")).toHaveText("Drill to detail by state = NY");
  await page.getByTestId("context-drill-detail-by").click();
  await expect(page.getByTestId("drill-detail-filter")).toHaveText(["state = NY"]);
  await expect(page.getByTestId("drill-detail-count")).toHaveText(`${ny.toLocaleString("en-US")} rows`);
  expect(new Set(await columnValues(page, "state"))).toEqual(new Set(["NY"]));
  // the clicked filter can be taken off: every row of the (unfiltered) table chart
  const all = await sqlCount(page, d.databaseId, "1 = 1");
  await page.getByRole("button", { name: "Remove state = NY" }).click();
  await expect(page.getByTestId("drill-detail-count")).toHaveText(`${all.toLocaleString("en-US")} rows`);
  await page.keyboard.press("Escape");

  // right-click on the pie (its middle is a slice): by that slice's gender, within the chart's CA filter
  const canvas = chartBox(page, d.pie).locator("canvas");
  const box = (await canvas.boundingBox())!;
  await canvas.click({ button: "right", position: { x: box.width / 2, y: box.height / 2 } });
  await expect(page.getByTestId("context-drill-detail-by")).toHaveText(/^Drill to detail by gender = (boy|girl)$/);
  const gender = (await page.getByTestId("context-drill-detail-by").textContent())!.split("= ")[1];
  await page.getByTestId("context-drill-detail-by").click();
  const caGender = await sqlCount(page, d.databaseId, `state = 'CA' AND gender = '${gender}'`);
  await expect(page.getByTestId("drill-detail-count")).toHaveText(`${caGender.toLocaleString("en-US")} rows`);
  expect(new Set(await columnValues(page, "gender"))).toEqual(new Set([gender]));
});

test("the dashboard menu's Export to PDF saves a PDF of the page", async ({ page }) => {
  const d = await setup(page);
  await page.goto(`/superset/dashboard/${d.slug}/`);
  await expect(chartBox(page, d.table)).toHaveAttribute("data-painted", "");
  await expect(chartBox(page, d.pie)).toHaveAttribute("data-painted", "");
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    expect(async () => {
      if (!(await page.getByTestId("dashboard-download-pdf").isVisible())) await page.getByTestId("dashboard-menu").click();
      await page.getByTestId("dashboard-download-pdf").click({ timeout: 1000 });
    }).toPass({ timeout: 15_000 }),
  ]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^drill-${run}-\\d{4}-\\d{2}-\\d{2}-\\d{2}-\\d{2}-\\d{2}\\.pdf$`));
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect(bytes.length).toBeGreaterThan(5_000); // a drawn page, not an empty document
  expect(bytes.toString("latin1")).toContain(`Drill ${run}`); // the document's title
});
