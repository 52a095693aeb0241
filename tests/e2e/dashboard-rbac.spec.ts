import { expect, test, type Page } from "@playwright/test";
import { ownWorker } from "./own-worker";
import { post } from "./api-helpers";

// DASHBOARD_RBAC (its own Worker with the setting on): a user holding one of a published dashboard's roles sees
// it and its charts paint, though they have no access to the charts' dataset; the chart data is granted through
// the dashboard (Superset's raise_for_access), and only there.

const worker = ownWorker({ DASHBOARD_RBAC: "true" });
const run = Date.now().toString(36);

async function signIn(page: Page, username: string, password: string) {
  await page.context().clearCookies();
  await page.goto(`${worker.url()}/login/`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("user-menu")).toBeVisible();
}

test("with DASHBOARD_RBAC a dashboard's role lets its holder see the dashboard and its charts' data, nothing more", async ({ page }) => {
  test.setTimeout(120_000);
  const url = worker.url();
  await worker.loginAsAdmin(page);
  const found = await page.request.get(`${url}/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:flights)))")}`);
  const flights = ((await found.json()) as { result: { id: number }[] }).result[0].id;
  const role = await post<{ id: number }>(page, `${url}/api/v1/security/roles/`, { name: `flight_viewers_${run}` });
  const chart = await post<{ id: number }>(page, `${url}/api/v1/chart/`, {
    slice_name: `Flights by airline ${run}`, viz_type: "table", datasource_id: flights, datasource_type: "table",
    params: JSON.stringify({ datasource: `${flights}__table`, viz_type: "table", query_mode: "aggregate", groupby: ["airline"], metrics: ["count"], row_limit: 100 }),
  });
  const layout = {
    DASHBOARD_VERSION_KEY: "v2", ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] }, GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-a"] },
    "ROW-a": { type: "ROW", id: "ROW-a", children: ["CHART-a"], meta: {} },
    "CHART-a": { type: "CHART", id: "CHART-a", children: [], meta: { chartId: chart.id, width: 8, height: 60 } },
  };
  const byRole = await post<{ id: number }>(page, `${url}/api/v1/dashboard/`, { dashboard_title: `Flights for viewers ${run}`, published: true, roles: [role.id], position_json: JSON.stringify(layout) });
  const noRoles = await post<{ id: number }>(page, `${url}/api/v1/dashboard/`, { dashboard_title: `Flights for data readers ${run}`, published: true, position_json: JSON.stringify(layout) });
  const gammaRes = await page.request.get(`${url}/api/v1/security/roles/?q=(filters:!((col:name,opr:eq,value:Gamma)))`);
  const gamma = ((await gammaRes.json()) as { result: { id: number }[] }).result[0].id;
  const username = `flight_viewer_${run}`;
  const password = `pw-${run}-viewer`;
  await post(page, `${url}/api/v1/security/users/`, { username, first_name: "Vera", last_name: "Viewer", email: `${username}@example.com`, password, roles: [gamma, role.id] });

  await signIn(page, username, password);
  await page.goto(`${url}/superset/dashboard/${byRole.id}/`);
  const box = page.locator(`[data-chart-id="${chart.id}"]`);
  await expect(box).toHaveAttribute("data-painted", "");
  await expect(box.locator("tbody tr").first()).toBeVisible();
  // the same chart on a dashboard without roles is seen through data access only: not this user's
  expect((await page.goto(`${url}/superset/dashboard/${noRoles.id}/`))?.status()).toBe(404);
  // nor is the dataset readable outside the dashboard
  const direct = await page.request.get(`${url}/api/v1/chart/${chart.id}/data/`);
  expect([403, 404]).toContain(direct.status());
});
