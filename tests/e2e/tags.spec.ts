import { expect, test } from "./shared-page";
import { birthNamesCharts, post } from "./api-helpers";

// Tags (issue 34): a tag made on the Tags page is put on a dashboard through its properties dialog, and on a
// chart and a saved query through the tag API; the tag's all-entities page (opened from the Tags page) lists all
// three, and the dashboard list's Tag filter finds the dashboard.

test("tag a dashboard, a chart and a saved query; find them from the Tags page and a list's Tag filter", async ({ adminPage: page }) => {
  const run = Date.now().toString(36);
  const tag = `journey-${run}`;
  const { chart } = await birthNamesCharts(page, run);
  const chartId = await chart(`Tagged chart`, "table", {});
  const dashboardId = (await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: `Tagged dashboard ${run}` })).id;
  const queryId = (await post<{ id: number }>(page, "/api/v1/saved_query/", { label: `Tagged query ${run}`, sql: "SELECT 1" })).id;

  // the tag, made on the Tags page (a bad name is refused first, naming it)
  await page.goto("/superset/tags/");
  await page.getByTestId("add-tag").click();
  await page.getByTestId("tag-name").fill(`bad:${run}`);
  await page.getByTestId("tag-save").click();
  await expect(page.getByTestId("tag-form")).toContainText(`bad:${run}`);
  await page.getByTestId("tag-name").fill(tag);
  await page.getByTestId("tag-save").click();
  await expect(page.getByTestId(`tag-row-${tag}`)).toBeVisible();

  // on the dashboard through its properties dialog
  await page.goto("/dashboard/list/");
  await page.getByTestId(`edit-${dashboardId}`).click();
  const tags = page.getByTestId("properties-tags");
  await expect(tags).toBeVisible();
  await tags.click();
  await tags.fill(tag);
  await page.getByRole("option", { name: tag }).click();
  await page.getByTestId("properties-apply").click();
  await expect(page.getByTestId("properties-modal")).toBeHidden();

  // on the chart and the saved query through the API, as Superset's tag menus do
  await post(page, `/api/v1/tag/chart/${chartId}/`, { properties: { tags: [tag] } });
  await post(page, `/api/v1/tag/query/${queryId}/`, { properties: { tags: [tag] } });

  // Tags page → the tag's all-entities page: all three
  await page.goto(`/superset/tags/?search=${tag}`);
  await page.getByRole("link", { name: tag }).click();
  await expect(page.getByTestId("all-entities-tag")).toHaveText(tag);
  await expect(page.getByTestId("tagged-dashboards")).toContainText(`Tagged dashboard ${run}`);
  await expect(page.getByTestId("tagged-charts")).toContainText(`Tagged chart ${run}`);
  await expect(page.getByTestId("tagged-queries")).toContainText(`Tagged query ${run}`);

  // the dashboard list's Tag filter: just the tagged dashboard, its Tags column showing the tag
  await page.goto("/dashboard/list/");
  const filter = page.getByTestId("dashboard-filter-tag");
  await filter.click();
  await filter.fill(tag);
  await page.getByRole("option", { name: tag }).click();
  await expect(page.getByTestId("dashboard-row")).toHaveCount(1);
  await expect(page.getByTestId("dashboard-row")).toContainText(`Tagged dashboard ${run}`);
  await expect(page.getByTestId("dashboard-row").getByTestId("tag-badges")).toHaveText(tag);
});
