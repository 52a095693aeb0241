import { expect, test, type Page } from "@playwright/test";
import { admin, login } from "./helpers";
import { csrfToken, post } from "./api-helpers";

// Drill by (Superset's DrillByModal): right-click a value of a dashboard chart → Drill by → a column; the modal
// draws the chart grouped by that column within the value clicked, drills further on a right-click in it,
// goes back through its breadcrumb, and shows the drilled results as a table.

const run = Date.now().toString(36);

async function setup(page: Page) {
  await login(page, admin().username, admin().password);
  const found = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`);
  const ds = ((await found.json()) as { result: { id: number; database: { id: number } }[] }).result[0];
  const table = await post<{ id: number }>(page, "/api/v1/chart/", {
    slice_name: `Drill by table ${run}`, viz_type: "table", datasource_id: ds.id, datasource_type: "table",
    params: JSON.stringify({ datasource: `${ds.id}__table`, viz_type: "table", query_mode: "aggregate", groupby: ["state"], metrics: ["count"], order_desc: true, row_limit: 1000, column_config: { count: { d3NumberFormat: "," } } }),
  });
  const layout = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-a"] },
    "ROW-a": { type: "ROW", id: "ROW-a", children: ["CHART-t"], meta: {} },
    "CHART-t": { type: "CHART", id: "CHART-t", children: [], meta: { chartId: table.id, width: 6, height: 60 } },
  };
  const slug = `drillby-${run}-${Math.random().toString(36).slice(2, 6)}`;
  await post(page, "/api/v1/dashboard/", { dashboard_title: `Drill by ${run}`, slug, published: true, position_json: JSON.stringify(layout) });
  return { table: table.id, slug, databaseId: ds.database.id };
}

/** column → value rows from SQL Lab, written independently of the chart path. */
async function sqlRows(page: Page, databaseId: number, sql: string): Promise<Record<string, unknown>[]> {
  const res = await page.request.post("/api/v1/sqllab/execute/", {
    data: { client_id: Math.random().toString(36).slice(2, 12), database_id: databaseId, runAsync: false, sql },
    headers: { "X-CSRFToken": await csrfToken(page) },
  });
  return ((await res.json()) as { data: Record<string, unknown>[] }).data;
}

/** The drill-by modal's table chart as rows of cell texts. */
async function modalRows(page: Page): Promise<string[][]> {
  const rows = page.getByTestId("drill-by-chart").getByTestId("table-chart").locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  return Promise.all((await rows.all()).map((r) => r.locator("td").allTextContents()));
}

async function drillBy(page: Page, column: string) {
  await page.getByTestId("context-drill-by").hover();
  await page.getByRole("textbox", { name: "Search columns" }).fill(column);
  await page.getByTestId("drill-by-column").filter({ hasText: new RegExp(`^${column}$`) }).click();
}

test("drill by: a value right-clicked, grouped by another column, drilled further, back through the breadcrumb, as a table", async ({ page }) => {
  const d = await setup(page);
  await page.goto(`/superset/dashboard/${d.slug}/`);
  const box = page.locator(`[data-testid="dashboard-chart"][data-chart-id="${d.table}"]`);
  await expect(box).toHaveAttribute("data-painted", "");

  // right-click NY → Drill by → gender: the counts of boys and girls in NY
  await box.locator("tbody tr", { hasText: "NY" }).first().click({ button: "right" });
  await drillBy(page, "gender");
  const modal = page.getByTestId("drill-by-modal");
  await expect(modal).toContainText(`Drill by: Drill by table ${run}`);
  await expect(page.getByTestId("drill-by-breadcrumb")).toHaveText(["state (NY)"]);
  await expect(page.getByTestId("drill-by-current")).toHaveText("gender");
  const expected = await sqlRows(page, d.databaseId, "SELECT gender, COUNT(*) AS n FROM birth_names WHERE state = 'NY' GROUP BY gender");
  const shown = await modalRows(page);
  expect(Object.fromEntries(shown.map(([g, n]) => [g, Number(n.replace(/\D/g, ""))]))).toEqual(Object.fromEntries(expected.map((r) => [r.gender, Number(r.n)])));

  // the table toggle: the drilled results' rows
  await page.getByTestId("drill-by-display").getByText("Table").click();
  await expect(page.getByTestId("drill-by-table").locator("tbody tr")).toHaveCount(expected.length);
  await expect(page.getByTestId("drill-by-row-count")).toHaveText(`${expected.length} rows`);
  await page.getByTestId("drill-by-display").getByText("Chart").click();

  // drill further: boy → name (the names of NY boys), three breadcrumb levels
  await page.getByTestId("drill-by-chart").locator("tbody tr", { hasText: "boy" }).first().click({ button: "right" });
  await drillBy(page, "name");
  await expect(page.getByTestId("drill-by-breadcrumb")).toHaveText(["state (NY)", "gender (boy)"]);
  await expect(page.getByTestId("drill-by-current")).toHaveText("name");
  const names = await sqlRows(page, d.databaseId, "SELECT name, COUNT(*) AS n FROM birth_names WHERE state = 'NY' AND gender = 'boy' GROUP BY name ORDER BY n DESC LIMIT 1");
  const top = (await modalRows(page))[0];
  expect(top[0]).toBe(names[0].name);
  expect(Number(top[1].replace(/\D/g, ""))).toBe(Number(names[0].n));

  // back to the first level: the chart as on the dashboard, grouped by state again
  await page.getByTestId("drill-by-breadcrumb").first().click();
  await expect(page.getByTestId("drill-by-breadcrumb")).toHaveCount(0);
  await expect(page.getByTestId("drill-by-current")).toHaveText("state");
  const states = await sqlRows(page, d.databaseId, "SELECT COUNT(DISTINCT state) AS n FROM birth_names");
  await expect.poll(async () => (await modalRows(page)).length).toBe(Number(states[0].n));
  await page.keyboard.press("Escape");
  await expect(modal).toHaveCount(0);
});

test("drill by in the standalone and embedded views: every standalone mode and uiConfig, chart controls hidden or not", async ({ page }) => {
  const d = await setup(page);
  const box = page.locator(`[data-testid="dashboard-chart"][data-chart-id="${d.table}"]`);
  const expected = await sqlRows(page, d.databaseId, "SELECT gender, COUNT(*) AS n FROM birth_names WHERE state = 'CA' GROUP BY gender");
  const byGender = Object.fromEntries(expected.map((r) => [r.gender, Number(r.n)]));
  // (uiConfig 12: no navigation, no chart controls — an embedded dashboard's usual setting; 15: nothing but the charts)
  for (const [query, controls] of [["?standalone=1", 1], ["?standalone=2", 1], ["?standalone=3", 0], ["?uiConfig=12", 0], ["?uiConfig=15", 0]] as const) {
    await page.goto(`/superset/dashboard/${d.slug}/${query}`);
    await expect(box, query).toHaveAttribute("data-painted", "");
    await expect(page.getByTestId("brand"), query).toHaveCount(0);
    await expect(box.getByTestId("chart-menu"), query).toHaveCount(controls);
    await box.locator("tbody tr", { hasText: "CA" }).first().click({ button: "right" });
    await drillBy(page, "gender");
    await expect(page.getByTestId("drill-by-breadcrumb"), query).toHaveText(["state (CA)"]);
    const shown = await modalRows(page);
    expect(Object.fromEntries(shown.map(([g, n]) => [g, Number(n.replace(/\D/g, ""))])), query).toEqual(byGender);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("drill-by-modal"), query).toHaveCount(0);
  }
});
