import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { admin, login } from "./helpers";
import { post } from "./api-helpers";

// Building a dashboard in edit mode (issue 11): an empty dashboard made through the API is opened with
// ?edit=true; a row, a markdown and a chart are dragged in from the builder pane, the chart is resized on the
// grid, undone and redone, the markdown written, and the save survives a reload. Then two editors at once:
// the second save is stopped by the overwrite-diff confirmation and overwrites only when confirmed.

const run = Date.now().toString(36);

async function positions(page: Page, id: number): Promise<Record<string, { type: string; children: string[]; meta: Record<string, unknown> }>> {
  const res = await page.request.get(`/api/v1/dashboard/${id}`);
  return JSON.parse(((await res.json()) as { result: { position_json: string } }).result.position_json) as never;
}

/** Makes charts until there are at least `least` (the list's count of them). */
async function atLeastCharts(page: Page, least: number, datasetId: number) {
  const count = async () => ((await (await page.request.get(`/api/v1/chart/?q=${encodeURIComponent("(page_size:1)")}`)).json()) as { count: number }).count;
  const have = await count();
  for (let i = have; i < least; i += 10) {
    await Promise.all(Array.from({ length: Math.min(10, least - i) }, (_, j) => post(page, "/api/v1/chart/", {
      slice_name: `Builder page ${run} ${i + j}`, viz_type: "big_number_total", datasource_id: datasetId, datasource_type: "table",
      params: JSON.stringify({ datasource: `${datasetId}__table`, viz_type: "big_number_total", metric: "count" }),
    })));
  }
}

async function openEditor(page: Page, id: number) {
  await page.goto(`/superset/dashboard/${id}/?edit=true`);
  await expect(page.getByTestId("dashboard-editor")).toBeVisible();
  await expect(page.getByTestId("builder-pane")).toBeVisible();
}

const component = (page: Page, type: string): Locator => page.locator(`[data-testid="edit-component"][data-component-type="${type}"]`);

