import { expect, test, type Page } from "@playwright/test";
import { admin, hydrated, login } from "./helpers";
import { csrfToken, permissionPairs, post } from "./api-helpers";

// The dashboard journey of issue 11: charts and a dashboard with tabs, a header, a divider and markdown are made
// through the API; the page draws every chart of the open tab, a tab switch puts the tab in the URL anchor and
// a reload with that anchor opens on it, the markdown's script is stripped, and a Gamma user never sees a draft.

const run = Date.now().toString(36);

async function birthNames(page: Page): Promise<number> {
  const res = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`);
  return ((await res.json()) as { result: { id: number }[] }).result[0].id;
}

/** Drawn (not transparent) pixels of a canvas inside the chart box. */
async function drawnPixels(page: Page, chartId: number): Promise<number> {
  const canvas = page.locator(`[data-testid="dashboard-chart"][data-chart-id="${chartId}"] canvas`);
  await expect(canvas).toBeVisible();
  return canvas.evaluate((el: HTMLCanvasElement) => {
    const { data } = el.getContext("2d")!.getImageData(0, 0, el.width, el.height);
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
    return n;
  });
}

function chartBody(datasetId: number, name: string, vizType: string, params: Record<string, unknown>) {
  return { slice_name: name, viz_type: vizType, datasource_id: datasetId, datasource_type: "table", params: JSON.stringify({ datasource: `${datasetId}__table`, viz_type: vizType, ...params }) };
}

const MARKDOWN = "## Notes\n\nBirths **by gender**.\n\n<script>window.__pwned = true</script><img src=x onerror=\"window.__pwned = true\">";

function layout(pie: number, bar: number, line: number) {
  const chart = (id: string, chartId: number, width: number, parents: string[]) => ({ type: "CHART", id, children: [], parents, meta: { chartId, width, height: 40 } });
  return {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["TABS-main"] },
    "TABS-main": { type: "TABS", id: "TABS-main", children: ["TAB-first", "TAB-second"], parents: ["ROOT_ID"], meta: {} },
    "TAB-first": { type: "TAB", id: "TAB-first", children: ["ROW-a"], parents: ["ROOT_ID", "TABS-main"], meta: { text: "Overview" } },
    "ROW-a": { type: "ROW", id: "ROW-a", children: ["CHART-pie", "CHART-bar", "MARKDOWN-notes"], parents: ["ROOT_ID", "TABS-main", "TAB-first"], meta: { background: "BACKGROUND_TRANSPARENT" } },
    "CHART-pie": chart("CHART-pie", pie, 4, []),
    "CHART-bar": chart("CHART-bar", bar, 5, []),
    "MARKDOWN-notes": { type: "MARKDOWN", id: "MARKDOWN-notes", children: [], meta: { width: 3, height: 40, code: MARKDOWN } },
    "TAB-second": { type: "TAB", id: "TAB-second", children: ["HEADER-h", "DIVIDER-d", "ROW-b"], meta: { text: "Trends" } },
    "HEADER-h": { type: "HEADER", id: "HEADER-h", children: [], meta: { text: "Births over time", headerSize: "MEDIUM_HEADER" } },
    "DIVIDER-d": { type: "DIVIDER", id: "DIVIDER-d", children: [], meta: {} },
    "ROW-b": { type: "ROW", id: "ROW-b", children: ["CHART-line"], meta: {} },
    "CHART-line": chart("CHART-line", line, 12, []),
  };
}

test("dashboard: charts painted, tabs in the anchor, markdown sanitised; Gamma never sees a draft", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const ds = await birthNames(page);
  const pie = await post<{ id: number }>(page, "/api/v1/chart/", chartBody(ds, `Dash pie ${run}`, "pie", { metric: "count", groupby: ["gender"], row_limit: 100 }));
  const timeseries = { x_axis: "ds", time_grain_sqla: "P1Y", metrics: ["sum__num"], groupby: ["gender"], row_limit: 10000, adhoc_filters: [] };
  const bar = await post<{ id: number }>(page, "/api/v1/chart/", chartBody(ds, `Dash bar ${run}`, "echarts_timeseries_bar", timeseries));
  const line = await post<{ id: number }>(page, "/api/v1/chart/", chartBody(ds, `Dash line ${run}`, "echarts_timeseries_line", timeseries));
  const slug = `births-${run}`;
  const dash = await post<{ id: number }>(page, "/api/v1/dashboard/", {
    dashboard_title: `Births ${run}`, slug, published: true, position_json: JSON.stringify(layout(pie.id, bar.id, line.id)),
  });
  const draft = await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: `Draft ${run}`, published: false, position_json: JSON.stringify(layout(pie.id, bar.id, line.id)) });

  await page.goto(`/superset/dashboard/${slug}/`);
  await expect(page.getByTestId("dashboard-title")).toHaveText(`Births ${run}`);
  await expect(page.getByTestId("dashboard-status")).toHaveText("Published");
  await expect(page.getByTestId("dashboard-edited")).toContainText("Edited");
  // the first tab's two charts paint; the second tab's chart is not drawn while hidden
  await expect.poll(() => drawnPixels(page, pie.id)).toBeGreaterThan(1000);
  await expect.poll(() => drawnPixels(page, bar.id)).toBeGreaterThan(1000);
  await expect(page.locator(`[data-testid="dashboard-chart"][data-chart-id="${line.id}"]`)).toHaveCount(0);
  // markdown: rendered, with its script and event handler removed, and nothing ran
  const markdown = page.getByTestId("dashboard-markdown");
  await expect(markdown.getByRole("heading", { name: "Notes" })).toBeVisible();
  await expect(markdown.locator("strong")).toHaveText("by gender");
  await expect(markdown.locator("script")).toHaveCount(0);
  await expect(markdown.locator("img")).not.toHaveAttribute("onerror");
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  // the chart widths follow the grid: 4 and 5 of 12 columns
  const pieBox = (await page.locator(`[data-chart-id="${pie.id}"]`).boundingBox())!;
  const barBox = (await page.locator(`[data-chart-id="${bar.id}"]`).boundingBox())!;
  expect(barBox.width / pieBox.width).toBeGreaterThan(1.2);
  expect(Math.round(pieBox.height)).toBe(320);
  await page.screenshot({ path: "test-results/dashboard-first-tab.png" });

  // a tab switch puts the tab in the anchor; the other tab's chart paints; a reload opens on that tab
  await expect(async () => {
    await page.getByRole("tab", { name: "Trends" }).click();
    await expect(page).toHaveURL(/#TAB-second$/, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("dashboard-header-component")).toHaveText("Births over time");
  await expect.poll(() => drawnPixels(page, line.id)).toBeGreaterThan(1000);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Trends" })).toHaveAttribute("aria-selected", "true");
  await expect.poll(() => drawnPixels(page, line.id)).toBeGreaterThan(1000);

  // the favourite star and force refresh
  await page.getByTestId("favorite-star").click();
  await expect(page.getByTestId("favorite-star")).toHaveAttribute("aria-pressed", "true");
  await page.locator(`[data-chart-id="${line.id}"]`).getByTestId("chart-menu").click();
  await page.getByTestId("chart-force-refresh").click();
  await expect.poll(() => drawnPixels(page, line.id)).toBeGreaterThan(1000);
  await expect(page.locator(`[data-chart-id="${line.id}"]`).getByTestId("chart-menu")).toBeVisible();
  // the same dashboard at /dashboard/{id}/
  await page.goto(`/dashboard/${dash.id}/`);
  await expect(page.getByTestId("dashboard-title")).toHaveText(`Births ${run}`);
  // a star clicked just before leaving the page is still saved (the request is sent with keepalive)
  await hydrated(page.getByTestId("favorite-star"));
  await page.getByTestId("favorite-star").click();
  await page.goto("/superset/welcome/");
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/dashboard/favorite_status/?q=!(${dash.id})`)).json()) as { result: { value: boolean }[] }).result[0].value).toBe(false);

  // a Gamma user who may read birth_names sees the published dashboard but not the draft
  const pair = (await permissionPairs(page))
    .find((p) => p.permission.name === "datasource_access" && p.view_menu.name.includes(`[birth_names](id:${ds})`))!;
  const role = await post<{ id: number }>(page, "/api/v1/security/roles/", { name: `births_readers_${run}` });
  const granted = await page.request.post(`/api/v1/security/roles/${role.id}/permissions`, { data: { permission_view_menu_ids: [pair.id] }, headers: { "X-CSRFToken": await csrfToken(page) } });
  expect(granted.status()).toBe(200);
  const gammaRes = await page.request.get(`/api/v1/security/roles/?q=(filters:!((col:name,opr:eq,value:Gamma)))`);
  const gamma = ((await gammaRes.json()) as { result: { id: number }[] }).result[0].id;
  const username = `dash_gamma_${run}`;
  const password = `pw-${run}-dash-gamma`;
  await post(page, "/api/v1/security/users/", { username, first_name: "Gamma", last_name: "Viewer", email: `${username}@example.com`, password, roles: [gamma, role.id] });
  await page.context().clearCookies();
  await login(page, username, password);
  await page.goto(`/superset/dashboard/${dash.id}/`);
  await expect.poll(() => drawnPixels(page, pie.id)).toBeGreaterThan(1000);
  const hidden = await page.goto(`/superset/dashboard/${draft.id}/`);
  expect(hidden?.status()).toBe(404);
});

