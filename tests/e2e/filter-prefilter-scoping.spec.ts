import { expect, test, type Page } from "@playwright/test";
import { birthsDashboard } from "./filter-dashboard";
import { chartBox as box, filterItem as item, drawn } from "./dashboard-locators";

// The config modal's pre-filter (custom SQL through the SQL gate, a time range on the dataset's temporal column)
// narrowing a value filter's options, and the dashboard's cross-filtering scoping from the filter bar settings:
// the global scope and one chart's own scope, saved in global_chart_configuration and chart_configuration.

async function metadata(page: Page, id: number): Promise<Record<string, any>> {
  const res = (await (await page.request.get(`/api/v1/dashboard/${id}`)).json()) as { result: { json_metadata: string } };
  return JSON.parse(res.result.json_metadata) as Record<string, any>;
}

test("a custom SQL pre-filter narrows a value filter's options; SQL the gate refuses shows its error; a time range pre-filter narrows by date", async ({ page }) => {
  const d = await birthsDashboard(page);
  await page.goto(`/superset/dashboard/${d.slug}/`);
  await drawn(box(page, d.total));
  await page.getByTestId("filter-bar-edit").click();
  const modal = page.getByRole("dialog", { name: "Add and edit filters" });
  await modal.getByTestId("filter-config-add").click();
  await modal.getByTestId("filter-form-name").fill("State");
  await modal.getByTestId("filter-form-column").click();
  await page.getByRole("option", { name: "state", exact: true }).click();
  await modal.getByRole("checkbox", { name: "Pre-filter available values" }).check();
  await modal.getByTestId("filter-form-prefilter-add-sql").click();
  await modal.getByRole("textbox", { name: "Pre-filter custom SQL" }).fill("state IN ('CA', 'NY')");
  await modal.getByTestId("filter-config-save").click();
  await expect(modal).toBeHidden();
  await expect(item(page, "State").getByRole("textbox", { name: "State" })).toHaveAttribute("placeholder", "2 options");
  const saved = (await metadata(page, d.id)).native_filter_configuration[0];
  expect(saved.adhoc_filters).toEqual([{ expressionType: "SQL", clause: "WHERE", sqlExpression: "state IN ('CA', 'NY')" }]);

  // SQL the gate refuses (a second statement) is never run: the control says why
  await page.getByTestId("filter-bar-edit").click();
  await modal.getByRole("textbox", { name: "Pre-filter custom SQL" }).fill("1 = 1; DELETE FROM birth_names");
  await modal.getByTestId("filter-config-save").click();
  await expect(modal).toBeHidden();
  await expect(item(page, "State").getByText(/multiple statements/)).toBeVisible();
  await expect(item(page, "State").getByRole("textbox", { name: "State" })).toHaveAttribute("placeholder", "0 options");

  // a time range before the data: no state has births then
  await page.getByTestId("filter-bar-edit").click();
  await modal.getByRole("button", { name: "Remove pre-filter" }).click();
  await expect(modal.getByTestId("filter-form-prefilter-time-column")).toHaveValue("ds");
  await modal.getByTestId("filter-form-prefilter-time-range").click();
  const picker = page.getByTestId("time-range-picker");
  await picker.getByRole("textbox", { name: "Range type" }).click();
  await page.getByRole("option", { name: "Advanced", exact: true }).click();
  await picker.getByRole("textbox", { name: "START (INCLUSIVE)" }).fill("1900-01-01");
  await picker.getByRole("textbox", { name: "END (EXCLUSIVE)" }).fill("1901-01-01");
  await page.getByTestId("filter-form-prefilter-time-apply").click();
  await expect(modal.getByTestId("filter-form-prefilter-time-range")).toHaveText("1900-01-01 : 1901-01-01");
  await modal.getByTestId("filter-config-save").click();
  await expect(modal).toBeHidden();
  await expect(item(page, "State").getByRole("textbox", { name: "State" })).toHaveAttribute("placeholder", "0 options");
  const timed = (await metadata(page, d.id)).native_filter_configuration[0];
  expect([timed.time_range, timed.granularity_sqla, timed.adhoc_filters]).toEqual(["1900-01-01 : 1901-01-01", "ds", []]);
});

test("cross-filtering scoping: the global scope leaves the funnel out; the pivot table's own scope leaves the big number out", async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1400 });
  const d = await birthsDashboard(page);
  await page.goto(`/superset/dashboard/${d.slug}/`);
  await drawn(box(page, d.table));
  await page.getByTestId("filter-bar-settings").click();
  await page.getByTestId("filter-bar-cross-scoping").click();
  const modal = page.getByTestId("cross-scoping-modal");
  const panel = modal.getByTestId("cross-scoping-global-panel");
  await panel.getByRole("checkbox", { name: /^Funnel / }).uncheck();
  await modal.getByTestId("cross-scoping-chart").filter({ hasText: /^Pivot / }).click();
  const own = modal.getByTestId("cross-scoping-chart-panel");
  await own.getByRole("radio", { name: "Custom scope" }).check();
  await own.getByRole("checkbox", { name: /^Total / }).uncheck();
  await modal.getByTestId("cross-scoping-save").click();
  await expect(modal).toBeHidden();

  // a table row: global scope, so everything but the funnel (and the table itself)
  await box(page, d.table).locator("tbody tr").first().click();
  await expect(box(page, d.total)).toHaveAttribute("data-filters-applied", "1");
  await expect(box(page, d.funnel)).toHaveAttribute("data-filters-applied", "0");
  await page.getByTestId("cross-filter-remove").click();
  // a pivot row header: its own scope, without the big number
  await box(page, d.pivot).locator("tbody th").filter({ hasText: /^(boy|girl)$/ }).first().click();
  await expect(page.getByTestId("cross-filter-item")).toHaveCount(1);
  await expect(box(page, d.table)).toHaveAttribute("data-filters-applied", "1");
  await expect(box(page, d.total)).toHaveAttribute("data-filters-applied", "0");

  const meta = await metadata(page, d.id);
  expect(meta.global_chart_configuration.scope).toEqual({ rootPath: ["ROOT_ID"], excluded: [d.funnel] });
  expect(meta.chart_configuration[String(d.pivot)].crossFilters.scope.excluded).toEqual(expect.arrayContaining([d.pivot, d.total, d.funnel]));
  const tableConf = meta.chart_configuration[String(d.table)].crossFilters as { scope: unknown; chartsInScope: number[] };
  expect(tableConf.scope).toBe("global");
  expect([...tableConf.chartsInScope].sort()).toEqual([d.total, d.bar, d.treemap, d.heatmap, d.pivot, d.pie].sort());

  // turning cross-filtering off takes the cross-filter away and saves cross_filters_enabled
  await page.getByTestId("filter-bar-settings").click();
  await page.getByTestId("filter-bar-cross-enabled").click();
  await expect(page.getByTestId("cross-filter-item")).toHaveCount(0);
  await expect(box(page, d.table)).toHaveAttribute("data-filters-applied", "0");
  await expect.poll(async () => (await metadata(page, d.id)).cross_filters_enabled).toBe(false);
});
