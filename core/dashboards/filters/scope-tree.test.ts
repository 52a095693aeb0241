import { describe, expect, it } from "vitest";
import type { Layout } from "../layout";
import { checkedFromScope, scopeFromChecked, scopeTree } from "./scope-tree";

// A dashboard of two tabs: "Sales" holds charts 1 and 2 in a row and a nested tab group (tab "Detail": chart 3);
// "People" holds chart 4. Worked out by hand from Superset's scoping rules.
const comp = (id: string, type: string, children: string[] = [], meta: Record<string, unknown> = {}) => ({ id, type, children, meta });
const layout = {
  ROOT_ID: comp("ROOT_ID", "ROOT", ["TABS-top"]),
  "TABS-top": comp("TABS-top", "TABS", ["TAB-sales", "TAB-people"]),
  "TAB-sales": comp("TAB-sales", "TAB", ["ROW-1", "TABS-inner"], { text: "Sales" }),
  "ROW-1": comp("ROW-1", "ROW", ["CHART-1", "CHART-2"]),
  "CHART-1": comp("CHART-1", "CHART", [], { chartId: 1 }),
  "CHART-2": comp("CHART-2", "CHART", [], { chartId: 2 }),
  "TABS-inner": comp("TABS-inner", "TABS", ["TAB-detail"]),
  "TAB-detail": comp("TAB-detail", "TAB", ["CHART-3"], { text: "Detail" }),
  "CHART-3": comp("CHART-3", "CHART", [], { chartId: 3 }),
  "TAB-people": comp("TAB-people", "TAB", ["CHART-4"], { text: "People" }),
  "CHART-4": comp("CHART-4", "CHART", [], { chartId: 4 }),
} as unknown as Layout;
const names: Record<number, string> = { 1: "Revenue", 2: "Orders", 3: "Lines", 4: "Staff" };

describe("scoping tree", () => {
  it("shows tabs (nested) and charts under All panels, without rows or tab groups", () => {
    expect(scopeTree(layout, (id) => names[id])).toEqual([{
      value: "ROOT_ID", label: "All panels", children: [
        { value: "TAB-sales", label: "Sales", children: [
          { value: "CHART-1", label: "Revenue" }, { value: "CHART-2", label: "Orders" },
          { value: "TAB-detail", label: "Detail", children: [{ value: "CHART-3", label: "Lines" }] },
        ] },
        { value: "TAB-people", label: "People", children: [{ value: "CHART-4", label: "Staff" }] },
      ],
    }]);
  });

  it("checks the charts a scope reaches", () => {
    expect(checkedFromScope(layout, { rootPath: ["ROOT_ID"], excluded: [] })).toEqual(["CHART-1", "CHART-2", "CHART-3", "CHART-4"]);
    expect(checkedFromScope(layout, { rootPath: ["TAB-sales"], excluded: [2] })).toEqual(["CHART-1", "CHART-3"]);
  });

  it("every chart checked is the whole dashboard; none checked reaches nothing", () => {
    expect(scopeFromChecked(layout, ["CHART-1", "CHART-2", "CHART-3", "CHART-4", "TAB-sales"])).toEqual({ rootPath: ["ROOT_ID"], excluded: [] });
    expect(scopeFromChecked(layout, [])).toEqual({ rootPath: ["ROOT_ID"], excluded: [1, 2, 3, 4] });
  });

  it("a fully checked tab becomes the root, so a chart added to it later is in scope", () => {
    expect(scopeFromChecked(layout, ["CHART-1", "CHART-2", "CHART-3"])).toEqual({ rootPath: ["TAB-sales"], excluded: [] });
    expect(scopeFromChecked(layout, ["CHART-4"])).toEqual({ rootPath: ["TAB-people"], excluded: [] });
  });

  it("a partly checked tab roots at that tab and excludes its unchecked charts", () => {
    expect(scopeFromChecked(layout, ["CHART-1"])).toEqual({ rootPath: ["TAB-sales"], excluded: [2, 3] });
    // the nested tab is fully checked: it is the root of its chart; chart 1 roots at Sales, which holds Detail
    expect(scopeFromChecked(layout, ["CHART-1", "CHART-3"])).toEqual({ rootPath: ["TAB-sales"], excluded: [2] });
    expect(scopeFromChecked(layout, ["CHART-3", "CHART-4"])).toEqual({ rootPath: ["TAB-detail", "TAB-people"], excluded: [] });
  });

  it("round-trips: the scope of a tree's checked charts checks the same charts", () => {
    for (const checked of [["CHART-1"], ["CHART-2", "CHART-4"], ["CHART-3"], ["CHART-1", "CHART-2", "CHART-4"]]) {
      expect(checkedFromScope(layout, scopeFromChecked(layout, checked))).toEqual(checked);
    }
  });

  it("a dashboard without tabs roots at the dashboard", () => {
    const flat = {
      ROOT_ID: comp("ROOT_ID", "ROOT", ["GRID_ID"]), GRID_ID: comp("GRID_ID", "GRID", ["ROW-1"]), "ROW-1": comp("ROW-1", "ROW", ["CHART-1", "CHART-2"]),
      "CHART-1": comp("CHART-1", "CHART", [], { chartId: 1 }), "CHART-2": comp("CHART-2", "CHART", [], { chartId: 2 }),
    } as unknown as Layout;
    expect(scopeFromChecked(flat, ["CHART-2"])).toEqual({ rootPath: ["ROOT_ID"], excluded: [1] });
  });
});
