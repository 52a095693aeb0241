import { expect, test, type Page } from "@playwright/test";
import { admin, login } from "./helpers";
import { permissionPairs } from "./api-helpers";

// The home page of issue 11 (Superset's Welcome page) and the Public role: an admin's Recents, Favorite and
// Mine tabs lead to the objects; an anonymous browser sees a dashboard opened to the Public role, and is sent
// to the login page for anything else.

const run = Date.now().toString(36);

async function csrfToken(page: Page): Promise<string> {
  return page.evaluate(async () => ((await (await fetch("/api/v1/security/csrf_token/")).json()) as { result: string }).result);
}

async function send<T>(page: Page, method: "POST" | "PUT", path: string, data: unknown): Promise<T> {
  const res = await page.request.fetch(path, { method, data, headers: { "X-CSRFToken": await csrfToken(page) } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

async function birthNames(page: Page): Promise<{ id: number; database: { database_name: string } }> {
  const res = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`);
  return ((await res.json()) as { result: { id: number; database: { database_name: string } }[] }).result[0];
}

async function pieDashboard(page: Page, title: string) {
  const ds = await birthNames(page);
  const chart = await send<{ id: number }>(page, "POST", "/api/v1/chart/", {
    slice_name: `Home pie ${run}`, viz_type: "pie", datasource_id: ds.id, datasource_type: "table",
    params: JSON.stringify({ datasource: `${ds.id}__table`, viz_type: "pie", metric: "count", groupby: ["gender"], row_limit: 100 }),
  });
  const c = `CHART-${chart.id}`;
  const layout = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"], parents: ["ROOT_ID"] },
    "ROW-1": { type: "ROW", id: "ROW-1", children: [c], parents: ["ROOT_ID", "GRID_ID"], meta: { background: "BACKGROUND_TRANSPARENT" } },
    [c]: { type: "CHART", id: c, children: [], parents: ["ROOT_ID", "GRID_ID", "ROW-1"], meta: { chartId: chart.id, width: 6, height: 50 } },
  };
  const slug = `home-${run}-${Math.random().toString(36).slice(2, 6)}`;
  const dash = await send<{ id: number }>(page, "POST", "/api/v1/dashboard/", { dashboard_title: title, slug, published: true, position_json: JSON.stringify(layout) });
  return { chartId: chart.id, dashboardId: dash.id, slug, dataset: ds };
}

test("the home page shows recents, favourite and own dashboards and charts, and its cards lead to them", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const made = await pieDashboard(page, `Home board ${run}`);
  await page.goto(`/superset/dashboard/${made.slug}/`);
  await expect(page.locator(`[data-testid="dashboard-chart"][data-chart-id="${made.chartId}"] canvas`)).toBeVisible();

  await page.goto("/superset/welcome/");
  await expect(page.getByTestId("home-recents")).toBeVisible();
  // the view is in the event log: Recents › Viewed lists the dashboard (the browser's beacon may lag a moment)
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("home-recents-viewed")).toContainText(`Home board ${run}`, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("home-recents-viewed").getByText(`Home board ${run}`)).toBeVisible();

  // Dashboards: no favourite yet → Mine holds it; starring it fills Favorite
  const dashboards = page.getByTestId("home-dashboards");
  await expect(async () => {
    await dashboards.getByTestId("home-dashboards-tab-mine").click();
    await expect(page.getByTestId("home-dashboards-mine")).toContainText(`Home board ${run}`, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await send(page, "POST", `/api/v1/dashboard/${made.dashboardId}/favorites/`, {});
  await page.reload();
  await expect(page.getByTestId("home-dashboards-favorite")).toContainText(`Home board ${run}`);
  await expect(page.getByTestId("home-charts")).toBeVisible();
  await page.getByTestId("home-charts-tab-mine").click();
  await expect(page.getByTestId("home-charts-mine")).toContainText(`Home pie ${run}`);

  await page.getByTestId("home-dashboards-favorite").getByRole("link", { name: `Home board ${run}` }).click();
  await expect(page).toHaveURL(new RegExp(`/superset/dashboard/${made.slug}/`));
  await page.goto("/");
  await page.getByTestId("home-dashboards-view-all").click();
  await expect(page).toHaveURL(/\/dashboard\/list\//);

  // Superset's panel buttons start a dashboard, a chart and a SQL query
  await page.goto("/");
  await expect(page.getByTestId("home-saved-queries-add")).toHaveText("+ SQL query");
  await expect(page.getByTestId("home-saved-queries-add")).toHaveAttribute("href", "/sqllab/");
  await page.getByTestId("home-charts-add").click();
  await expect(page).toHaveURL(/\/chart\/add/);
  await page.goto("/");
  await expect(page.getByTestId("home-dashboards-add")).toHaveText("+ Dashboard");
  await page.getByTestId("home-dashboards-add").click();
  await expect(page).toHaveURL(/\/superset\/dashboard\/\d+\/\?edit=true/);
});

test("an anonymous browser sees a dashboard opened to the Public role, and is sent to login for anything else", async ({ page, browser }) => {
  await login(page, admin().username, admin().password);
  const made = await pieDashboard(page, `Public board ${run}`);
  const all = await permissionPairs(page);
  const pair = (permission: string, view: string) => all.find((p) => p.permission.name === permission && p.view_menu.name === view)!.id;
  const roles = ((await (await page.request.get(`/api/v1/security/roles/?q=${encodeURIComponent("(page_size:100)")}`)).json()) as { result: { id: number; name: string }[] }).result;
  const publicRole = roles.find((r) => r.name === "Public")!.id;
  const datasetPerm = `[${made.dataset.database.database_name}].[birth_names](id:${made.dataset.id})`;
  await send(page, "POST", `/api/v1/security/roles/${publicRole}/permissions`, {
    permission_view_menu_ids: [pair("can_read", "Dashboard"), pair("can_read", "Chart"), pair("datasource_access", datasetPerm)],
  });
  const anonymous = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const visitor = await anonymous.newPage();
    await visitor.goto(`/superset/dashboard/${made.slug}/`);
    await expect(visitor.getByText(`Public board ${run}`).first()).toBeVisible();
    await expect(visitor.locator(`[data-testid="dashboard-chart"][data-chart-id="${made.chartId}"] canvas`)).toBeVisible({ timeout: 20_000 });
    for (const path of ["/chart/list/", "/superset/welcome/", "/sqllab/"]) {
      await visitor.goto(path);
      await expect(visitor).toHaveURL(/\/login\/\?next=/);
    }
  } finally {
    await anonymous.close();
    await send(page, "POST", `/api/v1/security/roles/${publicRole}/permissions`, { permission_view_menu_ids: [] });
  }
});
