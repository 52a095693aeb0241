import { expect, test } from "@playwright/test";
import { api, birthNamesId, openWithFormData, pickOption } from "./explore-helpers";
import { admin, login } from "./helpers";

// Explore's save dialog adds the chart to a dashboard (issue 10): to a new dashboard named in the field, then
// "Save & go to dashboard" opens it with the chart drawn; an overwrite onto a second dashboard keeps the first.

const pie = { viz_type: "pie", metric: "count", groupby: ["gender"], adhoc_filters: [], row_limit: 100 };

test("explore: save a chart into a new dashboard and go there; overwrite adds it to another, keeping the first", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openWithFormData(page, await birthNamesId(page), pie);
  const stamp = Date.now().toString(36);
  const chartName = `Saved to dashboard ${stamp}`;
  const firstDashboard = `From Explore ${stamp}`;

  await page.getByTestId("save-chart").click();
  await page.getByTestId("chart-name-input").fill(chartName);
  await expect(page.getByTestId("save-go-dashboard")).toHaveCount(0);
  const select = page.getByRole("textbox", { name: "Add to dashboard" });
  await select.click();
  await select.fill(firstDashboard);
  await page.getByRole("option", { name: `${firstDashboard} (new dashboard)` }).click();
  await page.getByTestId("save-go-dashboard").click();

  await expect(page).toHaveURL(/\/superset\/dashboard\/\d+\/$/);
  await expect(page.getByTestId("dashboard-title")).toHaveText(firstDashboard);
  const placed = page.getByTestId("dashboard-chart").filter({ hasText: chartName });
  await expect(placed).toHaveAttribute("data-status", "success", { timeout: 20_000 });
  const firstId = Number(/dashboard\/(\d+)\//.exec(page.url())![1]);

  // a second dashboard of the user's own, picked from the list while overwriting the saved chart
  const secondDashboard = `Second ${stamp}`;
  const second = await page.evaluate(async (title) => {
    const csrf = ((await (await fetch("/api/v1/security/csrf_token/")).json()) as { result: string }).result;
    const res = await fetch("/api/v1/dashboard/", { method: "POST", headers: { "Content-Type": "application/json", "X-CSRFToken": csrf }, body: JSON.stringify({ dashboard_title: title }) });
    return ((await res.json()) as { id: number }).id;
  }, secondDashboard);
  const charts = await api<{ result: { id: number; slice_name: string }[] }>(page, `/api/v1/dashboard/${firstId}/charts`);
  const sliceId = charts.result.find((c) => c.slice_name === chartName)!.id;
  await page.goto(`/explore/?slice_id=${sliceId}`);
  await expect(page.getByTestId("chart-title")).toHaveText(chartName);
  await page.getByTestId("save-chart").click();
  await expect(page.getByTestId("save-overwrite")).toBeChecked();
  await pickOption(page, page.getByRole("textbox", { name: "Add to dashboard" }), secondDashboard);
  await page.getByTestId("save-confirm").click();
  await expect(page.getByTestId("save-confirm")).toHaveCount(0);

  const saved = await api<{ result: { dashboards: { id: number }[] } }>(page, `/api/v1/chart/${sliceId}`);
  expect(saved.result.dashboards.map((d) => d.id).sort((a, b) => a - b)).toEqual([firstId, second].sort((a, b) => a - b));
});
