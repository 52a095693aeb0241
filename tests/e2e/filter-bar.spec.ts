import { expect, test, type Locator, type Page } from "@playwright/test";
import { admin, login } from "./helpers";
import { post } from "./api-helpers";
import { filterItem as item } from "./dashboard-locators";

// The native filter bar as a viewer and an editor use it, on a copy of the Births example dashboard made per test
// with its filters configured in json_metadata (Superset's native_filter_configuration shape): the horizontal
// bar with "More filters", cascading filters, a name filter searched on the server across pages, Select All,
// a pasted list, the out-of-scope indicator, and reordering/removing filters with Restore in the config modal.

interface Dash { id: number; slug: string; ids: Record<string, number> }

const filter = (id: string, name: string, column: string, datasetId: number, extra: Record<string, unknown> = {}) => ({
  id: `NATIVE_FILTER-${id}`, type: "NATIVE_FILTER", name, filterType: "filter_select", targets: [{ datasetId, column: { name: column } }],
  defaultDataMask: { extraFormData: {}, filterState: {} }, controlValues: { multiSelect: true }, cascadeParentIds: [],
  scope: { rootPath: ["ROOT_ID"], excluded: [] }, description: "", ...extra,
});

/** A copy of the Births dashboard with the filters `make` returns (given the dataset id and chart ids by title). */
async function births(page: Page, make: (ds: number, charts: Record<string, number>) => unknown[], meta: Record<string, unknown> = {}): Promise<Dash> {
  await login(page, admin().username, admin().password);
  await page.goto("/");
  const src = (await (await page.request.get("/api/v1/dashboard/births")).json()) as { result: { position_json: string } };
  const charts = (await (await page.request.get("/api/v1/dashboard/births/charts")).json()) as { result: { id: number; slice_name: string }[] };
  const ids = Object.fromEntries(charts.result.map((c) => [c.slice_name, c.id]));
  const ds = (await (await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`)).json()) as { result: { id: number }[] };
  const slug = `fbar-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const json_metadata = JSON.stringify({ native_filter_configuration: make(ds.result[0].id, ids), ...meta });
  const created = await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: `Filter bar ${slug}`, slug, published: true, position_json: src.result.position_json, json_metadata });
  return { id: created.id, slug, ids };
}

const chart = (page: Page, title: string): Locator =>
  page.locator('[data-testid="dashboard-chart"]', { has: page.getByTestId("dashboard-chart-title").filter({ hasText: title }) });
const options = (page: Page) => page.getByRole("listbox").getByRole("option");

