import { expect, test, type Page } from "@playwright/test";
import { api, birthNamesId, openWithFormData } from "./explore-helpers";
import { admin, login } from "./helpers";

// Explore's builder pieces of issue 10 beyond the first journeys: switching viz types keeps and restores values,
// the gallery's "Recently used", drag and drop from the dataset pane, "Change dataset", the header's owners and
// certified badge, "Stop", "View as table", and the ways into SQL Lab — on the example datasets.

async function openGallery(page: Page) {
  await expect(async () => {
    await page.getByTestId("viz-type-button").click();
    await expect(page.getByLabel("Search all charts")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

async function datasetId(page: Page, name: string): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${name})))`);
  return (await api<{ result: { id: number }[] }>(page, `/api/v1/dataset/?q=${q}`)).result[0].id;
}

async function storedFormData(page: Page): Promise<Record<string, unknown>> {
  const key = new URL(page.url()).searchParams.get("form_data_key");
  const entry = await api<{ form_data: string }>(page, `/api/v1/explore/form_data/${key}`);
  return JSON.parse(entry.form_data) as Record<string, unknown>;
}

test("explore: a viz type switch carries compatible controls over and restores stashed ones on the way back; the gallery lists recently used types", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await page.evaluate(() => localStorage.removeItem("explore__recently_used_viz_types"));
  await openWithFormData(page, await birthNamesId(page), {
    viz_type: "echarts_timeseries_bar", x_axis: "ds", time_grain_sqla: "P1Y", metrics: ["count"], groupby: ["gender"], adhoc_filters: [], stack: "Stack",
  });
  await expect(page.getByTestId("metric-pill")).toHaveText("count");

  // to a pie: the metric list becomes its one metric, the dimension is kept
  await openGallery(page);
  await expect(page.getByTestId("recent-viz-types")).toHaveCount(0);
  await page.getByTestId("viz-type-pie").click();
  await expect(page.getByTestId("viz-type-button")).toContainText("Pie Chart");
  await expect(page.getByTestId("metric-pill")).toHaveText("count");
  await expect(page.getByTestId("control-groupby")).toContainText("gender");
  await expect(page.getByTestId("control-x_axis")).toHaveCount(0);

  // and back: the bar chart's own values (x-axis, time grain, stacking) were stashed, not lost
  await openGallery(page);
  await expect(page.getByTestId("recent-viz-types").getByTestId(/recent-viz-type-/)).toHaveCount(1);
  await expect(page.getByTestId("recent-viz-type-pie")).toBeVisible();
  await page.getByTestId("viz-type-echarts_timeseries_bar").click();
  await expect(page.getByTestId("viz-type-button")).toContainText("Bar Chart");
  // ds shows by its verbose name, Year
  await expect(page.getByTestId("control-x_axis").getByRole("textbox")).toHaveValue("Year");
  await expect(page.getByTestId("control-time_grain_sqla").getByRole("textbox")).toHaveValue("Year");
  await expect.poll(async () => (await storedFormData(page)).stack).toBe("Stack");

  // recently used: the last choice first; kept across a reload (local storage)
  await page.reload();
  await openGallery(page);
  await expect(page.getByTestId("recent-viz-types").getByTestId(/recent-viz-type-/)).toHaveCount(2);
  await expect(page.getByTestId("recent-viz-types").getByTestId(/recent-viz-type-/).first()).toHaveAttribute("data-testid", "recent-viz-type-echarts_timeseries_bar");
  await page.getByTestId("recent-viz-type-pie").click();
  await expect(page.getByTestId("viz-type-button")).toContainText("Pie Chart");
  // a search shows matches only, without the recent list
  await openGallery(page);
  await page.getByLabel("Search all charts").fill("funnel");
  await expect(page.getByTestId("recent-viz-types")).toHaveCount(0);

  // a bar chart over a categorical x-axis offers no time grain (Superset's visibility of time_grain_sqla)
  await openWithFormData(page, await birthNamesId(page), { viz_type: "echarts_timeseries_bar", x_axis: "gender", metrics: ["count"], groupby: [], adhoc_filters: [] });
  await expect(page.getByTestId("control-x_axis")).toBeVisible();
  await expect(page.getByTestId("control-time_grain_sqla")).toHaveCount(0);
});

test("explore: columns and metrics dragged from the dataset pane into controls; a metric is refused by a columns control", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const datasetId = await birthNamesId(page);
  await openWithFormData(page, datasetId, { viz_type: "table", query_mode: "aggregate", groupby: [], metrics: [], adhoc_filters: [] });
  const pane = page.getByTestId("dataset-pane");
  await expect(pane.getByTestId("dataset-column").first()).toBeVisible();
  const metricsDrop = page.getByTestId("control-metrics").getByTestId("metrics-drop");

  // a column into "Dimensions"
  await pane.getByTestId("dataset-column").filter({ hasText: /^.*state$/ }).dragTo(page.getByTestId("control-groupby").getByTestId("columns-drop"));
  await expect(page.getByTestId("control-groupby")).toContainText("state");
  // a saved metric into "Metrics"
  await pane.getByTestId("dataset-metric").filter({ hasText: "Births" }).dragTo(metricsDrop);
  await expect(page.getByTestId("metric-pill")).toHaveText("sum__num");

  // a metric over the dimensions control: refused (red outline while over it, nothing added on drop)
  const groupby = page.getByTestId("control-groupby").getByTestId("columns-drop");
  const metric = pane.getByTestId("dataset-metric").filter({ hasText: "COUNT(*)" });
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await metric.dispatchEvent("dragstart", { dataTransfer });
  await groupby.dispatchEvent("dragover", { dataTransfer });
  await expect(groupby).toHaveAttribute("data-drop-state", "refuse");
  await groupby.dispatchEvent("drop", { dataTransfer });
  await expect(groupby).not.toHaveAttribute("data-drop-state", /.*/);
  await expect(page.getByTestId("control-groupby")).not.toContainText("count");
  // the same metric over "Metrics": accepted
  await metric.dispatchEvent("dragstart", { dataTransfer });
  await metricsDrop.dispatchEvent("dragover", { dataTransfer });
  await expect(metricsDrop).toHaveAttribute("data-drop-state", "accept");
  await metricsDrop.dispatchEvent("drop", { dataTransfer });
  await expect(page.getByTestId("metric-pill")).toHaveText(["sum__num", "count"]);

  // a column into "Metrics" opens the metric popover on it (Simple, SUM)
  await pane.getByTestId("dataset-column").filter({ hasText: /num_boys$/ }).dragTo(metricsDrop);
  await expect(page.getByRole("textbox", { name: "Column", exact: true })).toHaveValue("num_boys");
  await page.getByTestId("metric-save").click();
  await expect(page.getByTestId("metric-pill")).toHaveText(["sum__num", "count", "SUM(num_boys)"]);

  // a column into "Filters" opens the filter popover on it
  await pane.getByTestId("dataset-column").filter({ hasText: /gender$/ }).dragTo(page.getByTestId("filters-drop"));
  await expect(page.getByTestId("filter-editor").getByRole("textbox", { name: "Column", exact: true })).toHaveValue("gender");
  // the value picked from the column's offered values (the open list would cover Save)
  await page.getByRole("textbox", { name: "Value", exact: true }).click();
  await page.getByRole("option", { name: "girl", exact: true }).click();
  await page.getByTestId("filter-save").click();
  await expect(page.getByTestId("filter-pill")).toHaveText("gender == girl");

  await page.getByTestId("run-query").click();
  // saved metrics head their columns by their verbose names (sum__num is "Births" in the examples; another
  // journey of the run may have renamed it, so it is read from the dataset), as Superset's
  const dataset = await api<{ result: { metrics: { metric_name: string; verbose_name: string | null }[] } }>(page, `/api/v1/dataset/${datasetId}`);
  const births = dataset.result.metrics.find((m) => m.metric_name === "sum__num")?.verbose_name || "sum__num";
  await expect(page.getByTestId("table-chart").getByRole("columnheader")).toHaveText(["state", births, "COUNT(*)", "SUM(num_boys)"]);
});

test("explore: Change dataset keeps what the new dataset has, drops the rest, keeps adhoc SQL with a warning", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const sqlMetric = { expressionType: "SQL", sqlExpression: "SUM(num) / 1000", label: "Births (k)", hasCustomLabel: true };
  await openWithFormData(page, await birthNamesId(page), {
    viz_type: "table", query_mode: "aggregate", groupby: ["state", "gender"], metrics: ["count", "sum__num", sqlMetric], adhoc_filters: [],
  });
  await expect(page.getByTestId("metric-pill")).toHaveText(["count", "sum__num", "Births (k)"]);
  await page.getByTestId("dataset-menu").click();
  await page.getByTestId("change-dataset").click();
  const modal = page.getByTestId("change-dataset-modal");
  await expect(modal).toContainText("Changing the dataset may break the chart");
  // the search matches by substring: Superset's example bundle, loaded into the same database, brings its own
  await modal.getByLabel("Search datasets").fill("cleaned_sales");
  await modal.getByRole("button", { name: "cleaned_sales_data", exact: true }).click();
  await expect(page.getByTestId("dataset-name")).toHaveText("cleaned_sales_data");
  await expect(page.getByText("Successfully changed dataset!")).toBeVisible();

  await expect(page.getByTestId("metric-pill")).toHaveText(["count", "Births (k)"]);
  await expect(page.getByTestId("control-groupby")).toContainText("state");
  await expect(page.getByTestId("control-groupby")).not.toContainText("gender");
  await expect(page.getByTestId("dataset-warnings")).toContainText("Births (k): This metric might be incompatible with current dataset");
  await expect.poll(async () => (await storedFormData(page)).datasource).toBe(`${await datasetId(page, "cleaned_sales_data")}__table`);
  // the SQL metric does not fit: the server says so in the error panel
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("chart-error")).toBeVisible();
});

test("explore: a saved chart's header shows its owners and certification; Stop aborts a running query", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const id = await birthNamesId(page);
  const chartId = await page.evaluate(async (datasetId) => {
    const csrf = ((await (await fetch("/api/v1/security/csrf_token/")).json()) as { result: string }).result;
    const formData = { viz_type: "table", query_mode: "aggregate", groupby: ["state"], metrics: ["count"], adhoc_filters: [], datasource: `${datasetId}__table`, row_limit: 100 };
    const res = await fetch("/api/v1/chart/", {
      method: "POST", headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify({ slice_name: `Certified ${Date.now()}`, viz_type: "table", datasource_id: datasetId, datasource_type: "table", params: JSON.stringify(formData), certified_by: "Data team", certification_details: "Checked against the census" }),
    });
    return ((await res.json()) as { id: number }).id;
  }, id);
  const me = await api<{ result: { first_name: string; last_name: string } }>(page, "/api/v1/me/");

  // every chart-data request waits a moment in the network, so there is a running query to stop
  await page.route("**/api/v1/chart/data", async (route) => {
    await new Promise((r) => setTimeout(r, 3000));
    await route.continue().catch(() => undefined);
  });
  await page.goto(`/explore/?slice_id=${chartId}`);
  await expect(page.getByTestId("certified-badge")).toBeVisible();
  await page.getByTestId("certified-badge").hover();
  await expect(page.getByRole("tooltip")).toContainText("Certified by Data team");
  await expect(page.getByRole("tooltip")).toContainText("Checked against the census");
  await expect(page.getByTestId("chart-owner")).toHaveCount(1);
  await expect(page.getByTestId("chart-owner")).toHaveAttribute("aria-label", `${me.result.first_name} ${me.result.last_name}`.trim());

  // the saved chart opens running: Stop aborts it
  await expect(page.getByTestId("stop-query")).toBeVisible();
  await page.getByTestId("stop-query").click();
  await expect(page.getByTestId("chart-stopped")).toHaveText("Updating chart was stopped");
  await expect(page.getByTestId("run-query")).toHaveText("Update chart");
  // a run after a stop draws the chart
  await page.unroute("**/api/v1/chart/data");
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("row-count")).toHaveText(/\d+ rows/);
  await expect(page.getByTestId("chart-stopped")).toHaveCount(0);
});

test("explore: View as table shows the chart's results and samples; Run in SQL Lab and View in SQL Lab open SQL Lab tabs", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openWithFormData(page, await birthNamesId(page), { viz_type: "table", query_mode: "aggregate", groupby: ["gender"], metrics: ["count"], adhoc_filters: [] });
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("row-count")).toHaveText("2 rows");

  await page.getByTestId("more-menu").click();
  await page.getByTestId("view-as-table").click();
  const modal = page.getByTestId("results-modal");
  await expect(modal.getByRole("columnheader")).toContainText(["gender", "count"]);
  await expect(modal).toContainText("2 rows");
  await modal.getByRole("tab", { name: "Samples" }).click();
  await expect(modal.getByRole("columnheader").first()).toBeVisible();
  await page.keyboard.press("Escape");

  // the chart's own SQL in a new SQL Lab tab
  await page.getByTestId("more-menu").click();
  await page.getByTestId("run-in-sqllab").click();
  await expect(page).toHaveURL(/\/sqllab\/?$/);
  await expect(page.locator(".monaco-editor .view-lines").first()).toContainText("GROUP BY", { timeout: 30_000 });
  await expect(page.locator(".monaco-editor .view-lines").first()).toContainText("birth_names");

  // the dataset's SELECT * from the dataset pane's menu
  await page.goBack();
  await expect(page.getByTestId("dataset-name")).toHaveText("birth_names");
  await page.getByTestId("dataset-menu").click();
  await page.getByTestId("view-in-sqllab").click();
  await expect(page).toHaveURL(/\/sqllab\/?$/);
  await expect(page.locator(".monaco-editor .view-lines").first()).toContainText("SELECT", { timeout: 30_000 });
  await expect(page.locator(".monaco-editor .view-lines").first()).toContainText("LIMIT 100");
});

test("explore: the time range picker's Custom range takes a day from its calendar", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openWithFormData(page, await birthNamesId(page), { viz_type: "echarts_timeseries_bar", x_axis: "ds", time_grain_sqla: "P1Y", metrics: ["count"], groupby: [], adhoc_filters: [] });
  await expect(async () => {
    await page.getByRole("button", { name: "Add filter" }).click();
    await expect(page.getByTestId("filter-editor")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole("textbox", { name: "Column", exact: true }).click();
  await page.getByRole("option", { name: "ds", exact: true }).click();
  await page.getByRole("textbox", { name: "Range type" }).click();
  await page.getByRole("option", { name: "Custom", exact: true }).click();
  await page.getByRole("textbox", { name: "START", exact: true }).click();
  await page.getByRole("option", { name: "Specific Date/Time", exact: true }).click();
  await page.getByRole("textbox", { name: "START date" }).fill("2000-01-01");
  await page.getByTestId("calendar-start").click();
  const calendar = page.getByTestId("calendar-dropdown");
  await expect(calendar).toContainText("January 2000");
  await calendar.getByText("15", { exact: true }).click();
  await expect(page.getByRole("textbox", { name: "START date" })).toHaveValue("2000-01-15T00:00:00");
  await expect(calendar).toBeHidden();
  await page.getByRole("textbox", { name: "END", exact: true }).click();
  await page.getByRole("option", { name: "Specific Date/Time", exact: true }).click();
  await page.getByTestId("calendar-end").click();
  // an empty end opens on the current month; a day picked there is written with midnight
  await page.getByTestId("calendar-dropdown").getByText("10", { exact: true }).first().click();
  await expect(page.getByRole("textbox", { name: "END date" })).toHaveValue(/^\d{4}-\d{2}-10T00:00:00$/);
  await expect(page.getByTestId("time-range-actual")).toHaveText(/^2000-01-15 ≤ ds < \d{4}-\d{2}-10$/);
  await page.getByTestId("filter-save").click();
  await expect(page.getByTestId("filter-pill")).toHaveText(/^ds \(2000-01-15T00:00:00 : \d{4}-\d{2}-10T00:00:00\)$/);
});
