import { expect, test, type Locator, type Page } from "@playwright/test";
import { admin, login } from "./helpers";
import { birthsDashboard } from "./filter-dashboard";
import { birthNamesCharts, post } from "./api-helpers";
import { chartBox as box, filterItem as item, drawn } from "./dashboard-locators";

// Each native filter type created in "+ Add/Edit filters" as an editor does it and used in the bar: a numerical
// range, a time range, a time grain, a required value filter (Apply waits for its value), a value filter scoped to
// one tab, a divider; a time column filter (which Superset offers only for legacy datasets, so it is configured
// in json_metadata) changes the charts' time column.

/** "+ Filter" in the open modal, with its type and name set. */
async function addFilter(page: Page, modal: Locator, type: string, name: string) {
  await modal.getByTestId("filter-config-add").click();
  await modal.getByTestId("filter-form-type").click();
  await page.getByRole("option", { name: type, exact: true }).click();
  await modal.getByTestId("filter-form-name").fill(name);
}

async function pickColumn(page: Page, modal: Locator, column: string) {
  await modal.getByTestId("filter-form-column").click();
  await page.getByRole("option", { name: column, exact: true }).click();
}

test("range, time range, time grain and a divider are created in the modal and filter the charts", async ({ page }) => {
  const d = await birthsDashboard(page);
  await page.goto(`/superset/dashboard/${d.slug}/`);
  const totalBefore = await drawn(box(page, d.total));
  await page.getByTestId("filter-bar-edit").click();
  const modal = page.getByRole("dialog", { name: "Add and edit filters" });
  await addFilter(page, modal, "Numerical range", "Births per row");
  await pickColumn(page, modal, "num");
  await addFilter(page, modal, "Time range", "Period");
  await addFilter(page, modal, "Time grain", "Grain");
  await modal.getByTestId("filter-config-add-divider").click();
  await modal.getByTestId("divider-form-title").fill("Time");
  await modal.getByTestId("filter-config-save").click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId("filter-name")).toHaveText(["Births per row", "Period", "Grain"]);
  await expect(page.getByTestId("filter-divider")).toHaveText("Time");

  const saved = (await (await page.request.get(`/api/v1/dashboard/${d.id}`)).json()) as { result: { json_metadata: string } };
  const config = JSON.parse(saved.result.json_metadata).native_filter_configuration as { filterType?: string; type: string }[];
  expect(config.map((f) => f.filterType ?? f.type)).toEqual(["filter_range", "filter_time", "filter_timegrain", "DIVIDER"]);

  // the range: rows of at least 100 births only
  await item(page, "Births per row").getByRole("textbox", { name: "Births per row minimum" }).fill("100");
  await page.getByTestId("filter-bar-apply").click();
  await expect(box(page, d.total)).toHaveAttribute("data-filters-applied", "1");
  await expect.poll(() => drawn(box(page, d.total))).not.toBe(totalBefore);
  const ranged = await drawn(box(page, d.total));

  // the time range: an advanced range the picker checks, applied to the charts' time column. It opens on
  // "No filter", a valid range (open at both ends) that may be applied: no "Date Filter must have value"
  await item(page, "Period").getByTestId("filter-time-button").click();
  const picker = page.getByTestId("time-range-picker");
  await expect(picker.getByRole("textbox", { name: "Range type" })).toHaveValue("No filter");
  await expect(picker.getByTestId("time-range-actual")).toHaveText(/^-∞ ≤ \S+ < ∞$/);
  await expect(picker.getByTestId("time-range-error")).toHaveCount(0);
  await expect(page.getByTestId("filter-time-apply")).toBeEnabled();
  // Escape in the Range type select closes its options, not the picker
  await picker.getByRole("textbox", { name: "Range type" }).click();
  await expect(page.getByRole("option", { name: "Advanced", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("option", { name: "Advanced", exact: true })).toHaveCount(0);
  await expect(picker).toBeVisible();
  await picker.getByRole("textbox", { name: "Range type" }).click();
  await page.getByRole("option", { name: "Advanced", exact: true }).click();
  await picker.getByRole("textbox", { name: "START (INCLUSIVE)" }).fill("2000-01-01");
  await picker.getByRole("textbox", { name: "END (EXCLUSIVE)" }).fill("2005-01-01");
  await page.getByTestId("filter-time-apply").click();
  await expect(item(page, "Period").getByTestId("filter-time-button")).toHaveText("2000-01-01 : 2005-01-01");
  await item(page, "Grain").getByRole("textbox", { name: "Grain" }).click();
  await page.getByRole("option", { name: "Year", exact: true }).click();
  await page.getByTestId("filter-bar-apply").click();
  await expect(box(page, d.total)).toHaveAttribute("data-filters-applied", "3");
  await expect.poll(() => drawn(box(page, d.total))).not.toBe(ranged);

  await page.getByTestId("filter-bar-clear").click();
  await expect(box(page, d.total)).toHaveAttribute("data-filters-applied", "0");
  await expect.poll(() => drawn(box(page, d.total))).toBe(totalBefore);
});

test("a required value filter blocks Apply until it has a value; a filter scoped to one tab reaches only its charts", async ({ page }) => {
  const d = await birthsDashboard(page);
  await page.goto(`/superset/dashboard/${d.slug}/`);
  await drawn(box(page, d.total));
  await page.getByTestId("filter-bar-edit").click();
  const modal = page.getByRole("dialog", { name: "Add and edit filters" });
  await addFilter(page, modal, "Value", "State");
  await pickColumn(page, modal, "state");
  await modal.getByRole("checkbox", { name: "Filter value is required" }).check();
  await addFilter(page, modal, "Value", "Gender");
  await pickColumn(page, modal, "gender");
  await modal.getByRole("radio", { name: "Apply to specific panels" }).check();
  // the scoping tree starts with every panel ticked; unticking the Main tab leaves the Split tab's pie
  const node = (value: string) => modal.locator(`[data-testid="scope-node"][data-value="${value}"]`);
  await expect(node("TAB-a")).toContainText("Main");
  await expect(node(`CHART-pie`)).toContainText("Pie");
  await node("TAB-a").getByTestId("scope-checkbox").click();
  await expect(node("TAB-a").getByTestId("scope-checkbox")).toHaveAttribute("aria-checked", "false");
  await expect(node("CHART-pie").getByTestId("scope-checkbox")).toHaveAttribute("aria-checked", "true");
  await expect(node("ROOT_ID").getByTestId("scope-checkbox")).toHaveAttribute("aria-checked", "mixed");
  await modal.getByTestId("filter-config-save").click();
  await expect(modal).toBeHidden();
  const saved = (await (await page.request.get(`/api/v1/dashboard/${d.id}`)).json()) as { result: { json_metadata: string } };
  const gender = (JSON.parse(saved.result.json_metadata) as { native_filter_configuration: { name: string; scope: unknown }[] }).native_filter_configuration.find((f) => f.name === "Gender");
  expect(gender?.scope).toEqual({ rootPath: ["TAB-b"], excluded: [] });

  // the required filter: a star by its name; choosing only the gender leaves Apply asking for a state
  await expect(item(page, "State").getByLabel("required")).toBeVisible();
  await item(page, "Gender").getByRole("textbox", { name: "Gender" }).click();
  await page.getByRole("option", { name: "girl", exact: true }).click();
  await page.keyboard.press("Escape");
  await page.getByTestId("filter-bar-apply").click();
  await expect(item(page, "State").getByText("Please choose a value")).toBeVisible();
  // as in Superset, a required filter without a value filters everything out (1 = 0) until it has one
  await expect(box(page, d.total)).toContainText("No data");
  await item(page, "State").getByRole("textbox", { name: "State" }).click();
  await page.getByRole("option", { name: "CA", exact: true }).click();
  await page.keyboard.press("Escape");
  await page.getByTestId("filter-bar-apply").click();
  await expect(item(page, "State").getByText("Please choose a value")).toHaveCount(0);
  await expect.poll(() => drawn(box(page, d.total))).not.toContain("No data");

  // State reaches every chart; Gender only the pie on the Split tab (the big number shows it out of scope)
  await expect(box(page, d.total)).toHaveAttribute("data-filters-applied", "1");
  await expect(box(page, d.total).getByTestId("chart-filters-out-of-scope")).toHaveText("1");
  await page.getByTestId("dashboard-tab").filter({ hasText: "Split" }).click();
  await expect(box(page, d.pie)).toHaveAttribute("data-filters-applied", "2");
});

test("a time column filter configured in json_metadata moves the charts' time range onto the chosen column", async ({ page }) => {
  const d = await birthsDashboard(page, (ds) => [
    { id: "NATIVE_FILTER-period", type: "NATIVE_FILTER", name: "Period", filterType: "filter_time", targets: [{}], cascadeParentIds: [], description: "",
      defaultDataMask: { extraFormData: { time_range: "2000-01-01 : 2005-01-01" }, filterState: { value: "2000-01-01 : 2005-01-01" } }, controlValues: {}, scope: { rootPath: ["ROOT_ID"], excluded: [] } },
    { id: "NATIVE_FILTER-tcol", type: "NATIVE_FILTER", name: "Time column", filterType: "filter_timecolumn", targets: [{ datasetId: ds }], cascadeParentIds: [], description: "",
      defaultDataMask: { extraFormData: {}, filterState: {} }, controlValues: {}, scope: { rootPath: ["ROOT_ID"], excluded: [] } },
  ]);
  await page.goto(`/superset/dashboard/${d.slug}/`);
  await expect(box(page, d.total)).toHaveAttribute("data-filters-applied", "1");
  await item(page, "Time column").getByRole("textbox", { name: "Time column" }).click();
  await page.getByRole("option", { name: "ds", exact: true }).click();
  await page.getByTestId("filter-bar-apply").click();
  await expect(box(page, d.total)).toHaveAttribute("data-filters-applied", "2");
  await drawn(box(page, d.total));
});

test("an applied native filter and a cross-filter travel in a permalink opened in another browser context", async ({ page, browser, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const d = await birthsDashboard(page, (ds) => [{
    id: "NATIVE_FILTER-gender", type: "NATIVE_FILTER", name: "Gender", filterType: "filter_select", targets: [{ datasetId: ds, column: { name: "gender" } }],
    defaultDataMask: { extraFormData: {}, filterState: {} }, controlValues: { multiSelect: true }, cascadeParentIds: [], scope: { rootPath: ["ROOT_ID"], excluded: [] }, description: "",
  }]);
  await page.goto(`/superset/dashboard/${d.slug}/`);
  await drawn(box(page, d.table));
  await item(page, "Gender").getByRole("textbox", { name: "Gender" }).click();
  await page.getByRole("option", { name: "girl", exact: true }).click();
  await page.keyboard.press("Escape");
  await page.getByTestId("filter-bar-apply").click();
  await expect(box(page, d.table)).toHaveAttribute("data-filters-applied", "1");
  await drawn(box(page, d.table));
  const row = box(page, d.table).locator("tbody tr").first();
  const state = (await row.locator("td").first().innerText()).trim();
  await row.click();
  await expect(box(page, d.total)).toHaveAttribute("data-filters-applied", "2");
  const filtered = await drawn(box(page, d.total));

  await page.getByTestId("dashboard-menu").click();
  await page.getByTestId("dashboard-copy-permalink").click();
  await expect(page.getByText("Copied to clipboard!")).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const other = await browser.newContext();
  const viewer = await other.newPage();
  try {
    await login(viewer, admin().username, admin().password);
    await viewer.goto(link);
    await expect(viewer.getByTestId("cross-filter-value")).toHaveText(`state = ${state}`);
    await expect(item(viewer, "Gender").getByText("girl", { exact: true })).toBeVisible();
    await expect(box(viewer, d.total)).toHaveAttribute("data-filters-applied", "2");
    await expect.poll(() => drawn(box(viewer, d.total))).toBe(filtered);
  } finally {
    await other.close();
  }
});

test("a time range bounds a chart saved with No filter: on first paint with its default, on apply, and in the permalink", async ({ page, browser, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await login(page, admin().username, admin().password);
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { chart } = await birthNamesCharts(page, run);
  // the first and last year the chart reads, as "y1990" (text, so no number format rounds it); birth_names runs 1965–2008
  const year = (agg: string, label: string) => ({ expressionType: "SQL", sqlExpression: `'y' || ${agg}(strftime('%Y', ds))`, label });
  const years = await chart("Years", "table", {
    query_mode: "aggregate", groupby: [], metrics: [year("MIN", "first_year"), year("MAX", "last_year")],
    adhoc_filters: [{ clause: "WHERE", subject: "ds", operator: "TEMPORAL_RANGE", comparator: "No filter", expressionType: "SIMPLE" }],
  });
  const layout = {
    DASHBOARD_VERSION_KEY: "v2", ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] }, GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-y"] },
    "ROW-y": { type: "ROW", id: "ROW-y", children: ["CHART-y"], meta: {} }, "CHART-y": { type: "CHART", id: "CHART-y", children: [], meta: { chartId: years, width: 6, height: 30 } },
  };
  const period = { id: "NATIVE_FILTER-period", type: "NATIVE_FILTER", name: "Period", filterType: "filter_time", targets: [{}], cascadeParentIds: [], description: "",
    defaultDataMask: { extraFormData: { time_range: "1990-01-01 : 2000-01-01" }, filterState: { value: "1990-01-01 : 2000-01-01" } }, controlValues: {}, scope: { rootPath: ["ROOT_ID"], excluded: [] } };
  const slug = `tr-${run}`;
  await post(page, "/api/v1/dashboard/", { dashboard_title: `Time range ${run}`, slug, published: true, position_json: JSON.stringify(layout), json_metadata: JSON.stringify({ native_filter_configuration: [period] }) });
  const readYears = async (p: Page) => [...(await drawn(box(p, years))).matchAll(/y(\d{4})/g)].map((m) => m[1]);

  // first paint: the filter's default range bounds the rows (the chart alone would read 1965–2008)
  await page.goto(`/superset/dashboard/${slug}/`);
  await expect(box(page, years)).toHaveAttribute("data-filters-applied", "1");
  expect(await readYears(page)).toEqual(["1990", "1999"]);

  // apply another range in the bar
  await item(page, "Period").getByTestId("filter-time-button").click();
  const picker = page.getByTestId("time-range-picker");
  await picker.getByRole("textbox", { name: "Range type" }).click();
  await page.getByRole("option", { name: "Advanced", exact: true }).click();
  await picker.getByRole("textbox", { name: "START (INCLUSIVE)" }).fill("1970-01-01");
  await picker.getByRole("textbox", { name: "END (EXCLUSIVE)" }).fill("1980-01-01");
  await page.getByTestId("filter-time-apply").click();
  await page.getByTestId("filter-bar-apply").click();
  await expect.poll(() => readYears(page)).toEqual(["1970", "1979"]);

  // the permalink carries the range, and the chart opened from it is bounded by it
  await page.getByTestId("dashboard-menu").click();
  await page.getByTestId("dashboard-copy-permalink").click();
  await expect(page.getByText("Copied to clipboard!")).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const other = await browser.newContext();
  const viewer = await other.newPage();
  try {
    await login(viewer, admin().username, admin().password);
    await viewer.goto(link);
    await expect(box(viewer, years)).toHaveAttribute("data-filters-applied", "1");
    expect(await readYears(viewer)).toEqual(["1970", "1979"]);
  } finally {
    await other.close();
  }
});
