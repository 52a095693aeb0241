import { expect, test, type Page } from "@playwright/test";
import { admin, clickMenuItem, hydrated, login } from "./helpers";
import { birthNamesCharts, csrfToken, datasetReader, post } from "./api-helpers";

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

// Drafts (issue 34): a published dashboard edited as a draft (a new title, and a chart only the draft places) while
// the owner's other device finds the same draft and a viewer (another user, who may read the data) still sees the
// live version; resuming the draft draws its new chart with data; publishing makes it live for the viewer, History
// says what the publish changed, and restoring the revision before brings the old version back live.
test("edit a published dashboard as a draft, publish it, see it in History, restore the live version before", async ({ page, browser }) => {
  test.setTimeout(150_000); // three sessions (owner, its other device, a viewer) and four chart draws
  await login(page, admin().username, admin().password);
  const { ds, chart } = await birthNamesCharts(page, run);
  const liveChart = await chart("Live total", "big_number_total", { metric: "count" });
  const draftChart = await chart("Draft total", "big_number_total", { metric: "count" });
  const cell = (id: number, parents: string[]) => ({ type: "CHART", id: `CHART-${id}`, children: [], parents, meta: { chartId: id, width: 4, height: 30 } });
  const layout = (ids: number[]) => ({
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["HEADER-d", "ROW-d"], parents: ["ROOT_ID"] },
    "HEADER-d": { type: "HEADER", id: "HEADER-d", children: [], parents: ["ROOT_ID", "GRID_ID"], meta: { text: "Notes", headerSize: "MEDIUM_HEADER" } },
    "ROW-d": { type: "ROW", id: "ROW-d", children: ids.map((id) => `CHART-${id}`), parents: ["ROOT_ID", "GRID_ID"], meta: {} },
    ...Object.fromEntries(ids.map((id) => [`CHART-${id}`, cell(id, ["ROOT_ID", "GRID_ID", "ROW-d"])])),
  });
  const dash = await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: `Live ${run}`, published: true, position_json: JSON.stringify(layout([liveChart])) });
  const url = `/superset/dashboard/${dash.id}/`;
  const viewer = await datasetReader(page, ds, `draft_viewer_${run}`);
  const drawn = (p: Page, id: number) => p.locator(`[data-testid="dashboard-chart"][data-chart-id="${id}"]`);

  await page.goto(`${url}?edit=true`);
  await page.getByTestId("dashboard-title-input").fill(`Draft ${run}`);
  await page.getByTestId("dashboard-title-input").press("Enter");
  await page.getByTestId("save-draft").click();
  await expect(page.getByTestId("dashboard-editor")).toHaveCount(0);
  await expect(page.getByTestId("dashboard-title")).toHaveText(`Live ${run}`);
  await expect(page.getByTestId("draft-diff")).toContainText(`Title: "Live ${run}" → "Draft ${run}"`);
  // the draft also places a chart the live dashboard does not have (as the editor's "Save as draft" would send it)
  const put = await page.request.put(`/api/v1/dashboard/${dash.id}/draft`, {
    data: { position_json: JSON.stringify(layout([liveChart, draftChart])) }, headers: { "X-CSRFToken": await csrfToken(page) },
  });
  expect(put.status(), await put.text()).toBe(200);

  // reloaded, the owner sees the live version and the draft's changes; resuming the draft draws its new chart with data
  await page.reload();
  await expect(page.getByTestId("draft-diff")).toContainText(`Chart added: "Draft total ${run}"`);
  await expect(drawn(page, draftChart)).toHaveCount(0);
  await hydrated(page.getByTestId("edit-dashboard"));
  await page.getByTestId("edit-dashboard").click();
  await expect(page.getByTestId("dashboard-title-input")).toHaveValue(`Draft ${run}`);
  await expect(drawn(page, draftChart)).toHaveAttribute("data-status", "success", { timeout: 20_000 });
  await expect(drawn(page, draftChart).getByTestId("big-number-headline")).not.toBeEmpty();
  await page.getByTestId("discard-changes").click();
  await expect(page.getByTestId("dashboard-editor")).toHaveCount(0);

  const device = await browser.newContext();
  const viewing = await browser.newContext();
  const second = await device.newPage();
  const other = await viewing.newPage();
  try {
    // the owner's other device finds the same draft
    await login(second, admin().username, admin().password);
    await second.goto(url);
    await expect(second.getByTestId("dashboard-title")).toHaveText(`Live ${run}`);
    await expect(second.getByTestId("draft-diff")).toContainText(`"Draft ${run}"`);
    // a viewer sees the live version only: the old title, the live chart, no draft and no draft-only chart
    await login(other, viewer.username, viewer.password);
    await other.goto(url);
    await expect(other.getByTestId("dashboard-title")).toHaveText(`Live ${run}`);
    await expect(drawn(other, liveChart)).toHaveAttribute("data-status", "success", { timeout: 20_000 });
    await expect(drawn(other, draftChart)).toHaveCount(0);
    await expect(other.getByTestId("dashboard-draft")).toHaveCount(0);

    await page.getByTestId("draft-publish").click();
    await expect(page.getByTestId("dashboard-title")).toHaveText(`Draft ${run}`);
    await expect(page.getByTestId("dashboard-draft")).toHaveCount(0);
    await second.reload();
    await expect(second.getByTestId("dashboard-title")).toHaveText(`Draft ${run}`);
    await other.reload();
    await expect(other.getByTestId("dashboard-title")).toHaveText(`Draft ${run}`);
    await expect(drawn(other, draftChart)).toHaveAttribute("data-status", "success", { timeout: 20_000 });

    await clickMenuItem(page.getByTestId("dashboard-menu"), page.getByTestId("dashboard-history").filter({ visible: true }));
    const panel = page.getByTestId("history-modal");
    await expect(panel.getByTestId("history-revision").first()).toContainText("Published draft");
    await expect(panel.getByTestId("history-diff")).toContainText(`Title: "Live ${run}" → "Draft ${run}"`);
    await expect(panel.getByTestId("history-diff")).toContainText(`Chart added: "Draft total ${run}"`);
    await panel.locator('[data-testid="history-revision"][data-revision="1"]').click();
    await panel.getByTestId("history-restore").click();
    await panel.getByTestId("history-restore-confirm").click();
    await expect(page.getByTestId("dashboard-title")).toHaveText(`Live ${run}`);
    await other.reload();
    await expect(other.getByTestId("dashboard-title")).toHaveText(`Live ${run}`);
    await expect(drawn(other, liveChart)).toBeVisible();
    await expect(drawn(other, draftChart)).toHaveCount(0);
  } finally {
    await device.close();
    await viewing.close();
  }
});

