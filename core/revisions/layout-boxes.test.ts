import { describe, expect, it } from "vitest";
import { changedBoxes, layoutBoxes } from "./layout-boxes";

const before = {
  ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
  GRID_ID: { type: "GRID", id: "GRID_ID", children: ["HEADER-1", "ROW-1", "TABS-1"] },
  "HEADER-1": { type: "HEADER", id: "HEADER-1", children: [], meta: { text: "Sales" } },
  "ROW-1": { type: "ROW", id: "ROW-1", children: ["CHART-a", "COLUMN-1"], meta: {} },
  "CHART-a": { type: "CHART", id: "CHART-a", children: [], meta: { chartId: 1, width: 4, height: 50, sliceName: "Births" } },
  "COLUMN-1": { type: "COLUMN", id: "COLUMN-1", children: ["CHART-b", "MARKDOWN-1"], meta: { width: 6 } },
  "CHART-b": { type: "CHART", id: "CHART-b", children: [], meta: { chartId: 2, width: 3, height: 40 } },
  "MARKDOWN-1": { type: "MARKDOWN", id: "MARKDOWN-1", children: [], meta: { code: "# Notes", width: 6, height: 20 } },
  "TABS-1": { type: "TABS", id: "TABS-1", children: ["TAB-1", "TAB-2"], meta: {} },
  "TAB-1": { type: "TAB", id: "TAB-1", children: ["ROW-2"], meta: { text: "Overview" } },
  "TAB-2": { type: "TAB", id: "TAB-2", children: [], meta: { text: "" } },
  "ROW-2": { type: "ROW", id: "ROW-2", children: ["CHART-c", "DIVIDER-1"], meta: {} },
  "CHART-c": { type: "CHART", id: "CHART-c", children: [], meta: { chartId: 3, width: 12, height: 50, sliceNameOverride: "Trend" } },
  "DIVIDER-1": { type: "DIVIDER", id: "DIVIDER-1", children: [], meta: {} },
  DASHBOARD_VERSION_KEY: "v2",
};

describe("layoutBoxes", () => {
  it("turns a position_json into rows, columns with widths, named tabs, headers, markdown and labelled chart boxes", () => {
    const boxes = layoutBoxes(JSON.stringify(before), undefined, new Map([[2, "Revenue"]]));
    expect(boxes).toEqual([
      { kind: "header", id: "HEADER-1", text: "Sales" },
      { kind: "row", id: "ROW-1", children: [
        { kind: "chart", id: "CHART-a", chartId: 1, label: "Births", width: 4, height: 50, change: undefined },
        { kind: "column", id: "COLUMN-1", width: 6, children: [
          // inside a column a chart takes the column's width, as the dashboard draws it
          { kind: "chart", id: "CHART-b", chartId: 2, label: "Revenue", width: 6, height: 40, change: undefined },
          { kind: "markdown", id: "MARKDOWN-1", text: "# Notes", width: 6, height: 20, change: undefined },
        ] },
      ] },
      { kind: "tabs", id: "TABS-1", tabs: [
        { id: "TAB-1", name: "Overview", children: [{ kind: "row", id: "ROW-2", children: [
          { kind: "chart", id: "CHART-c", chartId: 3, label: "Trend", width: 12, height: 50, change: undefined },
          { kind: "divider", id: "DIVIDER-1" },
        ] }] },
        { id: "TAB-2", name: "Tab title", children: [] },
      ] },
    ]);
  });

  it("marks charts and markdown removed, added or resized between two states, a chart known by its chart id", () => {
    const after = structuredClone(before) as Record<string, unknown> & typeof before;
    after["ROW-1"].children = ["CHART-z", "COLUMN-1"];
    delete (after as Record<string, unknown>)["CHART-a"];
    (after as Record<string, unknown>)["CHART-z"] = { type: "CHART", id: "CHART-z", children: [], meta: { chartId: 9, width: 4, height: 50, sliceName: "New" } };
    after["CHART-c"] = { ...after["CHART-c"], id: "CHART-c2", meta: { ...after["CHART-c"].meta, height: 80 } };
    const old = changedBoxes(layoutBoxes(before, { other: after, side: "before" }));
    const now = changedBoxes(layoutBoxes(JSON.stringify(after), { other: JSON.stringify(before), side: "after" }));
    expect(old.map((b) => [b.id, b.change])).toEqual([["CHART-a", "removed"], ["CHART-c", "resized"]]);
    expect(now.map((b) => [b.id, b.change])).toEqual([["CHART-z", "added"], ["CHART-c", "resized"]]);
  });

  it("draws nothing of a layout that is not one, and survives a cycle", () => {
    expect(layoutBoxes("not json")).toEqual([]);
    const cyclic = { ROOT_ID: { type: "ROOT", children: ["ROW-1"] }, "ROW-1": { type: "ROW", children: ["ROW-1"], meta: {} } };
    expect(layoutBoxes(cyclic)).toEqual([{ kind: "row", id: "ROW-1", children: [] }]);
  });
});
