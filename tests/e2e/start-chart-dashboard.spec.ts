import { expect, test } from "@playwright/test";
import { admin, hydrated, login } from "./helpers";

// Starting things: "+ Chart" on the Charts list leads through /chart/add (a dataset and a chart type) to Explore on
// that dataset and type; the "+" menu's Dashboard makes an empty dashboard and opens it in edit mode.

test("+ Chart opens Explore on the chosen dataset and type; + → Dashboard opens a new one in edit mode", async ({ page, request }) => {
  const { username, password } = admin();
  await login(page, username, password);

  await page.goto("/chart/list/");
  await hydrated(page.getByTestId("add-chart"));
  await page.getByTestId("add-chart").click();
  await expect(page).toHaveURL(/\/chart\/add$/);
  await expect(page.getByTestId("create-chart")).toBeDisabled();
  const dataset = page.getByTestId("chart-dataset");
  await expect(dataset).toBeEnabled({ timeout: 15_000 });
  await dataset.fill("birth_n");
  await page.getByRole("option", { name: "birth_names" }).click();
  await page.getByTestId("viz-type-search").fill("bar");
  await page.getByRole("button", { name: "Bar Chart" }).click();
  await page.getByTestId("create-chart").click();
  await expect(page).toHaveURL(/\/explore\/\?.*viz_type=echarts_timeseries_bar/);
  await expect(page.getByTestId("dataset-name")).toHaveText("birth_names");
  await expect(page.getByTestId("viz-type-button")).toContainText("Bar Chart");

  await page.getByTestId("new-menu").hover();
  await page.getByTestId("new-menu-dashboard").click();
  await expect(page).toHaveURL(/\/superset\/dashboard\/\d+\/\?edit=true$/);
  await expect(page.getByTestId("dashboard-editor")).toBeVisible();
  await expect(page.getByTestId("dashboard-title-input")).toHaveValue("[ untitled dashboard ]");

  // the new dashboard is removed again, so reruns do not pile up empty dashboards
  const id = /\/dashboard\/(\d+)\//.exec(page.url())![1];
  const token = ((await (await request.post("/api/v1/security/login", { data: { username, password, provider: "db" } })).json()) as { access_token: string }).access_token;
  expect((await request.delete(`/api/v1/dashboard/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
});
