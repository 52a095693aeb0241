import { expect, test } from "vitest";
import { parseLayout } from "../dashboards/layout";
import { dashboardSlots } from "./dashboard-grid";

const chart = (id: string, chartId: number, width: number, height = 50) => ({ type: "CHART", id, children: [], meta: { chartId, width, height } });

test("rows place charts side by side by grid columns; rows stack with a gutter; only the active tab is drawn", () => {
  const layout = parseLayout({
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["TABS-1"] },
    "TABS-1": { type: "TABS", id: "TABS-1", children: ["TAB-a", "TAB-b"] },
    "TAB-a": { type: "TAB", id: "TAB-a", children: ["ROW-1", "ROW-2"], meta: { text: "A" } },
    "TAB-b": { type: "TAB", id: "TAB-b", children: ["ROW-3"], meta: { text: "B" } },
    "ROW-1": { type: "ROW", id: "ROW-1", children: ["CHART-1", "COLUMN-1"], meta: {} },
    "COLUMN-1": { type: "COLUMN", id: "COLUMN-1", children: ["CHART-2", "CHART-3"], meta: { width: 4 } },
    "ROW-2": { type: "ROW", id: "ROW-2", children: ["CHART-4"], meta: {} },
    "ROW-3": { type: "ROW", id: "ROW-3", children: ["CHART-5"], meta: {} },
    "CHART-1": chart("CHART-1", 1, 8), "CHART-2": chart("CHART-2", 2, 4, 20), "CHART-3": chart("CHART-3", 3, 4, 20),
    "CHART-4": chart("CHART-4", 4, 12, 30), "CHART-5": chart("CHART-5", 5, 12),
  });
  // 1216 px grid: columns of (1216 - 11·16) / 12 = 86.67 px; 8 columns and 7 gutters = 805 px
  const { slots, height } = dashboardSlots(layout, 1216);
  expect(slots.map((s) => [s.chartId, s.x, s.y, s.width, s.height])).toEqual([
    [1, 0, 0, 805, 400],
    [2, 821, 0, 395, 160],
    [3, 821, 176, 395, 160],
    [4, 0, 416, 1216, 240],
  ]);
  expect(height).toBe(416 + 240);
  expect(dashboardSlots(layout, 1216, "TAB-b").slots.map((s) => s.chartId)).toEqual([5]);
});

test("a dashboard with no layout gets Superset's default rows of three", () => {
  const { slots } = dashboardSlots(parseLayout(null, [7, 8, 9, 10]), 1216);
  expect(slots.map((s) => [s.chartId, s.x, s.y])).toEqual([[7, 0, 0], [8, 411, 0], [9, 821, 0], [10, 0, 416]]);
});

test("headers, dividers and markdown are placed as blocks in their layout boxes, beside and between the charts", () => {
  const layout = parseLayout({
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["HEADER-1", "ROW-1", "DIVIDER-1"] },
    "HEADER-1": { type: "HEADER", id: "HEADER-1", children: [], meta: { text: "Overview", headerSize: "LARGE_HEADER" } },
    "ROW-1": { type: "ROW", id: "ROW-1", children: ["CHART-1", "MARKDOWN-1"], meta: {} },
    "CHART-1": chart("CHART-1", 1, 8),
    "MARKDOWN-1": { type: "MARKDOWN", id: "MARKDOWN-1", children: [], meta: { width: 4, height: 50, code: "# Notes" } },
    "DIVIDER-1": { type: "DIVIDER", id: "DIVIDER-1", children: [], meta: {} },
  });
  const { slots, blocks, height } = dashboardSlots(layout, 1216);
  expect(slots.map((s) => [s.chartId, s.x, s.y])).toEqual([[1, 0, 66]]);
  expect(blocks).toEqual([
    { kind: "header", text: "Overview", size: "LARGE_HEADER", x: 0, y: 0, width: 1216, height: 50 },
    { kind: "markdown", code: "# Notes", x: 821, y: 66, width: 395, height: 400 },
    { kind: "divider", x: 0, y: 482, width: 1216, height: 16 },
  ]);
  expect(height).toBe(498);
});
