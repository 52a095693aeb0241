import { expect, test } from "@playwright/test";
import { api, birthNamesId, metricLabel, openWithFormData, pickOption } from "./explore-helpers";
import { admin, drawnPixels, login } from "./helpers";

// The journey of issue 10: an admin opens Explore on birth_names, builds a bar chart of count by gender, sees
// it drawn, saves it, reopens it by slice_id, turns it into a pie and overwrites it; removing the metric shows
// Superset's validation message and blocks the run.

const chartName = `Births by gender ${Date.now().toString(36)}`;

test("explore: bar chart by gender, save, reopen, pie, overwrite; an empty metric blocks the run", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const datasetId = await birthNamesId(page);

  await page.goto(`/explore/?datasource_id=${datasetId}&datasource_type=table`);
  await expect(page.getByTestId("dataset-name")).toHaveText("birth_names");
  await expect(page.getByTestId("dataset-pane")).toContainText("Year");

  // the picker, then the bar chart's controls
  await expect(async () => {
    await page.getByTestId("viz-type-button").click();
    await expect(page.getByTestId("viz-type-echarts_timeseries_bar")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // each type shows its thumbnail, drawn from the product's own example chart of that type
  const pieThumbnail = page.getByTestId("viz-type-pie").locator("img");
  await pieThumbnail.scrollIntoViewIfNeeded();
  await expect.poll(() => pieThumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
  await page.screenshot({ path: "test-results/viz-gallery.png" });
  await page.getByLabel("Search all charts").fill("bar");
  await page.getByTestId("viz-type-echarts_timeseries_bar").click();
  await expect(page.getByTestId("viz-type-button")).toContainText("Bar Chart");
  await expect(page.getByTestId("control-errors")).toContainText('Control labeled "Metrics" cannot be empty');
  await expect(page.getByTestId("run-query")).toBeDisabled();

  await page.getByRole("button", { name: "Add Metrics" }).click();
  await pickOption(page, page.getByRole("textbox", { name: "Saved metric" }), "COUNT(*)");
  await page.getByTestId("metric-save").click();
  await expect(page.getByTestId("metric-pill")).toHaveText("count");
  await pickOption(page, page.getByTestId("control-groupby").getByRole("textbox"), "gender");
  await pickOption(page, page.getByTestId("control-time_grain_sqla").getByRole("textbox"), "Year");

  await expect(page.getByTestId("control-errors")).toHaveCount(0);
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("row-count")).toHaveText(/\d+ rows/);
  await expect.poll(() => drawnPixels(page)).toBeGreaterThan(2000);
  await page.screenshot({ path: "test-results/explore-bar-chart.png" });

  // the address keeps a form data key: a reload opens the same chart state
  await expect(page).toHaveURL(/form_data_key=/);
  await page.reload();
  await expect(page.getByTestId("viz-type-button")).toContainText("Bar Chart");
  await expect(page.getByTestId("metric-pill")).toHaveText("count");

  // save as a new chart: the address then carries its slice_id; the drawn chart stays current (no "Controls
  // changed" banner, as the save changed no control)
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("row-count")).toHaveText(/\d+ rows/);
  await page.getByTestId("save-chart").click();
  await expect(page.getByTestId("save-overwrite")).toBeDisabled();
  await page.getByTestId("chart-name-input").fill(chartName);
  await page.getByTestId("save-confirm").click();
  await expect(page.getByTestId("chart-title")).toHaveText(chartName);
  await expect(page).toHaveURL(/slice_id=\d+/);
  await expect(page.getByTestId("row-count")).toHaveText(/\d+ rows/);
  await expect(page.getByTestId("chart-stale")).toHaveCount(0);
  const sliceId = Number(new URL(page.url()).searchParams.get("slice_id"));

  // reopened by slice_id, the saved chart is drawn again
  await page.goto(`/explore/?slice_id=${sliceId}`);
  await expect(page.getByTestId("chart-title")).toHaveText(chartName);
  await expect(page.getByTestId("row-count")).toHaveText(/\d+ rows/);
  await expect.poll(() => drawnPixels(page)).toBeGreaterThan(2000);

  // a pie of the same metric and dimension, overwriting the saved chart
  await expect(async () => {
    await page.getByTestId("viz-type-button").click();
    await expect(page.getByTestId("viz-type-pie")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId("viz-type-pie").click();
  await expect(page.getByTestId("chart-stale")).toBeVisible();
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("row-count")).toHaveText("2 rows");
  await expect.poll(() => drawnPixels(page)).toBeGreaterThan(2000);
  await page.screenshot({ path: "test-results/explore-pie-chart.png" });
  // a render-only control (legend) redraws from the loaded data: no "Update chart" needed
  await page.getByTestId("control-show_legend").getByRole("checkbox").uncheck();
  await expect(page.getByTestId("chart-stale")).toHaveCount(0);
  await page.getByTestId("control-show_legend").getByRole("checkbox").check();
  await page.getByTestId("save-chart").click();
  await expect(page.getByTestId("save-overwrite")).toBeChecked();
  await page.getByTestId("save-confirm").click();
  await expect(page.getByTestId("save-confirm")).toHaveCount(0);
  // nothing changed by the save: the drawn chart is current, no "Controls changed" banner (Superset)
  await expect(page.getByTestId("chart-title")).toHaveText(chartName);
  await expect(page.getByTestId("chart-stale")).toHaveCount(0);
  const saved = await api<{ result: { viz_type: string; slice_name: string; params: string } }>(page, `/api/v1/chart/${sliceId}`);
  expect(saved.result).toMatchObject({ viz_type: "pie", slice_name: chartName });
  expect(JSON.parse(saved.result.params)).toMatchObject({ metric: "count", groupby: ["gender"] });

  // an adhoc filter (column, operator, value offered from the column's values) in WHERE
  await page.getByRole("button", { name: "Add filter" }).click();
  await pickOption(page, page.getByRole("textbox", { name: "Column", exact: true }), "gender");
  // Escape in the operator or value select closes only its options; the filter being made stays open
  const editor = page.getByTestId("filter-editor");
  await editor.getByRole("textbox", { name: "Operator", exact: true }).click();
  await expect(page.getByRole("option", { name: "Not equal to (≠)", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("option", { name: "Not equal to (≠)", exact: true })).toHaveCount(0);
  await expect(editor.getByRole("textbox", { name: "Column", exact: true })).toHaveValue("gender");
  await editor.getByRole("textbox", { name: "Value", exact: true }).click();
  await expect(page.getByRole("option", { name: "girl", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("option", { name: "girl", exact: true })).toHaveCount(0);
  await expect(editor).toBeVisible();
  await page.getByRole("textbox", { name: "Value", exact: true }).click();
  await page.getByRole("option", { name: "girl", exact: true }).click();
  await page.getByTestId("filter-save").click();
  await expect(page.getByTestId("filter-pill")).toHaveText("gender == girl");
  await expect(page.getByTestId("chart-stale")).toBeVisible();
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("row-count")).toHaveText("1 row");

  // removing the metric: Superset's message at the control and above the chart, and no run
  await page.getByRole("button", { name: "Remove count" }).click();
  await expect(page.getByTestId("control-metric")).toContainText("cannot be empty");
  await expect(page.getByTestId("control-errors")).toContainText('Control labeled "Metric" cannot be empty');
  await expect(page.getByTestId("run-query")).toBeDisabled();

  // the Charts list (top menu) finds the chart by name and type and opens it in Explore
  await page.getByRole("link", { name: "Charts", exact: true }).click();
  await expect(page).toHaveURL(/\/chart\/list\//);
  await page.goto(`/chart/list/?search=${encodeURIComponent(chartName)}&viz_type=pie`);
  await expect(page.getByTestId("chart-row")).toHaveCount(1);
  await expect(page.getByTestId("chart-row")).toContainText("Pie Chart");
  await page.goto(`/chart/list/?search=${encodeURIComponent(chartName)}&viz_type=echarts_timeseries_bar`);
  await expect(page.getByTestId("list-empty")).toContainText("No results match your filter criteria");
  await page.goto(`/chart/list/?search=${encodeURIComponent(chartName)}`);
  await page.getByRole("link", { name: chartName }).click();
  await expect(page.getByTestId("chart-title")).toHaveText(chartName);
  await expect(page.getByTestId("viz-type-button")).toContainText("Pie Chart");
});

test("explore: SQL Lab's form_data_key opens a raw-records table on the dataset and draws its rows", async ({ page }) => {
  await login(page, admin().username, admin().password);
  // the form data SQL Lab's "Save dataset" stores before it opens Explore
  await openWithFormData(page, await birthNamesId(page), { metrics: [], groupby: [], time_range: "No filter", row_limit: 1000, viz_type: "table", all_columns: ["name", "state"] });
  await expect(page.getByTestId("viz-type-button")).toContainText("Table");
  await expect(page.getByTestId("control-query_mode").locator("input").first()).toHaveValue("Raw records");
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("row-count")).toHaveText("1000 rows");
  await expect(page.getByTestId("table-chart").getByRole("columnheader")).toHaveText(["name", "state"]);
  await expect(page.getByTestId("table-chart").getByRole("row")).toHaveCount(1001);
});

test("explore: an address naming nothing, or a dataset that does not exist, says so", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await page.goto("/explore/");
  await expect(page.getByTestId("explore-error")).toContainText("the address needs a slice_id, datasource_id or form_data_key");
  await page.goto("/explore/?datasource_id=999999&datasource_type=table");
  await expect(page.getByTestId("explore-error")).toContainText("Dataset not found");
});

test("explore: an error from chart data shows in the error panel with the server's message", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const datasetId = await birthNamesId(page);
  await openWithFormData(page, datasetId, { viz_type: "pie", groupby: ["gender"], metric: "no_such_metric" });
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("chart-error")).toContainText("Metric 'no_such_metric' does not exist");
  await expect(page.getByTestId("row-count")).toHaveCount(0);
});

test("explore: the chart types drawn by Chart.js plugins (heatmap, treemap, box plot, sankey, funnel) draw", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const datasetId = await birthNamesId(page);
  const cases: [string, Record<string, unknown>][] = [
    ["heatmap_v2", { x_axis: "state", groupby: "gender", metric: "count" }],
    ["treemap_v2", { groupby: ["gender", "state"], metric: "count" }],
    ["box_plot", { columns: ["state"], groupby: ["gender"], metrics: ["count"] }],
    ["sankey_v2", { source: "gender", target: "state", metric: "count" }],
    ["funnel", { groupby: ["state"], metric: "count", row_limit: 5 }],
  ];
  for (const [vizType, formData] of cases) {
    await openWithFormData(page, datasetId, { viz_type: vizType, ...formData });
    await expect(page.getByTestId("control-errors")).toHaveCount(0);
    await page.getByTestId("run-query").click();
    await expect(page.getByTestId("row-count")).toHaveText(/\d+ rows?/);
    await expect(page.getByTestId("chart-error")).toHaveCount(0);
    await expect.poll(() => drawnPixels(page), { message: vizType }).toBeGreaterThan(2000);
    await page.screenshot({ path: `test-results/explore-${vizType}.png` });
  }
});

test("explore: a pivot table with totals and a big number draw as tables and text", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const datasetId = await birthNamesId(page);
  await openWithFormData(page, datasetId, {
    viz_type: "pivot_table_v2", groupbyRows: ["gender"], groupbyColumns: [], metrics: ["count", "sum__num"], rowTotals: true, colTotals: true,
  });
  await page.getByTestId("run-query").click();
  const pivot = page.getByTestId("pivot-table-chart");
  // headers name saved metrics as the dataset labels them (COUNT(*) for count, a verbose name for sum__num)
  const [count, births] = [await metricLabel(page, datasetId, "count"), await metricLabel(page, datasetId, "sum__num")];
  // Superset's nested headers: the metrics' row (no column dimension, so no total column that would repeat it),
  // then the row dimensions' names; the column totals' row at the foot
  await expect(pivot.getByRole("columnheader")).toHaveText(["Metric", count, births, "gender", ""]);
  await expect(pivot.locator("tbody th")).toHaveText(["boy", "girl"]);
  await expect(pivot.locator("tfoot th")).toHaveText(["Total (Sum)"]);
  // metrics down the rows: a render-only change, redrawn at once
  await page.getByTestId("control-metricsLayout").locator("input").first().click();
  await page.getByRole("option", { name: "Rows" }).click();
  await expect(page.getByTestId("chart-stale")).toHaveCount(0);
  await expect(pivot.locator("tbody th")).toHaveText(["boy", count, births, "girl", count, births]);
  await expect(pivot.locator("tbody th").first()).toHaveAttribute("rowspan", "2");

  await openWithFormData(page, datasetId, { viz_type: "big_number_total", metric: "count" });
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("big-number-headline")).toHaveText("88.4k");
});