/** Waits until React has hydrated the element (it keeps the element's props on the node then): a click earlier is lost or replayed later. */
const rowTitles = (page: Page) => page.getByTestId("dashboard-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-dashboard-title")));

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("dashboard list: the top menu opens it; search, filters and sort in the address, star, properties, open, delete, cards, bulk export and delete", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const tag = `list${run}`;
  const kept = await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: `Kept ${tag}`, slug: `kept-${tag}`, published: true });
  const doomed = await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: `Doomed ${tag}`, published: false });
  const extra = await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: `Extra ${tag}`, published: false });

  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Dashboards", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/list\/?/);
  // a text filter applies on Enter and goes into the address
  await page.getByTestId("dashboard-search").fill(tag);
  await page.getByTestId("dashboard-search").press("Enter");
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(page.getByTestId("dashboard-row")).toHaveCount(3);
  await expect(page.getByTestId("dashboard-count")).toHaveText("3 dashboards");

  // sortable headers: title ascending, then descending, in the address
  await page.getByTestId("sort-dashboard_title").click();
  await expect(page).toHaveURL(/sort=dashboard_title&order=asc/);
  await expect.poll(() => rowTitles(page)).toEqual([`Doomed ${tag}`, `Extra ${tag}`, `Kept ${tag}`]);
  await page.getByTestId("sort-dashboard_title").click();
  await expect(page).toHaveURL(/order=desc/);
  await expect.poll(() => rowTitles(page)).toEqual([`Kept ${tag}`, `Extra ${tag}`, `Doomed ${tag}`]);
  await expect(page.getByTestId("sort-dashboard_title").locator("xpath=..")).toHaveAttribute("aria-sort", "descending");

  // the status filter, kept over a reload
  await pick(page, "dashboard-filter-status", "Published");
  await expect(page).toHaveURL(/published=true/);
  await expect.poll(() => rowTitles(page)).toEqual([`Kept ${tag}`]);
  await page.reload();
  await expect(page.getByTestId("dashboard-filter-status")).toHaveValue("Published");
  await expect(page.getByTestId("dashboard-count")).toHaveText("1 dashboard");
  // The star is a toggle, so it is clicked once, once hydrated: clicked again until it showed pressed, a click
  // made while React hydrated (replayed later) and a retry toggled it twice. The list is opened again only once
  // the favourite is stored: the star shows it at once, while its POST was still on the way and the list's
  // loader could read before it (both seen under load).
  const star = page.getByTestId(`favorite-${kept.id}`);
  await hydrated(star);
  const stored = page.waitForResponse((r) => r.url().endsWith(`/api/v1/dashboard/${kept.id}/favorites/`) && r.request().method() === "POST");
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  expect((await stored).status()).toBe(200);
  await page.goto(`/dashboard/list/?search=${tag}&favorite=true`);
  await expect.poll(() => rowTitles(page)).toEqual([`Kept ${tag}`]);

  // Edit opens the dashboard's properties modal; a save renames and certifies it
  await expect(async () => {
    await page.getByTestId(`edit-${kept.id}`).click();
    await expect(page.getByRole("dialog", { name: "Dashboard properties" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const props = page.getByRole("dialog", { name: "Dashboard properties" });
  await expect(props.getByTestId("properties-title")).toHaveValue(`Kept ${tag}`);
  await props.getByTestId("properties-title").fill(`Kept ${tag} renamed`);
  await props.getByTestId("properties-certified-by").fill("Data team");
  await props.getByTestId("properties-apply").click();
  await expect(props).toBeHidden();
  await expect(page.getByTestId("toast").filter({ hasText: "Dashboard properties updated" })).toBeVisible();
  await expect.poll(() => rowTitles(page)).toEqual([`Kept ${tag} renamed`]);
  await expect(page.getByTestId(`certified-${kept.id}`)).toBeVisible();
  const saved = (await (await page.request.get(`/api/v1/dashboard/${kept.id}`)).json()) as { result: Record<string, unknown> };
  expect(saved.result).toMatchObject({ dashboard_title: `Kept ${tag} renamed`, certified_by: "Data team", slug: `kept-${tag}` });

  await page.getByRole("link", { name: `Kept ${tag} renamed` }).click();
  await expect(page).toHaveURL(new RegExp(`/superset/dashboard/kept-${tag}/`));
  await expect(page.getByTestId("favorite-star")).toHaveAttribute("aria-pressed", "true");
  // an owner flips published to draft after confirming
  await expect(async () => {
    await page.getByTestId("dashboard-status-toggle").click();
    await expect(page.getByText("Are you sure you want to change status of this dashboard?")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId("confirm-status").click();
  await expect(page.getByTestId("dashboard-status")).toHaveText("Draft");
  expect(((await (await page.request.get(`/api/v1/dashboard/${kept.id}`)).json()) as { result: { published: boolean } }).result.published).toBe(false);

  // all three are drafts now; the doomed one is deleted from the list after typing DELETE
  await page.goto(`/dashboard/list/?search=${tag}&published=false&sort=dashboard_title&order=asc`);
  await expect(page.getByTestId("dashboard-row")).toHaveCount(3);
  await expect(async () => {
    await page.getByTestId(`delete-${doomed.id}`).click();
    await expect(page.getByRole("dialog", { name: "Please confirm" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await expect(confirm).toContainText(`Doomed ${tag}`);
  await expect(confirm.getByTestId("confirm-delete")).toBeDisabled();
  await confirm.getByTestId("delete-confirm-text").fill("DELETE");
  await confirm.getByTestId("confirm-delete").click();
  await expect(page.getByTestId("toast").filter({ hasText: `Deleted: Doomed ${tag}` })).toBeVisible();
  await expect.poll(() => rowTitles(page)).toEqual([`Extra ${tag}`, `Kept ${tag} renamed`]);
  await expect(page.getByTestId("dashboard-count")).toHaveText("2 dashboards");
  expect((await page.request.get(`/api/v1/dashboard/${doomed.id}`)).status()).toBe(404);

  // card view, kept in the address
  await page.getByTestId("view-mode").getByText("Cards").click();
  await expect(page).toHaveURL(/view=card/);
  await expect(page.getByTestId("dashboard-card")).toHaveCount(2);
  await page.reload();
  await expect(page.getByTestId("dashboard-card")).toHaveCount(2);
  await expect(page.getByTestId("dashboard-card").first()).toContainText(`Extra ${tag}`);
  await page.screenshot({ path: test.info().outputPath("dashboard-cards.png") });

  // bulk select: export both as one bundle, then delete both
  await expect(async () => {
    await page.getByTestId("bulk-select").click();
    await expect(page.getByTestId("bulk-bar")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId(`select-${kept.id}`).check();
  await page.getByTestId(`select-${extra.id}`).check();
  await expect(page.getByTestId("bulk-count")).toHaveText("2 dashboards selected");
  const download = page.waitForEvent("download");
  await page.getByTestId("bulk-export").click();
  const zip = await download;
  expect(zip.suggestedFilename()).toMatch(/^dashboard_export_\d{8}T\d{6}\.zip$/);
  // one bundle of exactly the two selected dashboards
  const ids = /^!\((.*)\)$/.exec(new URL(zip.url()).searchParams.get("q") ?? "")?.[1].split(",").map(Number).sort((x, y) => x - y);
  expect(ids).toEqual([kept.id, extra.id].sort((x, y) => x - y));
  await page.getByTestId("bulk-delete").click();
  const bulk = page.getByRole("dialog", { name: "Please confirm" });
  await expect(bulk).toContainText("2 selected dashboards");
  await bulk.getByTestId("delete-confirm-text").fill("DELETE");
  await bulk.getByTestId("confirm-delete").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Deleted 2 dashboards" })).toBeVisible();
  await expect(page.getByTestId("list-empty")).toContainText("No results match your filter criteria");
  expect((await page.request.get(`/api/v1/dashboard/${kept.id}`)).status()).toBe(404);
});

test("the example dashboard made at first start: its first tab's charts paint, the second tab's on a switch", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await page.goto("/superset/dashboard/births/");
  await expect(page.getByTestId("dashboard-title")).toHaveText("Births");
  await expect(page.getByTestId("big-number-headline")).toHaveText(/\d/);
  await expect(page.getByTestId("table-chart")).toContainText("CA");
  // the table's rows overflow its cell: they scroll inside it, with the scrollbar shown (issue 31), and the last
  // row scrolled to stays within the cell
  const table = page.getByTestId("table-chart");
  await expect(table.locator('.mantine-ScrollArea-scrollbar[data-orientation="vertical"]')).toBeVisible();
  const lastRow = table.locator("tbody tr").last();
  await lastRow.scrollIntoViewIfNeeded();
  const [rowBox, cellBox] = [await lastRow.boundingBox(), await page.getByTestId("dashboard-chart").filter({ has: table }).boundingBox()];
  expect(rowBox!.y + rowBox!.height).toBeLessThanOrEqual(cellBox!.y + cellBox!.height);
  const charts = await page.request.get("/api/v1/dashboard/births/charts");
  const ids = Object.fromEntries(((await charts.json()) as { result: { id: number; slice_name: string }[] }).result.map((c) => [c.slice_name, c.id]));
  await expect.poll(() => drawnPixels(page, ids["Births by gender"])).toBeGreaterThan(1000);
  await expect(async () => {
    await page.getByRole("tab", { name: "Trends" }).click();
    await expect(page).toHaveURL(/#TAB-trends$/, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect.poll(() => drawnPixels(page, ids["Births per year"])).toBeGreaterThan(1000);
  await page.locator(`[data-chart-id="${ids["Boys and girls over time"]}"]`).scrollIntoViewIfNeeded();
  await expect.poll(() => drawnPixels(page, ids["Boys and girls over time"])).toBeGreaterThan(1000);
  await page.screenshot({ path: "test-results/dashboard-example-trends.png", fullPage: true });
  // the view is logged (mount_dashboard) and shows in the user's recent activity
  await expect.poll(async () => {
    const res = await page.request.get("/api/v1/log/recent_activity/");
    return ((await res.json()) as { result: { item_url: string | null; item_title: string | null }[] }).result.find((r) => r.item_url === "/superset/dashboard/births/")?.item_title;
  }, { timeout: 15_000 }).toBe("Births");
});
