import { readFile } from "node:fs/promises";
import { expect, test, type Page, type Request } from "@playwright/test";
import { admin, clickMenuItem, login } from "./helpers";
import { post } from "./api-helpers";

// The dashboard's view-mode menus (issue 11): every action of a chart's "⋮" menu (force refresh, full size,
// description, edit chart, view query, view as table, share a permalink anchored on the chart, CSV / Excel / full CSV and
// image downloads), and the header's (refresh, auto-refresh with immune charts, properties, CSS with templates,
// save as, image), and the standalone / uiConfig address modes.

const run = Date.now().toString(36);

async function setup(page: Page) {
  await login(page, admin().username, admin().password);
  const found = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`);
  const ds = ((await found.json()) as { result: { id: number }[] }).result[0].id;
  const chart = (name: string, viz: string, params: Record<string, unknown>, description = "") =>
    post<{ id: number }>(page, "/api/v1/chart/", {
      slice_name: name, viz_type: viz, datasource_id: ds, datasource_type: "table", description,
      params: JSON.stringify({ datasource: `${ds}__table`, viz_type: viz, ...params }),
    });
  const pie = (await chart(`Menu pie ${run}`, "pie", { metric: "count", groupby: ["gender"], row_limit: 100 }, "Births split by gender")).id;
  const table = (await chart(`Menu table ${run}`, "table", { query_mode: "aggregate", groupby: ["state"], metrics: ["count"], row_limit: 5 })).id;
  const line = (await chart(`Menu line ${run}`, "echarts_timeseries_line", { x_axis: "ds", time_grain_sqla: "P1Y", metrics: ["sum__num"], groupby: [], row_limit: 1000 })).id;
  const c = (id: string, chartId: number, width: number) => ({ type: "CHART", id, children: [], meta: { chartId, width, height: 40 } });
  const layout = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["TABS-m"] },
    "TABS-m": { type: "TABS", id: "TABS-m", children: ["TAB-a", "TAB-b"], meta: {} },
    "TAB-a": { type: "TAB", id: "TAB-a", children: ["ROW-a"], meta: { text: "First" } },
    "ROW-a": { type: "ROW", id: "ROW-a", children: ["CHART-pie", "CHART-table"], meta: {} },
    "CHART-pie": c("CHART-pie", pie, 6), "CHART-table": c("CHART-table", table, 6),
    "TAB-b": { type: "TAB", id: "TAB-b", children: ["ROW-b"], meta: { text: "Second" } },
    "ROW-b": { type: "ROW", id: "ROW-b", children: ["CHART-line"], meta: {} },
    "CHART-line": c("CHART-line", line, 12),
  };
  const slug = `menus-${run}-${Math.random().toString(36).slice(2, 6)}`;
  const dash = await post<{ id: number }>(page, "/api/v1/dashboard/", {
    dashboard_title: `Menus ${run}`, slug, published: true, position_json: JSON.stringify(layout),
    json_metadata: JSON.stringify({ timed_refresh_immune_slices: [table], color_scheme: "supersetColors" }),
  });
  return { pie, table, line, slug, id: dash.id };
}

const chartBox = (page: Page, id: number) => page.locator(`[data-testid="dashboard-chart"][data-chart-id="${id}"]`);

/** Opens a chart's "⋮" menu (retried: a click before hydration opens nothing) and clicks an item of that menu. */
async function chartAction(page: Page, id: number, item: string) {
  const target = chartBox(page, id).getByTestId("chart-menu");
  const menu = page.getByRole("menu", { name: (await target.getAttribute("aria-label"))! });
  // a menu still closing from the last action would swallow the click
  await expect(menu).toHaveCount(0);
  await clickMenuItem(target, menu.getByTestId(item));
}

async function headerAction(page: Page, item: string) {
  await clickMenuItem(page.getByTestId("dashboard-menu"), page.getByTestId(item).filter({ visible: true }));
}

/** A forced chart-data request for the chart: alone, or within a batch (charts refreshed together share one). */
const isForcedDataFor = (id: number) => (r: Request) => {
  if (!r.url().includes("/api/v1/chart/data") || r.method() !== "POST") return false;
  const body = r.postDataJSON() as { contexts?: unknown[] } | null;
  const contexts = (Array.isArray(body?.contexts) ? body.contexts : [body]) as { force?: boolean; form_data?: { slice_id?: number } }[];
  return contexts.some((ctx) => ctx?.force === true && ctx.form_data?.slice_id === id);
};

async function download(page: Page, act: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), act()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

test("chart menu: refresh, full size, description, explore, query, table, share, downloads", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const d = await setup(page);
  await page.goto(`/superset/dashboard/${d.slug}/`);
  await expect(chartBox(page, d.pie)).toHaveAttribute("data-status", "success");
  await expect(chartBox(page, d.table)).toHaveAttribute("data-status", "success");

  // force refresh asks the server again, bypassing the cache
  const forced = page.waitForRequest(isForcedDataFor(d.pie));
  await chartAction(page, d.pie, "chart-force-refresh");
  await forced;

  // full size fills the window; Esc leaves
  await chartAction(page, d.pie, "chart-full-size");
  await expect(chartBox(page, d.pie)).toHaveAttribute("data-full-size", "true");
  const box = (await chartBox(page, d.pie).boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.width).toBeGreaterThan(viewport.width - 40);
  expect(box.height).toBeGreaterThan(viewport.height - 40);
  // the canvas is redrawn at the new size (dashboard charts are sized by the page, not by Chart.js)
  const canvasWidth = async () => (await chartBox(page, d.pie).locator("canvas").boundingBox())?.width ?? 0;
  await expect.poll(canvasWidth).toBeGreaterThan(box.width - 60);
  await page.keyboard.press("Escape");
  await expect(chartBox(page, d.pie)).not.toHaveAttribute("data-full-size", "true");
  const small = (await chartBox(page, d.pie).boundingBox())!;
  expect(small.width).toBeLessThan(viewport.width / 2 + 20);
  await expect.poll(canvasWidth).toBeLessThan(small.width);

  // the description shows and hides; a chart without one has no such item
  await chartAction(page, d.pie, "chart-toggle-description");
  await expect(chartBox(page, d.pie).getByTestId("chart-description")).toHaveText("Births split by gender");
  await chartAction(page, d.pie, "chart-toggle-description");
  await expect(chartBox(page, d.pie).getByTestId("chart-description")).toHaveCount(0);
  await chartBox(page, d.table).getByTestId("chart-menu").click();
  const tableMenu = page.getByRole("menu", { name: `More options for Menu table ${run}` });
  await expect(tableMenu.getByTestId("chart-open-explore")).toHaveAttribute("href", `/explore/?slice_id=${d.table}`);
  await expect(tableMenu.getByTestId("chart-toggle-description")).toHaveCount(0);
  await page.keyboard.press("Escape");

  // view query: the compiled SQL
  await chartAction(page, d.pie, "chart-view-query");
  await expect(page.getByTestId("view-query-sql")).toContainText(/SELECT/i);
  await expect(page.getByTestId("view-query-sql")).toContainText("gender");
  await page.keyboard.press("Escape");

  // view as table: the chart's rows, then the dataset's samples
  await chartAction(page, d.pie, "chart-view-results");
  await expect(page.getByTestId("results-table")).toContainText("boy");
  await expect(page.getByTestId("results-row-count")).toHaveText("2 rows");
  await page.getByRole("tab", { name: "Samples" }).click();
  await expect(page.getByTestId("samples-table")).toContainText("state");
  await page.keyboard.press("Escape");

  // downloads: CSV, Excel, the table's full CSV (no row limit of 5), and a PNG image of the chart
  const csv = await download(page, () => chartAction(page, d.pie, "chart-export-csv"));
  // named as Superset names it: the chart's title, made file-safe, and the time
  expect(csv.name).toMatch(new RegExp(`^superset_Menu_pie_${run}_\\d{8}_\\d{6}\\.csv$`));
  expect(csv.bytes.toString()).toMatch(/gender/);
  const xlsx = await download(page, () => chartAction(page, d.pie, "chart-export-xlsx"));
  expect(xlsx.name).toMatch(new RegExp(`^superset_Menu_pie_${run}_\\d{8}_\\d{6}\\.xlsx$`));
  expect(xlsx.bytes.subarray(0, 2).toString()).toBe("PK");
  await chartBox(page, d.pie).getByTestId("chart-menu").click();
  const pieMenu = page.getByRole("menu", { name: `More options for Menu pie ${run}` });
  await expect(pieMenu.getByTestId("chart-export-csv")).toBeVisible();
  await expect(pieMenu.getByTestId("chart-export-full-csv")).toHaveCount(0);
  await page.keyboard.press("Escape");
  const limited = (await download(page, () => chartAction(page, d.table, "chart-export-csv"))).bytes.toString().trim().split(/\r?\n/);
  const full = (await download(page, () => chartAction(page, d.table, "chart-export-full-csv"))).bytes.toString().trim().split(/\r?\n/);
  expect(limited[0]).toMatch(/^state,count/);
  expect(limited).toHaveLength(6);
  expect(full.length).toBeGreaterThan(6);
  const png = await download(page, () => chartAction(page, d.pie, "chart-download-image"));
  expect(png.name).toMatch(new RegExp(`^menu-pie-${run}-.*\\.png$`));
  expect(png.bytes.subarray(1, 4).toString()).toBe("PNG");
  expect(png.bytes.length).toBeGreaterThan(2000);

  // share: the copied link opens the dashboard on the chart's tab, scrolled to it
  await page.getByTestId("dashboard-tab").filter({ hasText: "Second" }).click();
  await expect(chartBox(page, d.line)).toHaveAttribute("data-status", "success");
  await chartAction(page, d.line, "chart-copy-link");
  // a dashboard permalink anchored on the chart (Superset's chart Share): it opens on the chart's tab; the link is
  // written to the clipboard once the permalink is stored, so it is read until it arrives
  const readLink = () => page.evaluate(() => navigator.clipboard.readText());
  await expect.poll(readLink).toMatch(/\/superset\/dashboard\/p\/[A-Za-z0-9_-]+\/$/);
  const link = await readLink();
  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`/superset/dashboard/${d.slug}/\\?permalink_key=[A-Za-z0-9_-]+#CHART-line$`));
  await expect(chartBox(page, d.line)).toBeVisible();
  await expect(chartBox(page, d.pie)).toHaveCount(0);
});