test("horizontal bar: the orientation setting moves the bar on top, filters that do not fit go under More filters", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const dash = await births(page, (ds) => [
    filter("gender", "Gender", "gender", ds),
    { id: "NATIVE_FILTER_DIVIDER-geo", type: "DIVIDER", title: "Geography", description: "Where the births were" },
    filter("state", "State", "state", ds),
    filter("name", "Name", "name", ds),
    filter("name2", "First name", "name", ds),
    filter("gender2", "Sex", "gender", ds),
  ]);
  await page.goto(`/superset/dashboard/${dash.slug}/`);
  const bar = page.getByTestId("filter-bar");
  await expect(bar).toHaveAttribute("data-orientation", "VERTICAL");
  await bar.getByTestId("filter-bar-settings").click();
  const saved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/v1/dashboard/${dash.id}`));
  await page.getByTestId("filter-bar-orientation-horizontal").click();
  expect((await saved).status()).toBe(200);
  await expect(bar).toHaveAttribute("data-orientation", "HORIZONTAL");
  await expect(bar.getByTestId("filter-divider")).toHaveText("Geography");

  // saved in json_metadata: a reload keeps the bar on top
  await page.reload();
  await expect(page.getByTestId("filter-bar")).toHaveAttribute("data-orientation", "HORIZONTAL");
  // the row is measured once drawn: some filters in it, the rest under More filters
  const row = page.getByTestId("filter-bar-row").getByTestId("filter-item");
  await expect(row.first()).toBeVisible();
  const shown = await row.count();
  expect(shown).toBeLessThan(5);
  const more = page.getByTestId("filter-bar-more");
  await expect(more).toHaveText(`More filters (${6 - shown - (await page.getByTestId("filter-bar-row").getByTestId("filter-divider").count())})`);

  // a filter under More filters is used like any other
  await more.click();
  const list = page.getByTestId("filter-bar-more-list");
  await list.getByRole("textbox", { name: "Sex" }).click();
  await options(page).filter({ hasText: /^girl$/ }).click();
  await page.keyboard.press("Escape");
  await page.getByTestId("filter-bar-apply").click();
  await expect(chart(page, "Births in all years")).toHaveAttribute("data-filters-applied", "1");
});

test("cascade: the parent's selection narrows the child's values; a filter scoped away shows as out of scope", async ({ page }) => {
  const dash = await births(page, (ds, ids) => [
    filter("gender", "Gender", "gender", ds, { scope: { rootPath: ["ROOT_ID"], excluded: [ids["Births in all years"]] } }),
    filter("name", "Name", "name", ds, { cascadeParentIds: ["NATIVE_FILTER-gender"] }),
  ]);
  await page.goto(`/superset/dashboard/${dash.slug}/`);
  await item(page, "Name").getByRole("textbox").click();
  await expect(options(page).filter({ hasText: /^Andrew$/ })).toHaveCount(1);
  await page.keyboard.press("Escape");

  await item(page, "Gender").getByRole("textbox").click();
  await options(page).filter({ hasText: /^girl$/ }).click();
  await page.keyboard.press("Escape");
  await item(page, "Name").getByRole("textbox").click();
  await expect(options(page).filter({ hasText: /^Amanda$/ })).toHaveCount(1);
  await expect(options(page).filter({ hasText: /^Andrew$/ })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.getByTestId("filter-bar-apply").click();
  const total = chart(page, "Births in all years");
  await expect(total.getByTestId("chart-filters-out-of-scope")).toHaveText("1");
  await expect(chart(page, "Top states").getByTestId("chart-filters-badge")).toHaveText("1");
});

test("a name filter loads 100 values a page, more as the list is scrolled, and searches all values on the server", async ({ page }) => {
  const dash = await births(page, (ds) => [filter("name", "Name", "name", ds, { controlValues: { multiSelect: true, searchAllOptions: true, sortAscending: true } })]);
  await page.goto(`/superset/dashboard/${dash.slug}/`);
  const select = item(page, "Name").getByTestId("filter-select");
  await item(page, "Name").getByRole("textbox").click();
  await expect(options(page)).toHaveCount(102); // the "first 100 values" note, Select All and the first page
  await expect(options(page).filter({ hasText: /^Zachary$/ })).toHaveCount(0);
  await options(page).last().scrollIntoViewIfNeeded();
  await page.getByRole("listbox").hover();
  await page.mouse.wheel(0, 20_000);
  await expect.poll(async () => options(page).count(), { timeout: 15_000 }).toBeGreaterThan(102);
  await page.keyboard.type("Zach");
  await expect(options(page).filter({ hasText: /^Zachary$/ })).toHaveCount(1);
  await options(page).filter({ hasText: /^Zachary$/ }).click();
  await page.keyboard.press("Escape");
  await expect(item(page, "Name").getByText("Zachary")).toBeVisible();
  expect(select).toBeTruthy();
});

test("Select All takes every value; a pasted list becomes values", async ({ page }) => {
  const dash = await births(page, (ds) => [filter("state", "State", "state", ds), filter("name", "Name", "name", ds)]);
  await page.goto(`/superset/dashboard/${dash.slug}/`);
  await item(page, "State").getByRole("textbox").click();
  await options(page).filter({ hasText: /^Select All$/ }).click();
  await page.keyboard.press("Escape");
  for (const s of ["CA", "NY", "TX", "other"]) await expect(item(page, "State").getByText(s, { exact: true })).toBeVisible();

  const input = item(page, "Name").getByRole("textbox");
  await input.click();
  await input.evaluate((el) => {
    const data = new DataTransfer();
    data.setData("text", "Jennifer, Michael\nZachary;Paige");
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await page.keyboard.press("Escape");
  for (const n of ["Jennifer", "Michael", "Zachary", "Paige"]) await expect(item(page, "Name").getByText(n, { exact: true })).toBeVisible();
  await page.getByTestId("filter-bar-apply").click();
  await expect(chart(page, "Top states")).toHaveAttribute("data-filters-applied", "2");
});

test("config modal: drag to reorder, a removed filter can be restored for 5 seconds, then it is gone on Save", async ({ page }) => {
  const dash = await births(page, (ds) => [filter("a", "Alpha", "gender", ds), filter("b", "Beta", "state", ds), filter("c", "Gamma", "name", ds)]);
  await page.goto(`/superset/dashboard/${dash.slug}/`);
  await page.getByTestId("filter-bar-edit").click();
  const modal = page.getByRole("dialog", { name: "Add and edit filters" });
  const rows = modal.getByTestId("filter-config-item");
  await expect(rows).toHaveText([/Alpha/, /Beta/, /Gamma/]);
  await modal.locator('[data-item-id="NATIVE_FILTER-c"]').dragTo(modal.locator('[data-item-id="NATIVE_FILTER-a"]'));
  await expect(rows).toHaveText([/Gamma/, /Alpha/, /Beta/]);

  // removed, then restored within the window
  await modal.locator('[data-item-id="NATIVE_FILTER-a"]').getByTestId("filter-config-remove").click();
  await modal.getByTestId("filter-config-restore").click();
  await expect(rows).toHaveText([/Gamma/, /Alpha/, /Beta/]);

  // removed and left: after 5 s the Restore offer goes, and Save deletes it
  await modal.locator('[data-item-id="NATIVE_FILTER-b"]').getByTestId("filter-config-remove").click();
  await expect(modal.getByTestId("filter-config-restore")).toBeVisible();
  await expect(modal.getByTestId("filter-config-restore")).toHaveCount(0, { timeout: 8_000 });
  await expect(rows).toHaveText([/Gamma/, /Alpha/]);

  // a divider with its title and description
  await modal.getByTestId("filter-config-add-divider").click();
  await modal.getByTestId("divider-form-title").fill("Section");
  await modal.getByTestId("divider-form-description").fill("About this section");
  await modal.getByTestId("filter-config-save").click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId("filter-name")).toHaveText(["Gamma", "Alpha"]);
  await expect(page.getByTestId("filter-divider")).toContainText("About this section");

  const saved = (await (await page.request.get(`/api/v1/dashboard/${dash.id}`)).json()) as { result: { json_metadata: string } };
  const config = JSON.parse(saved.result.json_metadata).native_filter_configuration as { id: string; type: string }[];
  expect(config.map((f) => f.id).slice(0, 2)).toEqual(["NATIVE_FILTER-c", "NATIVE_FILTER-a"]);
  expect(config[2].id).toMatch(/^NATIVE_FILTER_DIVIDER-/);
});
