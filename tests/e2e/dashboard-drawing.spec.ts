import { expect, test, type Locator, type Page } from "@playwright/test";
import { admin, login } from "./helpers";
import { birthNamesCharts, post } from "./api-helpers";
import { chartBox, drawn, filterItem } from "./dashboard-locators";

// Drawing faults seen on real dashboards, measured in the browser: a big number's trendline stays inside a
// narrow chart box; a circular graph fills its box; a dashboard with native filters hydrates their lazy controls
// without React giving up on the server's markup (error 421); a force-directed graph is laid out and drawn once,
// not redrawn on every frame of its simulation.

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Logs in; answers birth_names's dataset id and a maker of charts on it. */
async function birthNames(page: Page) {
  await login(page, admin().username, admin().password);
  return birthNamesCharts(page, run);
}

async function setup(page: Page) {
  const { ds, chart } = await birthNames(page);
  const trend = await chart("Trend", "big_number", { x_axis: "ds", time_grain_sqla: "P1Y", metric: "sum__num", show_trend_line: true });
  const graph = await chart("Circle", "graph_chart", { source: "gender", target: "state", metric: "sum__num", layout: "circular", row_limit: 12 });
  const layout = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-a"] },
    "ROW-a": { type: "ROW", id: "ROW-a", children: ["CHART-t", "CHART-g"], meta: {} },
    // one twelfth of the grid: narrower than Chart.js's default 300 px canvas
    "CHART-t": { type: "CHART", id: "CHART-t", children: [], meta: { chartId: trend, width: 1, height: 50 } },
    "CHART-g": { type: "CHART", id: "CHART-g", children: [], meta: { chartId: graph, width: 8, height: 70 } },
  };
  const filters = [{
    id: "NATIVE_FILTER-gender", type: "NATIVE_FILTER", name: "Gender", filterType: "filter_select", targets: [{ datasetId: ds, column: { name: "gender" } }],
    defaultDataMask: { extraFormData: {}, filterState: {} }, controlValues: { multiSelect: true }, cascadeParentIds: [], scope: { rootPath: ["ROOT_ID"], excluded: [] }, description: "",
  }];
  const slug = `drawing-${run}`;
  await post(page, "/api/v1/dashboard/", { dashboard_title: `Drawing ${run}`, slug, published: true, position_json: JSON.stringify(layout), json_metadata: JSON.stringify({ native_filter_configuration: filters }) });
  return { slug, trend, graph };
}

/** The box of the drawn (not transparent) pixels of a chart's canvas, and the canvas's size, in CSS pixels. */
async function ink(box: Locator) {
  return box.locator("canvas").evaluate((c: HTMLCanvasElement) => {
    const { data, width, height } = c.getContext("2d")!.getImageData(0, 0, c.width, c.height);
    let top = height, bottom = -1, left = width, right = -1;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (data[(y * width + x) * 4 + 3] === 0) continue;
        top = Math.min(top, y); bottom = Math.max(bottom, y); left = Math.min(left, x); right = Math.max(right, x);
      }
    }
    const ratio = c.width / c.getBoundingClientRect().width;
    return { width: c.width / ratio, height: c.height / ratio, inkWidth: (right - left + 1) / ratio, inkHeight: (bottom - top + 1) / ratio };
  });
}

test("a narrow big number keeps its trendline inside its box; a circular graph fills its box; filter controls hydrate without React error 421", async ({ page }) => {
  const d = await setup(page);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`/superset/dashboard/${d.slug}/`);
  const trend = chartBox(page, d.trend);
  await drawn(trend);
  const boxRect = (await trend.boundingBox())!;
  expect(boxRect.width).toBeLessThan(300);
  const canvas = (await trend.locator("canvas").boundingBox())!;
  expect(canvas.width).toBeGreaterThan(0);
  expect(canvas.x).toBeGreaterThanOrEqual(boxRect.x);
  expect(canvas.x + canvas.width).toBeLessThanOrEqual(boxRect.x + boxRect.width);
  expect(canvas.y + canvas.height).toBeLessThanOrEqual(boxRect.y + boxRect.height);

  // the circle spans most of the smaller side of its canvas (it drew at about half before)
  const graph = chartBox(page, d.graph);
  await drawn(graph);
  const g = await ink(graph);
  const side = Math.min(g.width, g.height);
  expect(Math.min(g.inkWidth, g.inkHeight)).toBeGreaterThan(0.7 * side);
  expect(g.inkHeight).toBeLessThanOrEqual(g.height);

  // the filter's control is drawn once hydrated, and React never replaced a boundary it could not hydrate
  await expect(filterItem(page, "Gender").getByRole("textbox", { name: "Gender" })).toBeVisible();
  await page.reload();
  await drawn(chartBox(page, d.trend));
  await expect(filterItem(page, "Gender").getByRole("textbox", { name: "Gender" })).toBeVisible();
  expect(errors.filter((m) => m.includes("421") || /hydrat/i.test(m))).toEqual([]);
});

