import { expect, test, type Page } from "@playwright/test";
import { admin, login } from "./helpers";
import { csrfToken, post } from "./api-helpers";

// Live dashboards (issue 29): two browsers on an auto-refreshing dashboard hold one live channel each to the same
// server object; an upload into the dataset's table pushes the new answer to both at once, while the server ran the
// chart's query once and neither page queried chart data itself. Its own table, dataset, chart and dashboard.

const run = Date.now().toString(36);
const table = `live_e2e_${run}`;

async function upload(page: Page, rows: string, already_exists: string): Promise<void> {
  const dbs = (await (await page.request.get("/api/v1/database/?q=(page_size:100)")).json()) as { result: { id: number; database_name: string }[] };
  const id = dbs.result.find((d) => d.database_name === "examples")!.id;
  const headers = { "X-CSRFToken": await csrfToken(page) };
  expect((await page.request.put(`/api/v1/database/${id}`, { data: { allow_file_upload: true }, headers })).status()).toBe(200);
  const res = await page.request.post(`/api/v1/database/${id}/upload/`, {
    headers, multipart: { file: { name: "data.csv", mimeType: "text/csv", buffer: Buffer.from(`region,amount\n${rows}`) }, type: "csv", table_name: table, already_exists },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test("two viewers of a live dashboard get an upload's new answer in the same push; the chart ran once", async ({ page, browser }) => {
  await login(page, admin().username, admin().password);
  await upload(page, "EU,10\nUS,5", "fail");
  const found = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${table})))`)}`);
  const datasetId = ((await found.json()) as { result: { id: number }[] }).result[0].id;
  const dashboardId = (await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: `Live ${run}`, published: true, json_metadata: JSON.stringify({ refresh_frequency: 10 }) })).id;
  const params = { viz_type: "big_number_total", datasource: `${datasetId}__table`, metric: { expressionType: "SQL", sqlExpression: "SUM(amount)", label: "total" } };
  await post(page, "/api/v1/chart/", { slice_name: `Live total ${run}`, viz_type: "big_number_total", datasource_id: datasetId, datasource_type: "table", params: JSON.stringify(params), dashboards: [dashboardId] });

  const other = await browser.newContext();
  const second = await other.newPage();
  await login(second, admin().username, admin().password);
  const viewers = [page, second];
  const ownQueries = [0, 0];
  for (const [i, viewer] of viewers.entries()) {
    await viewer.goto(`/superset/dashboard/${dashboardId}/`);
    await expect(viewer.getByTestId("dashboard-page")).toHaveAttribute("data-live", "true");
    await expect(viewer.getByTestId("dashboard-chart")).toContainText("15");
    viewer.on("request", (r) => {
      if (r.url().includes("/api/v1/chart/data")) ownQueries[i]++;
    });
  }

  await upload(page, "EU,7", "append");
  for (const viewer of viewers) await expect(viewer.getByTestId("dashboard-chart")).toContainText("22");
  expect(ownQueries).toEqual([0, 0]);
  const stats = (await (await page.request.get(`/api/v1/dashboard/${dashboardId}/live/stats`)).json()) as { result: { sockets: number; runs: number }[] };
  expect(stats.result).toEqual([expect.objectContaining({ sockets: 2, runs: 1 })]);
  await other.close();
});