// Compare drawn of a dataset and a saved query (issue 34): a revision and the current state side by side, their SQL
// with the lines the other side lacks marked, and a dataset's columns with the one only the current state has.
test("compare a dataset's and a saved query's first revision with the current one, drawn", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const { ds } = await birthNamesCharts(page, run);
  const examples = ((await (await page.request.get(`/api/v1/dataset/${ds}`)).json()) as { result: { database: { id: number } } }).result.database.id;
  const put = async (path: string, data: unknown) => {
    const res = await page.request.put(path, { data, headers: { "X-CSRFToken": await csrfToken(page) } });
    expect(res.status(), await res.text()).toBe(200);
  };
  const dataset = await post<{ id: number }>(page, "/api/v1/dataset/", { database: examples, schema: "main", table_name: `drawn_${run}`, sql: "SELECT name, num FROM birth_names" });
  await put(`/api/v1/dataset/${dataset.id}`, { sql: "SELECT name, num, gender\nFROM birth_names" });
  const query = await post<{ id: number }>(page, "/api/v1/saved_query/", { db_id: examples, label: `Drawn ${run}`, sql: "SELECT 1", schema: "main" });
  await put(`/api/v1/saved_query/${query.id}`, { sql: "SELECT 1\nUNION ALL SELECT 2" });

  await page.goto(`/tablemodelview/edit/${dataset.id}`);
  await hydrated(page.getByTestId("dataset-history"));
  await page.getByTestId("dataset-history").click();
  let panel = page.getByTestId("history-modal");
  await panel.locator('[data-testid="history-revision"][data-revision="1"]').click();
  await panel.getByTestId("history-compare-drawn").click();
  let [before, now] = [panel.locator('[data-testid="compare-pane"][data-side="revision"]'), panel.locator('[data-testid="compare-pane"][data-side="current"]')];
  await expect(before.getByTestId("compare-sql").locator("[data-changed]")).toHaveText(["SELECT name, num FROM birth_names"]);
  await expect(now.getByTestId("compare-sql").locator("[data-changed]")).toHaveText(["SELECT name, num, gender", "FROM birth_names"]);
  await expect(now.getByTestId("compare-columns").locator("tbody tr[data-changed]")).toContainText(["gender"]);
  await expect(before.getByTestId("compare-columns").locator("tbody tr")).toHaveCount(2);
  await expect(before.getByTestId("compare-columns").locator("tbody tr[data-changed]")).toHaveCount(0);

  await page.goto(`/savedqueryview/list/?search=${encodeURIComponent(`Drawn ${run}`)}`);
  await hydrated(page.getByLabel(`History of Drawn ${run}`));
  await page.getByLabel(`History of Drawn ${run}`).click();
  panel = page.getByTestId("history-modal");
  await panel.locator('[data-testid="history-revision"][data-revision="1"]').click();
  await panel.getByTestId("history-compare-drawn").click();
  [before, now] = [panel.locator('[data-testid="compare-pane"][data-side="revision"]'), panel.locator('[data-testid="compare-pane"][data-side="current"]')];
  await expect(before.getByTestId("compare-sql").locator("div")).toHaveText(["SELECT 1"]);
  await expect(before.getByTestId("compare-sql").locator("[data-changed]")).toHaveCount(0);
  await expect(now.getByTestId("compare-sql").locator("[data-changed]")).toHaveText(["UNION ALL SELECT 2"]);
});
