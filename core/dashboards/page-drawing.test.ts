import { expect, test } from "vitest";
import { DEFAULT_GRID_WIDTH, drawingArea, gridWidthOf, pageDrawingInputs, type PageDrawingChart } from "./page-drawing";
import { columnsToPx, rowsToPx, type Layout } from "./layout";

const chart = (id: number): PageDrawingChart => ({ id, slice_name: `Chart ${id}`, form_data: { viz_type: "pie", slice_id: id } });
const answer = (extra: Record<string, unknown>) => [{ colnames: ["a"], data: [{ a: 1 }], rowcount: 1, ...extra }];

// a row of two charts, then tabs: the first tab holds chart 3, the second chart 4
const layout: Layout = {
  ROOT_ID: { id: "ROOT_ID", type: "ROOT", children: ["GRID_ID"], meta: {} },
  GRID_ID: { id: "GRID_ID", type: "GRID", children: ["ROW-1", "TABS-1"], meta: {} },
  "ROW-1": { id: "ROW-1", type: "ROW", children: ["CHART-1", "CHART-2"], meta: {} },
  "CHART-1": { id: "CHART-1", type: "CHART", children: [], meta: { chartId: 1, width: 4, height: 50 } },
  "CHART-2": { id: "CHART-2", type: "CHART", children: [], meta: { chartId: 2, width: 8, height: 50 } },
  "TABS-1": { id: "TABS-1", type: "TABS", children: ["TAB-a", "TAB-b"], meta: {} },
  "TAB-a": { id: "TAB-a", type: "TAB", children: ["CHART-3"], meta: {} },
  "TAB-b": { id: "TAB-b", type: "TAB", children: ["CHART-4"], meta: {} },
  "CHART-3": { id: "CHART-3", type: "CHART", children: [], meta: { chartId: 3, width: 12, height: 2 } },
  "CHART-4": { id: "CHART-4", type: "CHART", children: [], meta: { chartId: 4, width: 6, height: 50 } },
};

test("the grid width comes from the page's cookie, within bounds, else the default", () => {
  expect(gridWidthOf("session=x; dashboard_grid_width=1234; other=1")).toBe(1234);
  expect(gridWidthOf("dashboard_grid_width=1234")).toBe(1234);
  for (const bad of [null, "", "dashboard_grid_width=12", "dashboard_grid_width=99999", "dashboard_grid_width=12px", "xdashboard_grid_width=1000"]) {
    expect(gridWidthOf(bad)).toBe(DEFAULT_GRID_WIDTH);
  }
});

test("an embedded page's stated grid width wins over the cookie it cannot send; a bad one is ignored", () => {
  expect(gridWidthOf(null, "987")).toBe(987);
  expect(gridWidthOf("dashboard_grid_width=1234", "987")).toBe(987);
  for (const bad of ["12", "99999", "987px", "", null]) expect(gridWidthOf("dashboard_grid_width=1234", bad)).toBe(1234);
});

test("a chart's drawing area is its box less the card's padding, border and header", () => {
  expect(drawingArea(400, 400)).toEqual({ width: 378, height: 346 });
});

test("drawings for the charts with data the opening tabs show, at their areas' sizes, once each; tiny boxes get none", () => {
  const results = { 1: answer({}), 2: answer({}), 3: answer({}), 4: answer({}) };
  const inputs = pageDrawingInputs(layout, 1000, [chart(1), chart(2), chart(3), chart(4)], results);
  // chart 3 is 16 px high (too small), chart 4 is on the tab the page does not open with
  expect(inputs.map((i) => i.id)).toEqual([1, 2]);
  expect(inputs[0]).toMatchObject({ ...drawingArea(Math.round(columnsToPx(4, 1000)), rowsToPx(50)), chartName: "Chart 1", formData: chart(1).form_data });
  expect(inputs[1].width).toBe(drawingArea(Math.round(columnsToPx(8, 1000)), 0).width);
  // a chart without data is not drawn
  expect(pageDrawingInputs(layout, 1000, [chart(1), chart(2)], { 2: answer({}) }).map((i) => i.id)).toEqual([2]);
});

test("a fresh answer and the same answer read back from the cache make the same drawing input (so the same kept drawing)", () => {
  const fresh = pageDrawingInputs(layout, 1000, [chart(1)], { 1: answer({ is_cached: false, cached_dttm: null, cache_key: "a", cache_timeout: 86400 }) });
  const cached = pageDrawingInputs(layout, 1000, [chart(1)], { 1: answer({ is_cached: true, cached_dttm: "2026-12-01T20:00:00", cache_key: "a", cache_timeout: 86400 }) });
  expect(JSON.stringify(fresh)).toBe(JSON.stringify(cached));
  expect(fresh[0].queriesData[0]).toEqual({ colnames: ["a"], data: [{ a: 1 }], rowcount: 1 });
});
