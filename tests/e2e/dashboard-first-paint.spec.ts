import { expect, test, type Page } from "@playwright/test";
import { admin, login } from "./helpers";
import { birthNamesCharts, post } from "./api-helpers";
import { chartBox, drawn } from "./dashboard-locators";

// A dashboard's first paint drawn on the server (ADR 0015), as a viewer meets it: once a view has filled the
// chart-data cache, the next view's HTML shows each cached chart before any script runs (a browser with
// JavaScript off sees them drawn), then the live charts take their place with nothing left over and no hydration
// error; the word cloud, which the server cannot draw, shows its loader until it draws live.

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function setup(page: Page) {
  await login(page, admin().username, admin().password);
  const { chart } = await birthNamesCharts(page, run);
  const bars = await chart("Births by state", "echarts_timeseries_bar", { x_axis: "state", metrics: ["sum__num"], groupby: [], row_limit: 10 });
  const table = await chart("Top names", "table", { query_mode: "aggregate", groupby: ["name"], metrics: ["sum__num"], row_limit: 5, order_desc: true });
  const cloud = await chart("Name cloud", "word_cloud", { series: "name", metric: "sum__num", row_limit: 20 });
  const ids = [bars, table, cloud];
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"] },
    "ROW-1": { type: "ROW", id: "ROW-1", children: ids.map((id) => `CHART-${id}`), meta: {} },
  };
  for (const id of ids) layout[`CHART-${id}`] = { type: "CHART", id: `CHART-${id}`, children: [], meta: { chartId: id, width: 4, height: 50 } };
  const slug = `first-paint-${run}`;
  await post(page, "/api/v1/dashboard/", { dashboard_title: `First paint ${run}`, slug, published: true, position_json: JSON.stringify(layout) });
  return { slug, bars, table, cloud };
}

test("a warm dashboard shows its charts drawn by the server before any script, then live charts replace them cleanly", async ({ page, browser }) => {
  const d = await setup(page);
  // the first view queries, fills the cache, and has the next view's drawings made
  await page.goto(`/superset/dashboard/${d.slug}/`);
  for (const id of [d.bars, d.table, d.cloud]) await drawn(chartBox(page, id));
  expect(await page.locator('[data-testid="server-drawing"]').count()).toBe(0);

  // JavaScript off: what the server's HTML alone shows
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL, timezoneId: "UTC" });
  await noScript.addCookies(await page.context().cookies());
  const plain = await noScript.newPage();
  await expect(async () => {
    await plain.goto(`/superset/dashboard/${d.slug}/`);
    await expect(chartBox(plain, d.bars).getByTestId("server-drawing")).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  for (const id of [d.bars, d.table]) {
    const svg = chartBox(plain, id).locator('[data-testid="server-drawing"] > svg');
    await expect(svg).toBeVisible();
    const box = (await svg.boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
    expect(box.height).toBeGreaterThan(200);
  }
  // the bars' states and the table's names are there as text, in the chart's own box
  await expect(chartBox(plain, d.bars).locator("svg text").first()).toBeVisible();
  expect(await chartBox(plain, d.table).locator("svg text").count()).toBeGreaterThan(5);
  await expect(chartBox(plain, d.cloud).getByTestId("server-drawing")).toHaveCount(0);
  await noScript.close();

  // JavaScript on: the drawings are in the page as it arrives, and each gives way to its live chart
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __drawings: string[] }).__drawings = seen;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n instanceof Element && n.id.startsWith("server-drawing-")) seen.push(n.id);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/superset/dashboard/${d.slug}/`);
  for (const id of [d.bars, d.table, d.cloud]) await drawn(chartBox(page, id));
  expect((await page.evaluate(() => (window as unknown as { __drawings: string[] }).__drawings)).sort()).toEqual([`server-drawing-CHART-${d.bars}`, `server-drawing-CHART-${d.table}`].sort());
  await expect(page.locator('[data-testid="server-drawing"]')).toHaveCount(0);
  await expect(chartBox(page, d.table).getByTestId("table-chart")).toBeVisible();
  expect(errors.filter((m) => /hydrat|#418|#423|#425|421/i.test(m))).toEqual([]);
});
