import { expect, test, type Page } from "@playwright/test";
import { ownWorker } from "./own-worker";
import { csrfToken, post } from "./api-helpers";

// DASHBOARD_RBAC (its own Worker with the setting on): a user holding one of a published dashboard's roles sees
// it and its charts paint, though they have no access to the charts' dataset; the chart data (and drill to
// detail: the rows behind the chart) is granted through the dashboard (Superset's raise_for_access), and only there.

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
  // the rows per airline, as the admin (who reads flights) counts them: what drill to detail must show the viewer
  const counted = await page.request.post(`${url}/api/v1/chart/data`, {
    headers: { "X-CSRFToken": await csrfToken(page) },
    data: {
      datasource: { id: flights, type: "table" }, result_format: "json", result_type: "full",
      queries: [{ columns: ["airline"], metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" }], row_limit: 1000 }],
    },
  });
  expect(counted.status()).toBe(200);
  const rows = ((await counted.json()) as { result: { data: { airline: string; n: number }[] }[] }).result[0].data;
  const perAirline = new Map(rows.map((r) => [r.airline, Number(r.n)]));
  const total = [...perAirline.values()].reduce((a, b) => a + b, 0);
  const username = `flight_viewer_${run}`;
  const password = `pw-${run}-viewer`;
  await post(page, `${url}/api/v1/security/users/`, { username, first_name: "Vera", last_name: "Viewer", email: `${username}@example.com`, password, roles: [gamma, role.id] });

  await signIn(page, username, password);
  await page.goto(`${url}/superset/dashboard/${byRole.id}/`);
  const box = page.locator(`[data-chart-id="${chart.id}"]`);
  await expect(box).toHaveAttribute("data-painted", "");
  await expect(box.locator("tbody tr").first()).toBeVisible();

  // drill to detail from the chart's menu: every row of flights behind the chart, through the dashboard
  const samples = page.waitForRequest((r) => r.url().includes("/datasource/samples?"));
  await expect(async () => {
    if (!(await page.getByTestId("chart-drill-detail").isVisible())) await box.getByTestId("chart-menu").click();
    await page.getByTestId("chart-drill-detail").click({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  expect((await samples).url()).toContain(`dashboard_id=${byRole.id}&slice_id=${chart.id}`);
  await expect(page.getByTestId("drill-detail-count")).toHaveText(`${total.toLocaleString("en-US")} rows`);
  await expect(page.getByTestId("drill-detail-table").locator("tbody tr")).toHaveCount(50);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("drill-detail-modal")).toHaveCount(0);
  // and by the airline right-clicked on: that airline's rows only
  await box.locator("tbody tr").first().click({ button: "right" });
  await expect(page.getByTestId("context-drill-detail-by")).toHaveText(/^Drill to detail by airline = .+$/);
  const airline = (await page.getByTestId("context-drill-detail-by").textContent())!.split("= ")[1];
  await page.getByTestId("context-drill-detail-by").click();
  await expect(page.getByTestId("drill-detail-count")).toHaveText(`${perAirline.get(airline)!.toLocaleString("en-US")} rows`);
  await expect(page.getByTestId("drill-detail-error")).toHaveCount(0);
  await page.keyboard.press("Escape");
  // the same chart on a dashboard without roles is seen through data access only: not this user's
  expect((await page.goto(`${url}/superset/dashboard/${noRoles.id}/`))?.status()).toBe(404);
  // nor is the dataset readable outside the dashboard
  const direct = await page.request.get(`${url}/api/v1/chart/${chart.id}/data/`);
  expect([403, 404]).toContain(direct.status());
  const token = await csrfToken(page);
  const samplesAt = (from: string) => page.request.post(`${url}/datasource/samples?datasource_type=table&datasource_id=${flights}&per_page=5&page=1${from}`, { data: {}, headers: { "X-CSRFToken": token } });
  expect((await samplesAt("")).status()).toBe(403);
  expect((await samplesAt(`&dashboard_id=${noRoles.id}&slice_id=${chart.id}`)).status()).toBe(403);
});
