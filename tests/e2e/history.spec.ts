import { expect, test } from "@playwright/test";
import { admin, clickMenuItem, login } from "./helpers";
import { birthNamesCharts, csrfToken, post } from "./api-helpers";

// History (issue 34): a dashboard renamed in edit mode and saved with a message; its History panel lists the save
// with the message and says what it changed, in words; "Compare drawn" shows both states' layouts as grid maps;
// restoring the revision before brings the old title back. Then a chart's first revision drawn beside its current one.

const run = Date.now().toString(36);

test("rename a dashboard, see the change in History, restore the revision before it; compare a chart revision drawn", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const layout = {
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["HEADER-h", "ROW-h"], parents: ["ROOT_ID"] },
    "HEADER-h": { type: "HEADER", id: "HEADER-h", children: [], parents: ["ROOT_ID", "GRID_ID"], meta: { text: "Notes", headerSize: "MEDIUM_HEADER" } },
    "ROW-h": { type: "ROW", id: "ROW-h", children: ["MARKDOWN-h"], parents: ["ROOT_ID", "GRID_ID"], meta: {} },
    "MARKDOWN-h": { type: "MARKDOWN", id: "MARKDOWN-h", children: [], parents: ["ROOT_ID", "GRID_ID", "ROW-h"], meta: { code: "Read me", width: 6, height: 30 } },
  };
  const dash = await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: `Before ${run}`, published: true, position_json: JSON.stringify(layout) });

  await page.goto(`/superset/dashboard/${dash.id}/?edit=true`);
  await expect(page.getByTestId("dashboard-editor")).toBeVisible();
  await page.getByTestId("dashboard-title-input").fill(`After ${run}`);
  await page.getByTestId("dashboard-title-input").press("Enter");
  await page.getByTestId("save-message-input").fill("New name for the quarter");
  await page.getByTestId("save-dashboard").click();
  await expect(page.getByTestId("dashboard-editor")).toHaveCount(0);
  await expect(page.getByTestId("dashboard-title")).toHaveText(`After ${run}`);

  await clickMenuItem(page.getByTestId("dashboard-menu"), page.getByTestId("dashboard-history").filter({ visible: true }));
  const panel = page.getByTestId("history-modal");
  await expect(panel.getByTestId("history-revision")).toHaveCount(2);
  await expect(panel.getByTestId("history-revision").first()).toContainText("New name for the quarter");
  await expect(panel.getByTestId("history-diff")).toContainText(`Title: "Before ${run}" → "After ${run}"`);

  await panel.locator('[data-testid="history-revision"][data-revision="1"]').click();
  // Compare drawn: the revision's layout and the current one, each as a map of its grid
  await panel.getByTestId("history-compare-drawn").click();
  await expect(panel.getByTestId("compare-pane").getByTestId("layout-map")).toHaveCount(2);
  await expect(panel.getByTestId("compare-pane").getByTestId("map-header")).toHaveText(["Notes", "Notes"]);
  await expect(panel.getByTestId("compare-pane").getByTestId("map-box")).toHaveCount(2);
  await panel.getByTestId("history-restore").click();
  await panel.getByTestId("history-restore-confirm").click();
  await expect(page.getByTestId("history-modal")).toHaveCount(0);
  await expect(page.getByTestId("dashboard-title")).toHaveText(`Before ${run}`);
  await page.reload();
  await expect(page.getByTestId("dashboard-title")).toHaveText(`Before ${run}`);

  // Compare drawn of a chart: a pie saved again as a table; its first revision and the current chart are drawn side
  // by side from their own form data (a canvas, a table)
  const { chart } = await birthNamesCharts(page, run);
  const id = await chart("Drawn history", "pie", { metric: "count", groupby: ["gender"] });
  const res = await page.request.put(`/api/v1/chart/${id}`, {
    data: { viz_type: "table", params: JSON.stringify({ viz_type: "table", query_mode: "aggregate", groupby: ["gender"], metrics: ["count"], time_range: "No filter" }) },
    headers: { "X-CSRFToken": await csrfToken(page) },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto(`/explore/?slice_id=${id}`);
  await clickMenuItem(page.getByTestId("more-menu"), page.getByTestId("chart-history"));
  const chartPanel = page.getByTestId("history-modal");
  await chartPanel.locator('[data-testid="history-revision"][data-revision="1"]').click();
  await chartPanel.getByTestId("history-compare-drawn").click();
  await expect(chartPanel.locator('[data-testid="compare-pane"][data-side="revision"] canvas')).toBeVisible();
  await expect(chartPanel.locator('[data-testid="compare-pane"][data-side="current"] table')).toBeVisible();
});

// Drafts (issue 34): a published dashboard edited as a draft while a second browser (another device of the owner)
// still shows the live version and finds the same draft; publishing makes it live there too, History says what the
// publish changed, and restoring the revision before brings the old version back live.
test("edit a published dashboard as a draft, publish it, see it in History, restore the live version before", async ({ page, browser }) => {
  await login(page, admin().username, admin().password);
  const layout = {
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["HEADER-d"], parents: ["ROOT_ID"] },
    "HEADER-d": { type: "HEADER", id: "HEADER-d", children: [], parents: ["ROOT_ID", "GRID_ID"], meta: { text: "Notes", headerSize: "MEDIUM_HEADER" } },
  };
  const dash = await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: `Live ${run}`, published: true, position_json: JSON.stringify(layout) });
  const url = `/superset/dashboard/${dash.id}/`;

  await page.goto(`${url}?edit=true`);
  await page.getByTestId("dashboard-title-input").fill(`Draft ${run}`);
  await page.getByTestId("dashboard-title-input").press("Enter");
  await page.getByTestId("save-draft").click();
  await expect(page.getByTestId("dashboard-editor")).toHaveCount(0);
  await expect(page.getByTestId("dashboard-title")).toHaveText(`Live ${run}`);
  await expect(page.getByTestId("draft-diff")).toContainText(`Title: "Live ${run}" → "Draft ${run}"`);

  const other = await browser.newContext();
  const second = await other.newPage();
  try {
    await login(second, admin().username, admin().password);
    await second.goto(url);
    await expect(second.getByTestId("dashboard-title")).toHaveText(`Live ${run}`);
    await expect(second.getByTestId("draft-diff")).toContainText(`"Draft ${run}"`);

    await page.getByTestId("draft-publish").click();
    await expect(page.getByTestId("dashboard-title")).toHaveText(`Draft ${run}`);
    await expect(page.getByTestId("dashboard-draft")).toHaveCount(0);
    await second.reload();
    await expect(second.getByTestId("dashboard-title")).toHaveText(`Draft ${run}`);

    await clickMenuItem(page.getByTestId("dashboard-menu"), page.getByTestId("dashboard-history").filter({ visible: true }));
    const panel = page.getByTestId("history-modal");
    await expect(panel.getByTestId("history-revision").first()).toContainText("Published draft");
    await expect(panel.getByTestId("history-diff")).toContainText(`Title: "Live ${run}" → "Draft ${run}"`);
    await panel.locator('[data-testid="history-revision"][data-revision="1"]').click();
    await panel.getByTestId("history-restore").click();
    await panel.getByTestId("history-restore-confirm").click();
    await expect(page.getByTestId("dashboard-title")).toHaveText(`Live ${run}`);
    await second.reload();
    await expect(second.getByTestId("dashboard-title")).toHaveText(`Live ${run}`);
  } finally {
    await other.close();
  }
});

