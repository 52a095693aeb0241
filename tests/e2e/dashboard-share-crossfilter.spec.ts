import { expect, test, type Page } from "@playwright/test";
import { admin, clickMenuItem, login } from "./helpers";
import { csrfToken, post } from "./api-helpers";
import { chartBox as box, drawn } from "./dashboard-locators";

// Shareable state and cross-filters on a dashboard of its own: a bar chart's click cross-filters the other
// charts; "Cross-filtering scoping" narrows which charts it reaches (saved in chart_configuration); the header's
// "Copy permalink to clipboard" shares the filtered view, which another browser context opens in the same state.

const run = Date.now().toString(36);

async function setup(page: Page) {
  await login(page, admin().username, admin().password);
  const found = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`);
  const ds = ((await found.json()) as { result: { id: number }[] }).result[0].id;
  const chart = async (name: string, viz: string, params: Record<string, unknown>) => (await post<{ id: number }>(page, "/api/v1/chart/", {
    slice_name: name, viz_type: viz, datasource_id: ds, datasource_type: "table",
    params: JSON.stringify({ datasource: `${ds}__table`, viz_type: viz, ...params }),
  })).id;
  const bar = await chart(`XF bar ${run}`, "echarts_timeseries_bar", { x_axis: "ds", time_grain_sqla: "P1Y", metrics: ["sum__num"], groupby: ["gender"], row_limit: 1000 });
  const total = await chart(`XF total ${run}`, "big_number_total", { metric: "sum__num" });
  const table = await chart(`XF table ${run}`, "table", { query_mode: "aggregate", groupby: ["state"], metrics: ["sum__num"], row_limit: 5 });
  const pie = await chart(`XF pie ${run}`, "pie", { metric: "sum__num", groupby: ["gender"], row_limit: 10 });
  const c = (id: string, chartId: number, width: number) => ({ type: "CHART", id, children: [], meta: { chartId, width, height: 40 } });
  const layout = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["TABS-x"] },
    "TABS-x": { type: "TABS", id: "TABS-x", children: ["TAB-a", "TAB-b"], meta: {} },
    "TAB-a": { type: "TAB", id: "TAB-a", children: ["ROW-a", "ROW-b"], meta: { text: "Main" } },
    "ROW-a": { type: "ROW", id: "ROW-a", children: ["CHART-bar", "CHART-total"], meta: {} },
    "ROW-b": { type: "ROW", id: "ROW-b", children: ["CHART-table"], meta: {} },
    "CHART-bar": c("CHART-bar", bar, 8), "CHART-total": c("CHART-total", total, 4), "CHART-table": c("CHART-table", table, 12),
    "TAB-b": { type: "TAB", id: "TAB-b", children: ["ROW-c"], meta: { text: "Split" } },
    "ROW-c": { type: "ROW", id: "ROW-c", children: ["CHART-pie"], meta: {} },
    "CHART-pie": c("CHART-pie", pie, 6),
  };
  const slug = `xf-${run}-${Math.random().toString(36).slice(2, 6)}`;
  const dash = await post<{ id: number }>(page, "/api/v1/dashboard/", {
    dashboard_title: `Cross-filters ${run}`, slug, published: true, position_json: JSON.stringify(layout), json_metadata: JSON.stringify({ color_scheme: "supersetColors" }),
  });
  return { bar, total, table, pie, slug, id: dash.id };
}

/** Clicks the middle of the bar chart (its tooltip mode picks the nearest year's bars) until a cross-filter appears. */
async function clickBars(page: Page, id: number) {
  const canvas = box(page, id).locator("canvas");
  // from no cross-filter: a click on a chart that already filters would toggle its filter off
  const items = page.getByTestId("cross-filter-item");
  await expect(items).toHaveCount(0);
  // clicked again only while nothing filters: a second click on a slow page would toggle the first one's filter off
  await expect(async () => {
    if ((await items.count()) === 0) {
      const size = (await canvas.boundingBox())!;
      await canvas.click({ position: { x: size.width * 0.55, y: size.height * 0.6 } });
    }
    await expect(items).toHaveCount(1, { timeout: 4000 });
  }).toPass({ timeout: 20_000 });
}

async function menuAction(page: Page, id: number, item: string) {
  const target = box(page, id).getByTestId("chart-menu");
  const menu = page.getByRole("menu", { name: (await target.getAttribute("aria-label"))! });
  await clickMenuItem(target, menu.getByTestId(item));
}

test("clicking a bar cross-filters the other charts by its series, never the bar chart itself", async ({ page }) => {
  const d = await setup(page);
  await page.goto(`/superset/dashboard/${d.slug}/`);
  const totalBefore = await drawn(box(page, d.total));
  await drawn(box(page, d.bar));
  await drawn(box(page, d.table));
  // the table answered its row limit (5 states of many): Superset's "Limit reached" warning; the bar chart did not
  await expect(box(page, d.table).getByTestId("row-limit-warning")).toBeVisible();
  await expect(box(page, d.bar).getByTestId("row-limit-warning")).toHaveCount(0);
  await clickBars(page, d.bar);
  await expect(page.getByTestId("cross-filter-value")).toHaveText(/^gender = (boy|girl)$/);
  await expect(box(page, d.total)).toHaveAttribute("data-filters-applied", "1");
  await expect(box(page, d.table)).toHaveAttribute("data-filters-applied", "1");
  await expect(box(page, d.bar)).toHaveAttribute("data-filters-applied", "0");
  await expect.poll(() => drawn(box(page, d.total))).not.toBe(totalBefore);
  await page.getByTestId("cross-filter-remove").click();
  await expect(box(page, d.total)).toHaveAttribute("data-filters-applied", "0");
  await expect.poll(() => drawn(box(page, d.total))).toBe(totalBefore);
});

test("a bar chart's cross-filter scoped to the big number leaves the table alone, saved in chart_configuration", async ({ page }) => {
  const d = await setup(page);
  await page.goto(`/superset/dashboard/${d.slug}/`);
  await drawn(box(page, d.bar));
  await menuAction(page, d.bar, "chart-cross-filter-scoping");
  const modal = page.getByTestId("cross-filter-scoping-modal");
  await modal.getByTestId("cross-scope-custom").click();
  await modal.getByRole("checkbox", { name: `XF table ${run}` }).uncheck();
  await modal.getByRole("checkbox", { name: `XF pie ${run}` }).uncheck();
  await modal.getByTestId("cross-scope-save").click();
  await expect(modal).toBeHidden();

  await clickBars(page, d.bar);
  await expect(box(page, d.total)).toHaveAttribute("data-filters-applied", "1");
  await expect(box(page, d.table)).toHaveAttribute("data-filters-applied", "0");

  const res = await page.request.get(`/api/v1/dashboard/${d.id}`, { headers: { "X-CSRFToken": await csrfToken(page) } });
  const meta = JSON.parse(((await res.json()) as { result: { json_metadata: string } }).result.json_metadata);
  expect(meta.color_scheme).toBe("supersetColors");
  expect(meta.chart_configuration[String(d.bar)]).toEqual({
    id: d.bar, crossFilters: { scope: { rootPath: ["ROOT_ID"], excluded: expect.arrayContaining([d.bar, d.table, d.pie]) }, chartsInScope: [d.total] },
  });
  // the saved scope holds after a reload: the cross-filter the address kept, then a new click
  await page.reload();
  await drawn(box(page, d.bar));
  await expect(page.getByTestId("cross-filter-item")).toHaveCount(1);
  await expect(box(page, d.total)).toHaveAttribute("data-filters-applied", "1");
  await expect(box(page, d.table)).toHaveAttribute("data-filters-applied", "0");
  await page.getByTestId("cross-filter-remove").click();
  await expect(box(page, d.total)).toHaveAttribute("data-filters-applied", "0");
  await clickBars(page, d.bar);
  await expect(box(page, d.total)).toHaveAttribute("data-filters-applied", "1");
  await expect(box(page, d.table)).toHaveAttribute("data-filters-applied", "0");
});

test("a shared permalink opens in another browser context with the same cross-filter and tab", async ({ page, browser, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const d = await setup(page);
  await page.goto(`/superset/dashboard/${d.slug}/`);
  const table = box(page, d.table);
  await drawn(table);
  const firstRow = table.locator("tbody tr").first();
  const state = (await firstRow.locator("td").first().innerText()).trim();
  await firstRow.click();
  await expect(page.getByTestId("cross-filter-value")).toHaveText(`state = ${state}`);
  await page.getByTestId("dashboard-tab").filter({ hasText: "Split" }).click();
  const filteredPie = await drawn(box(page, d.pie));
  await expect(box(page, d.pie)).toHaveAttribute("data-filters-applied", "1");

  await page.getByTestId("dashboard-menu").click();
  await page.getByTestId("dashboard-copy-permalink").click();
  await expect(page.getByText("Copied to clipboard!")).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/superset\/dashboard\/p\/[A-Za-z0-9_-]{22}\/$/);

  const other = await browser.newContext();
  const viewer = await other.newPage();
  try {
    await login(viewer, admin().username, admin().password);
    await viewer.goto(link);
    await expect(viewer).toHaveURL(new RegExp(`/superset/dashboard/${d.slug}/\\?permalink_key=`));
    await expect(viewer.getByTestId("cross-filter-value")).toHaveText(`state = ${state}`);
    await expect(viewer.getByRole("tab", { name: "Split" })).toHaveAttribute("aria-selected", "true");
    await expect(box(viewer, d.pie)).toHaveAttribute("data-filters-applied", "1");
    expect(await drawn(box(viewer, d.pie))).toBe(filteredPie);
  } finally {
    await other.close();
  }
});