test("header menu: refresh, auto-refresh skipping immune charts, properties, CSS with templates, save as, image", async ({ page }) => {
  const d = await setup(page);
  const template = await post<{ id: number }>(page, "/api/v1/css_template/", { template_name: `Red title ${run}`, css: "[data-testid=dashboard-title] { color: rgb(200, 0, 0) }" });
  expect(template.id).toBeGreaterThan(0);
  await page.goto(`/superset/dashboard/${d.slug}/`);
  await expect(chartBox(page, d.table)).toHaveAttribute("data-status", "success");

  // refresh dashboard: every chart, immune ones too
  const both = Promise.all([page.waitForRequest(isForcedDataFor(d.pie)), page.waitForRequest(isForcedDataFor(d.table))]);
  await headerAction(page, "dashboard-refresh");
  await both;

  // auto-refresh every 10 seconds: the pie refreshes by itself, the immune table does not
  await headerAction(page, "dashboard-auto-refresh");
  await page.getByTestId("auto-refresh-select").click();
  await page.getByRole("option", { name: "10 seconds" }).click();
  await page.getByTestId("auto-refresh-save").click();
  await expect(page.getByTestId("dashboard-edited")).toContainText("Auto-refresh every 10 seconds");
  // the refresh runs on the server, in the dashboard's live object (ADR 0025), not as the page's own requests: its
  // first complete cycle ran the pie and the line, not the immune table, and the page asked for no chart data
  const pageRefreshes: Request[] = [];
  page.on("request", (r) => (isForcedDataFor(d.table)(r) || isForcedDataFor(d.pie)(r)) && pageRefreshes.push(r));
  const cycles = async () => {
    const stats = (await (await page.request.get(`/api/v1/dashboard/${d.id}/live/stats`)).json()) as { result: { cycleRuns: number[] }[] };
    return stats.result.flatMap((s) => s.cycleRuns);
  };
  await expect.poll(cycles, { timeout: 40_000, message: "a complete auto-refresh cycle" }).not.toHaveLength(0);
  expect((await cycles())[0]).toBe(2);
  expect(pageRefreshes).toHaveLength(0);
  await headerAction(page, "dashboard-auto-refresh");
  await page.getByTestId("auto-refresh-select").click();
  await page.getByRole("option", { name: "Don't refresh" }).click();
  await page.getByTestId("auto-refresh-save").click();
  await expect(page.getByTestId("dashboard-edited")).not.toContainText("Auto-refresh");

  // properties: bad JSON is named beside the field; a good save changes the page and the stored dashboard
  await headerAction(page, "dashboard-edit-properties");
  await expect(page.getByTestId("properties-title")).toHaveValue(`Menus ${run}`);
  await page.getByTestId("properties-title").fill(`Renamed ${run}`);
  await page.getByTestId("properties-certified-by").fill("Data team");
  await page.getByTestId("properties-slug").fill(`renamed-${d.slug}`);
  await page.getByTestId("properties-json").fill('{"refresh_frequency": ');
  await page.getByTestId("properties-apply").click();
  await expect(page.getByTestId("properties-modal")).toContainText("JSON metadata is invalid");
  await page.getByTestId("properties-json").fill('{"refresh_frequency": 0, "color_scheme": "bnbColors", "timed_refresh_immune_slices": []}');
  // "Show times in": one zone for every viewer, written into the metadata as it is picked
  await page.getByTestId("properties-time-zone").fill("Asia/Tokyo");
  await page.getByRole("option", { name: "Asia/Tokyo", exact: true }).click();
  await expect(page.getByTestId("properties-json")).toHaveValue(/"time_zone": "Asia\/Tokyo"/);
  await page.getByTestId("properties-apply").click();
  await expect(page.getByTestId("properties-modal")).toHaveCount(0);
  await expect(page.getByTestId("dashboard-title")).toHaveText(`Renamed ${run}`);
  // a new slug is a new address: the page moves to it
  await expect(page).toHaveURL(new RegExp(`/superset/dashboard/renamed-${d.slug}/$`));
  const stored = (await (await page.request.get(`/api/v1/dashboard/${d.id}`)).json()).result;
  expect(stored).toMatchObject({ dashboard_title: `Renamed ${run}`, certified_by: "Data team", slug: `renamed-${d.slug}` });
  expect(JSON.parse(stored.json_metadata)).toMatchObject({ color_scheme: "bnbColors", time_zone: "Asia/Tokyo" });
  await expect(page.getByTestId("dashboard-zone")).toHaveText("Times in Asia/Tokyo");

  // CSS: a template is loaded and previewed, a break-out attempt stays inert, the nav is out of reach; saved, it stays
  await headerAction(page, "dashboard-edit-css");
  await page.getByTestId("css-template-select").click();
  await page.getByRole("option", { name: `Red title ${run}` }).click();
  await expect(page.getByTestId("dashboard-title")).toHaveCSS("color", "rgb(200, 0, 0)");
  const css = `[data-testid=dashboard-title] { color: rgb(0, 0, 200) }\n[data-testid=brand] { display: none }\n</style><script>window.__pwned = 1</script><style>`;
  await page.getByTestId("css-editor").fill(css);
  await expect(page.getByTestId("dashboard-title")).toHaveCSS("color", "rgb(0, 0, 200)");
  await page.getByTestId("css-save").click();
  await expect(page.getByTestId("css-modal")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("dashboard-title")).toHaveCSS("color", "rgb(0, 0, 200)");
  await expect(page.getByTestId("brand")).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  // download the whole dashboard as an image
  const png = await download(page, () => headerAction(page, "dashboard-download-image"));
  expect(png.name).toMatch(/^renamed-.*\.png$/);
  expect(png.bytes.subarray(1, 4).toString()).toBe("PNG");

  // save as, with copies of the charts: the copy opens, with its own charts
  await headerAction(page, "dashboard-save-as");
  await expect(page.getByTestId("save-as-name")).toHaveValue(`Renamed ${run} [copy]`);
  await page.getByTestId("save-as-name").fill(`Copy ${run}`);
  await page.getByTestId("save-as-duplicate").check();
  await page.getByTestId("save-as-save").click();
  await expect(page.getByTestId("dashboard-title")).toHaveText(`Copy ${run}`);
  await expect(page).not.toHaveURL(/renamed-/);
  const ids = await page.locator('[data-testid="dashboard-chart"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-chart-id"))));
  expect(ids).toHaveLength(2);
  expect(ids).not.toContain(d.pie);
  await expect(page.getByTestId("dashboard-title")).toHaveCSS("color", "rgb(0, 0, 200)");
});

test("standalone and uiConfig hide the navigation, the title, the tabs bar and the chart controls", async ({ page }) => {
  const d = await setup(page);
  const open = async (query: string) => {
    await page.goto(`/superset/dashboard/${d.slug}/${query}`);
    await expect(chartBox(page, d.pie)).toHaveAttribute("data-status", "success");
  };
  await open("?standalone=0");
  await expect(page.getByTestId("brand")).toBeVisible();
  await expect(page.getByTestId("dashboard-title")).toBeVisible();
  await open("?standalone=1");
  await expect(page.getByTestId("brand")).toHaveCount(0);
  await expect(page.getByTestId("dashboard-title")).toBeVisible();
  await expect(chartBox(page, d.pie).getByTestId("chart-menu")).toBeVisible();
  await open("?standalone=2");
  await expect(page.getByTestId("brand")).toHaveCount(0);
  await expect(page.getByTestId("dashboard-title")).toHaveCount(0);
  await open("?standalone=3");
  await expect(page.getByTestId("dashboard-title")).toHaveCount(0);
  await expect(chartBox(page, d.pie).getByTestId("chart-menu")).toHaveCount(0);
  await open("?uiConfig=8");
  await expect(page.getByTestId("brand")).toBeVisible();
  await expect(chartBox(page, d.pie).getByTestId("chart-menu")).toHaveCount(0);
  await open("?uiConfig=3");
  await expect(page.getByTestId("dashboard-title")).toHaveCount(0);
  await expect(page.getByTestId("dashboard-tab").first()).toBeHidden();
  await expect(page.getByTestId("brand")).toBeVisible();
  await open("?uiConfig=4");
  await expect(page.getByTestId("brand")).toHaveCount(0);
  await expect(page.getByTestId("dashboard-tab").first()).toBeVisible();
});