test("explore: a form-data save that ends after the user left Explore leaves the new page's address alone", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openWithFormData(page, await birthNamesId(page), { metrics: ["count"], groupby: ["gender"], time_range: "No filter", row_limit: 100, viz_type: "table", query_mode: "aggregate" });
  await expect(page.getByTestId("viz-type-button")).toContainText("Table");
  // hold the form-data save a control change starts, click a menu link, then let the save answer
  const held: import("@playwright/test").Route[] = [];
  await page.route("**/api/v1/explore/form_data**", (route) => void held.push(route));
  // a click before hydration opens nothing: retry until the choice shows
  await expect(async () => {
    await page.getByTestId("control-row_limit").getByRole("textbox").click();
    await page.getByRole("option", { name: "1000", exact: true }).click({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("control-row_limit").getByRole("textbox")).toHaveValue("1000");
  await expect.poll(() => held.length, { message: "the form data save was sent" }).toBeGreaterThan(0);
  await page.getByRole("link", { name: "Charts", exact: true }).click();
  await expect(page).toHaveURL(/\/chart\/list\//);
  const answered = page.waitForResponse("**/api/v1/explore/form_data**");
  for (const route of held.splice(0)) await route.continue();
  await answered;
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  await expect(page).toHaveURL(/\/chart\/list\//);
});