/**
 * Counts each canvas's drawings (Chart.js clears the whole canvas at the start of every one) and keeps the full
 * circles of its last drawing (a graph's nodes), on the canvas element as `__draws` and `__circles`.
 */
function countDrawings() {
  type Counted = HTMLCanvasElement & { __draws?: number; __circles?: [number, number][] };
  const proto = CanvasRenderingContext2D.prototype;
  const { clearRect, arc } = proto;
  proto.clearRect = function (this: CanvasRenderingContext2D, ...args: Parameters<typeof clearRect>) {
    const c = this.canvas as Counted;
    if (args[0] === 0 && args[1] === 0 && args[2] >= c.width / 2) {
      c.__draws = (c.__draws ?? 0) + 1;
      c.__circles = [];
    }
    return clearRect.apply(this, args);
  };
  proto.arc = function (this: CanvasRenderingContext2D, ...args: Parameters<typeof arc>) {
    const [x, y, , start, end] = args;
    if (start === 0 && Math.abs(end - 2 * Math.PI) < 1e-9) (this.canvas as Counted).__circles?.push([x, y]);
    return arc.apply(this, args);
  };
}

test("a force-directed graph is laid out apart and then left still: no redraw per simulation frame", async ({ page }) => {
  const { chart } = await birthNames(page);
  // the 2 genders and birth_names's 10 states (with "other"): two hubs of 10 spokes each
  const graph = await chart("Force", "graph_chart", { source: "gender", target: "state", metric: "sum__num", layout: "force", row_limit: 200 });
  const layout = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-a"] },
    "ROW-a": { type: "ROW", id: "ROW-a", children: ["CHART-g"], meta: {} },
    "CHART-g": { type: "CHART", id: "CHART-g", children: [], meta: { chartId: graph, width: 8, height: 70 } },
  };
  const slug = `force-${run}`;
  await post(page, "/api/v1/dashboard/", { dashboard_title: `Force ${run}`, slug, published: true, position_json: JSON.stringify(layout) });
  await page.addInitScript(countDrawings);
  await page.goto(`/superset/dashboard/${slug}/`);
  const box = chartBox(page, graph);
  await drawn(box);
  const canvas = box.locator("canvas");
  const draws = () => canvas.evaluate((c) => (c as HTMLCanvasElement & { __draws?: number }).__draws ?? 0);
  const early = await draws();
  await page.waitForTimeout(2000);
  const settled = await draws();
  await page.waitForTimeout(2000);
  const later = await draws();
  console.log(`force graph drawings: ${early} when painted, ${settled - early} in the next 2 s, ${later - settled} in the 2 s after`);
  // d3-force's default run is 300 ticks: drawn on each, that was a redraw per frame for about 5 s
  expect(settled - early).toBeLessThanOrEqual(3);
  expect(later - settled).toBe(0);

  // the last drawing is a laid-out graph: its 12 nodes spread over the canvas, not piled on one another
  const circles = await canvas.evaluate((c) => (c as HTMLCanvasElement & { __circles?: [number, number][] }).__circles ?? []);
  expect(circles.length).toBe(12);
  const near = circles.filter(([x, y], i) => circles.some(([u, v], j) => j !== i && Math.hypot(x - u, y - v) < 10)).length;
  expect(near).toBe(0);
  const xs = circles.map(([x]) => x);
  const ys = circles.map(([, y]) => y);
  const { width, height } = await canvas.evaluate((c: HTMLCanvasElement) => c.getBoundingClientRect());
  expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(width / 2);
  expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(height / 2);
});