test("edit mode: drag a row, markdown and chart in, resize, undo/redo, save, and the layout is there after a reload", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const dsRes = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`);
  const ds = ((await dsRes.json()) as { result: { id: number }[] }).result[0].id;
  const name = `Edit pie ${run}`;
  const chart = await post<{ id: number }>(page, "/api/v1/chart/", {
    slice_name: name, viz_type: "pie", datasource_id: ds, datasource_type: "table",
    params: JSON.stringify({ datasource: `${ds}__table`, viz_type: "pie", metric: "count", groupby: ["gender"], row_limit: 100 }),
  });
  const dash = await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: `Built ${run}`, published: true });
  await atLeastCharts(page, 101, ds);

  // view mode offers "Edit dashboard" to an owner; the editor's code arrives only then
  await page.goto(`/superset/dashboard/${dash.id}/`);
  await expect(page.getByTestId("dashboard-page")).toBeVisible();
  await expect(page.getByTestId("edit-dashboard")).toBeVisible();
  await openEditor(page, dash.id);
  await expect(page.getByTestId("save-dashboard")).toBeDisabled();
  await expect(page.getByTestId("undo")).toBeDisabled();

  // a row onto the empty grid, then markdown into the row
  await page.getByTestId("layout-elements-tab").click();
  await page.getByTestId("new-ROW").dragTo(page.locator('[data-testid="drop-zone"][data-parent-id="GRID_ID"]'));
  await expect(component(page, "ROW")).toHaveCount(1);
  await page.getByTestId("new-MARKDOWN").dragTo(component(page, "ROW").getByTestId("drop-zone"));
  await expect(component(page, "MARKDOWN")).toHaveCount(1);
  await expect(component(page, "MARKDOWN")).toHaveAttribute("data-width", "4");

  // the Charts tab lists any number of charts (the list API serves 100 a page): the next page comes as the list
  // is scrolled to its end. Over 100 charts are made first when the suite has not made them already
  await page.getByRole("tab", { name: "Charts" }).click();
  const cards = page.getByTestId("builder-chart");
  await expect(cards).toHaveCount(100);
  await expect(page.getByTestId("builder-chart-count")).toHaveText(/^100 of \d+ charts$/);
  const total = Number(/of (\d+)/.exec((await page.getByTestId("builder-chart-count").textContent())!)![1]);
  expect(total).toBeGreaterThan(100);
  await expect(async () => {
    await cards.last().scrollIntoViewIfNeeded();
    await page.getByTestId("builder-chart-scroll").hover();
    await page.mouse.wheel(0, 4000);
    await expect(cards).toHaveCount(Math.min(total, 200), { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // the chart from the Charts tab, found by search (on the server), after the markdown in the same row
  await page.getByTestId("chart-search").fill(name);
  const card = page.locator(`[data-testid="builder-chart"][data-chart-id="${chart.id}"]`);
  await expect(page.getByTestId("builder-chart")).toHaveCount(1);
  await card.dragTo(component(page, "ROW").getByTestId("drop-zone").last());
  await expect(component(page, "CHART")).toHaveCount(1);
  await expect(card).toHaveAttribute("data-added", "true");
  await expect(page.locator(`[data-testid="dashboard-chart"][data-chart-id="${chart.id}"]`)).toHaveAttribute("data-status", "success", { timeout: 20_000 });
  const rowKids = await component(page, "ROW").locator('[data-testid="edit-component"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-component-type")));
  expect(rowKids).toEqual(["MARKDOWN", "CHART"]);

  // resize the chart by four grid columns (filling the row) and five grid rows with its corner handle
  const chartFrame = component(page, "CHART");
  await expect(chartFrame).toHaveAttribute("data-width", "4");
  const grid = (await page.getByTestId("dashboard-content").boundingBox())!;
  const step = (grid.width - 11 * 16) / 12 + 16;
  const handle = (await chartFrame.getByTestId("resize-handle").boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 4 * step, handle.y + handle.height / 2 + 40, { steps: 8 });
  await page.mouse.up();
  await expect(chartFrame).toHaveAttribute("data-width", "8");
  await expect(chartFrame).toHaveAttribute("data-height", "55");
  const box = (await page.locator(`[data-testid="dashboard-chart"][data-chart-id="${chart.id}"]`).boundingBox())!;
  expect(Math.round(box.height)).toBe(55 * 8);

  // undo the resize, redo it
  await page.getByTestId("undo").click();
  await expect(chartFrame).toHaveAttribute("data-width", "4");
  await expect(chartFrame).toHaveAttribute("data-height", "50");
  await page.getByTestId("redo").click();
  await expect(chartFrame).toHaveAttribute("data-width", "8");

  // the chart's title on this dashboard (Superset's sliceNameOverride)
  await chartFrame.getByTestId("rename-chart").click();
  await page.getByTestId("chart-title-override").fill(`Renamed pie ${run}`);
  await page.getByTestId("chart-title-override").press("Enter");
  await expect(chartFrame.getByTestId("dashboard-chart-title")).toHaveText(`Renamed pie ${run}`);

  // the markdown's text, previewed through the sanitiser
  const markdown = component(page, "MARKDOWN");
  await markdown.getByText("Edit", { exact: true }).click();
  await markdown.getByTestId("markdown-editor").fill("## Built in edit mode\n\n<img src=x onerror=\"window.__pwned = true\">");
  await markdown.getByText("Preview", { exact: true }).click();
  await expect(markdown.getByRole("heading", { name: "Built in edit mode" })).toBeVisible();
  await expect(markdown.locator("img")).not.toHaveAttribute("onerror");
  await page.screenshot({ path: "test-results/dashboard-edit-mode.png" });

  // a too-wide drop is refused with Superset's warning: the row holds 4 + 8 columns, not one is free
  await page.getByTestId("layout-elements-tab").click();
  await page.getByTestId("new-COLUMN").dragTo(component(page, "ROW").getByTestId("drop-zone").last());
  await expect(page.getByText("There is not enough space for this component. Try decreasing its width, or increasing the destination width.")).toBeVisible();
  await expect(component(page, "COLUMN")).toHaveCount(0);

  await page.getByTestId("dashboard-title-input").fill(`Built and renamed ${run}`);
  await page.getByTestId("dashboard-title-input").press("Enter");
  await page.getByTestId("save-dashboard").click();
  await expect(page.getByTestId("dashboard-editor")).toHaveCount(0);
  await expect(page.getByTestId("dashboard-title")).toHaveText(`Built and renamed ${run}`);
  await expect(page).not.toHaveURL(/edit=true/);

  // the saved layout, from the API and after a reload of the page
  const saved = await positions(page, dash.id);
  const savedChart = Object.values(saved).find((c) => c.type === "CHART")!;
  expect(savedChart.meta).toMatchObject({ chartId: chart.id, width: 8, height: 55, sliceNameOverride: `Renamed pie ${run}` });
  const row = Object.values(saved).find((c) => c.type === "ROW")!;
  expect(row.children.map((id) => saved[id].type)).toEqual(["MARKDOWN", "CHART"]);
  expect(saved.GRID_ID.children).toHaveLength(1);
  await page.reload();
  await expect(page.getByTestId("dashboard-title")).toHaveText(`Built and renamed ${run}`);
  await expect(page.getByTestId("dashboard-markdown").getByRole("heading", { name: "Built in edit mode" })).toBeVisible();
  await expect(page.locator(`[data-testid="dashboard-chart"][data-chart-id="${chart.id}"]`)).toHaveAttribute("data-status", "success", { timeout: 20_000 });
  await expect(page.getByTestId("dashboard-chart-title")).toHaveText(`Renamed pie ${run}`);
  const viewBox = (await page.locator(`[data-testid="dashboard-chart"][data-chart-id="${chart.id}"]`).boundingBox())!;
  expect(Math.round(viewBox.height)).toBe(55 * 8);
  expect(((await (await page.request.get(`/api/v1/dashboard/${dash.id}/charts`)).json()) as { result: { id: number }[] }).result.map((c) => c.id)).toEqual([chart.id]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
});

async function editorSession(browser: Browser, dashId: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await login(page, admin().username, admin().password);
  await openEditor(page, dashId);
  return page;
}

test("two editors at once: the second save shows what it would overwrite and writes only when confirmed", async ({ page, browser }) => {
  await login(page, admin().username, admin().password);
  const layout = {
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["HEADER-shared"], parents: ["ROOT_ID"] },
    "HEADER-shared": { type: "HEADER", id: "HEADER-shared", children: [], parents: ["ROOT_ID", "GRID_ID"], meta: { text: "Original", headerSize: "MEDIUM_HEADER" } },
  };
  const dash = await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: `Shared ${run}`, published: true, position_json: JSON.stringify(layout) });
  const first = await editorSession(browser, dash.id);
  const second = await editorSession(browser, dash.id);

  // the first editor renames the header and saves
  await first.getByTestId("header-text").fill("From the first editor");
  await first.getByTestId("header-text").press("Enter");
  await first.getByTestId("save-dashboard").click();
  await expect(first.getByTestId("dashboard-editor")).toHaveCount(0);
  expect((await positions(page, dash.id))["HEADER-shared"].meta.text).toBe("From the first editor");

  // the second, opened before that save, adds a divider: its save is stopped and lists the differences
  await second.getByTestId("layout-elements-tab").click();
  await second.getByTestId("new-DIVIDER").dragTo(second.locator('[data-testid="drop-zone"][data-parent-id="GRID_ID"]').last());
  await expect(component(second, "DIVIDER")).toHaveCount(1);
  await second.getByTestId("save-dashboard").click();
  await expect(second.getByTestId("overwrite-message")).toHaveText("Please confirm the overwrite values.");
  const header = second.locator('[data-testid="overwrite-item"][data-key-path="position_json.HEADER-shared"]');
  await expect(header).toContainText("From the first editor");
  await expect(header).toContainText("Original");
  await expect(second.locator('[data-testid="overwrite-item"][data-key-path^="position_json.DIVIDER-"]')).toHaveCount(1);
  await expect(second.locator('[data-testid="overwrite-item"][data-key-path="position_json.GRID_ID"]')).toHaveCount(1);

  // cancelling writes nothing: the first editor's save stands, and the second is still editing
  await second.getByTestId("overwrite-cancel").click();
  await expect(second.getByTestId("dashboard-editor")).toBeVisible();
  let stored = await positions(page, dash.id);
  expect(stored["HEADER-shared"].meta.text).toBe("From the first editor");
  expect(Object.values(stored).some((c) => c.type === "DIVIDER")).toBe(false);

  // saving again asks again; confirming overwrites with the second editor's layout
  await second.getByTestId("save-dashboard").click();
  await expect(second.getByTestId("overwrite-message")).toBeVisible();
  await second.getByTestId("overwrite-confirm").click();
  await expect(second.getByTestId("dashboard-editor")).toHaveCount(0);
  stored = await positions(page, dash.id);
  expect(stored["HEADER-shared"].meta.text).toBe("Original");
  expect(Object.values(stored).some((c) => c.type === "DIVIDER")).toBe(true);
  await first.context().close();
  await second.context().close();
});

test("leaving with unsaved edits asks first; Discard leaves the dashboard as it was", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const dash = await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: `Guarded ${run}`, published: true });
  await openEditor(page, dash.id);
  await page.getByTestId("layout-elements-tab").click();
  await page.getByTestId("new-HEADER").dragTo(page.locator('[data-testid="drop-zone"][data-parent-id="GRID_ID"]'));
  await expect(component(page, "HEADER")).toHaveCount(1);
  await page.getByRole("banner").getByRole("link", { name: "Dashboards", exact: true }).click();
  await expect(page.getByText("Save changes to your dashboard?")).toBeVisible();
  await page.getByTestId("leave-stay").click();
  await expect(page.getByTestId("dashboard-editor")).toBeVisible();
  await page.getByTestId("discard-changes").click();
  await expect(page.getByTestId("dashboard-page")).toBeVisible();
  await expect(page.getByTestId("dashboard-header-component")).toHaveCount(0);
  const res = await page.request.get(`/api/v1/dashboard/${dash.id}`);
  expect(((await res.json()) as { result: { position_json: string | null } }).result.position_json ?? "").not.toContain("HEADER");
});

test("tabs: a tabs element dropped on top makes top-level tabs of the grid's content; rename, add, undo by keyboard", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const layout = {
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["HEADER-keep"], parents: ["ROOT_ID"] },
    "HEADER-keep": { type: "HEADER", id: "HEADER-keep", children: [], parents: ["ROOT_ID", "GRID_ID"], meta: { text: "Kept header" } },
  };
  const dash = await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: `Tabbed ${run}`, published: true, position_json: JSON.stringify(layout) });
  await openEditor(page, dash.id);
  await page.getByTestId("layout-elements-tab").click();
  await page.getByTestId("new-TABS").dragTo(page.locator('[data-testid="drop-zone"][data-parent-id="ROOT_ID"]'));
  await expect(component(page, "TABS")).toHaveCount(1);
  await expect(page.getByTestId("header-text")).toHaveValue("Kept header");
  await page.getByTestId("tab-title-input").fill("Overview");
  await page.getByTestId("tab-title-input").press("Enter");
  await page.getByTestId("add-tab").click();
  await expect(page.getByTestId("dashboard-tab")).toHaveCount(2);
  // Ctrl+Z outside a field undoes the new tab; Ctrl+Shift+Z brings it back
  await page.getByTestId("builder-pane").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Control+z");
  await expect(page.getByTestId("dashboard-tab")).toHaveCount(1);
  await page.keyboard.press("Control+Shift+z");
  await expect(page.getByTestId("dashboard-tab")).toHaveCount(2);
  await page.getByTestId("dashboard-tab").nth(1).getByTestId("tab-title-input").fill("Details");
  await page.getByTestId("dashboard-tab").nth(1).getByTestId("tab-title-input").press("Enter");
  await page.screenshot({ path: "test-results/dashboard-edit-tabs.png" });
  await page.getByTestId("save-dashboard").click();
  await expect(page.getByTestId("dashboard-editor")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("dashboard-header-component")).toHaveText("Kept header");
  await expect(page.getByRole("tab", { name: "Details" })).toBeVisible();
  const saved = await positions(page, dash.id);
  expect(saved[saved.ROOT_ID.children[0]].type).toBe("TABS");
});

test("a user who does not own the dashboard gets no edit mode, not even with ?edit=true", async ({ page }) => {
  await login(page, admin().username, admin().password);
  // a published dashboard is visible to those who may read one of its charts
  const dsRes = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`);
  const ds = ((await dsRes.json()) as { result: { id: number }[] }).result[0].id;
  const chart = await post<{ id: number }>(page, "/api/v1/chart/", {
    slice_name: `Not yours pie ${run}`, viz_type: "pie", datasource_id: ds, datasource_type: "table",
    params: JSON.stringify({ datasource: `${ds}__table`, viz_type: "pie", metric: "count", groupby: ["gender"], row_limit: 100 }),
  });
  const layout = {
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-x"], parents: ["ROOT_ID"] },
    "ROW-x": { type: "ROW", id: "ROW-x", children: ["CHART-x"], meta: {} },
    "CHART-x": { type: "CHART", id: "CHART-x", children: [], meta: { chartId: chart.id, width: 4, height: 50 } },
  };
  const dash = await post<{ id: number }>(page, "/api/v1/dashboard/", { dashboard_title: `Not yours ${run}`, published: true, position_json: JSON.stringify(layout) });
  const rolesRes = await page.request.get(`/api/v1/security/roles/?q=(filters:!((col:name,opr:eq,value:Alpha)))`);
  const alpha = ((await rolesRes.json()) as { result: { id: number }[] }).result[0].id;
  const username = `edit_alpha_${run}`;
  const password = `pw-${run}-edit-alpha`;
  await post(page, "/api/v1/security/users/", { username, first_name: "Alpha", last_name: "Editor", email: `${username}@example.com`, password, roles: [alpha] });
  await page.context().clearCookies();
  await login(page, username, password);
  await page.goto(`/superset/dashboard/${dash.id}/?edit=true`);
  await expect(page.getByTestId("dashboard-title")).toHaveText(`Not yours ${run}`);
  await expect(page.locator(`[data-testid="dashboard-chart"][data-chart-id="${chart.id}"]`)).toHaveAttribute("data-status", "success", { timeout: 20_000 });
  await expect(page.getByTestId("edit-dashboard")).toHaveCount(0);
  await expect(page.getByTestId("dashboard-editor")).toHaveCount(0);
  await expect(page.getByTestId("builder-pane")).toHaveCount(0);
});
