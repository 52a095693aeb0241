import { expect, test } from "vitest";
import { defaultLayout, parseLayout, ROOT_ID, type Layout } from "../layout";
import { depthOf, GRID_ID, isValidChild, parentOf } from "./components";
import {
  addTab, canDrop, deleteComponent, dropComponent, NOT_ENOUGH_SPACE, resizeComponent, TOP_LEVEL_TABS_NOT_NESTED, updateMeta, widthRange,
} from "./ops";

// The edit-mode layout rules of Superset's dashboard on small hand-made layouts.

const empty = () => defaultLayout([]);

function gridWithRow(widths: number[]): Layout {
  const layout = empty();
  layout["ROW-a"] = { id: "ROW-a", type: "ROW", children: [], meta: {} };
  layout[GRID_ID].children.push("ROW-a");
  widths.forEach((width, i) => {
    layout[`CHART-${i}`] = { id: `CHART-${i}`, type: "CHART", children: [], meta: { chartId: i + 1, width, height: 50 } };
    layout["ROW-a"].children.push(`CHART-${i}`);
  });
  return layout;
}

test("a chart dropped on the grid is wrapped in a new row, with Superset's default size", () => {
  const { layout, warning } = dropComponent(empty(), { kind: "new", type: "CHART", meta: { chartId: 7 } }, { parentId: GRID_ID, index: 0 });
  expect(warning).toBeUndefined();
  const rowId = layout[GRID_ID].children[0];
  expect(layout[rowId].type).toBe("ROW");
  const chart = layout[layout[rowId].children[0]];
  expect(chart).toMatchObject({ type: "CHART", meta: { chartId: 7, width: 4, height: 50 }, parents: [ROOT_ID, GRID_ID, rowId] });
  expect(chart.id).toMatch(/^CHART-/);
});

test("markdown and columns are wrapped too; headers, dividers and rows are not", () => {
  let layout = empty();
  for (const type of ["MARKDOWN", "COLUMN", "HEADER", "DIVIDER", "ROW"] as const) layout = dropComponent(layout, { kind: "new", type }, { parentId: GRID_ID, index: 99 }).layout;
  const types = layout[GRID_ID].children.map((id) => layout[id].type);
  expect(types).toEqual(["ROW", "ROW", "HEADER", "DIVIDER", "ROW"]);
  expect(layout[layout[layout[GRID_ID].children[0]].children[0]].meta.code).toContain("Header 1");
  expect(layout[layout[GRID_ID].children[2]].meta.text).toBe("New header");
});

test("a new tabs container gets its first tab", () => {
  const { layout } = dropComponent(empty(), { kind: "new", type: "TABS" }, { parentId: GRID_ID, index: 0 });
  const tabs = layout[layout[GRID_ID].children[0]];
  expect(tabs.type).toBe("TABS");
  expect(tabs.children).toHaveLength(1);
  expect(layout[tabs.children[0]]).toMatchObject({ type: "TAB", meta: { text: "", defaultText: "Tab title" } });
});

test("a drop into a row too full for the component is refused with Superset's warning; a smaller fit shrinks it", () => {
  const full = gridWithRow([4, 4, 4]);
  const refused = dropComponent(full, { kind: "new", type: "CHART", meta: { chartId: 9 } }, { parentId: "ROW-a", index: 3 });
  expect(refused.warning).toBe(NOT_ENOUGH_SPACE);
  expect(refused.layout).toBe(full);
  const roomy = gridWithRow([4, 6]);
  const fitted = dropComponent(roomy, { kind: "new", type: "CHART", meta: { chartId: 9 } }, { parentId: "ROW-a", index: 2 }).layout;
  expect(fitted["ROW-a"].children).toHaveLength(3);
  expect(fitted[fitted["ROW-a"].children[2]].meta.width).toBe(2);
});

test("moving within a row reorders without a width change; dropping in place changes nothing", () => {
  const layout = gridWithRow([4, 4, 4]);
  const moved = dropComponent(layout, { kind: "move", id: "CHART-0" }, { parentId: "ROW-a", index: 3 }).layout;
  expect(moved["ROW-a"].children).toEqual(["CHART-1", "CHART-2", "CHART-0"]);
  expect(moved["CHART-0"].meta.width).toBe(4);
  expect(dropComponent(layout, { kind: "move", id: "CHART-1" }, { parentId: "ROW-a", index: 1 }).layout).toBe(layout);
  expect(dropComponent(layout, { kind: "move", id: "CHART-1" }, { parentId: "ROW-a", index: 2 }).layout).toBe(layout);
});

test("moving a row's last chart away removes the emptied row", () => {
  let layout = gridWithRow([4]);
  layout = dropComponent(layout, { kind: "new", type: "ROW" }, { parentId: GRID_ID, index: 1 }).layout;
  const second = layout[GRID_ID].children[1];
  const moved = dropComponent(layout, { kind: "move", id: "CHART-0" }, { parentId: second, index: 0 }).layout;
  expect(moved["ROW-a"]).toBeUndefined();
  expect(moved[GRID_ID].children).toEqual([second]);
  expect(moved["CHART-0"].parents).toEqual([ROOT_ID, GRID_ID, second]);
});

test("a tabs container dropped on the root becomes the top-level tabs holding the grid's content", () => {
  const layout = gridWithRow([4]);
  const tabbed = dropComponent(layout, { kind: "new", type: "TABS" }, { parentId: ROOT_ID, index: 0 }).layout;
  const tabs = tabbed[ROOT_ID].children[0];
  expect(tabbed[tabs].type).toBe("TABS");
  const tab = tabbed[tabs].children[0];
  expect(tabbed[tab].children).toEqual(["ROW-a"]);
  expect(tabbed["CHART-0"].parents).toEqual([ROOT_ID, tabs, tab, "ROW-a"]);
  // a second top-level tabs is not possible, and the top-level tabs never go into a nested place
  expect(canDrop(tabbed, { kind: "new", type: "TABS" }, ROOT_ID)).toBe(false);
  const nested = dropComponent(tabbed, { kind: "new", type: "TABS" }, { parentId: tab, index: 0 }).layout;
  const inner = nested[tab].children[0];
  const refused = dropComponent(nested, { kind: "move", id: tabs }, { parentId: nested[inner].children[0], index: 0 });
  expect(refused.warning).toBe(TOP_LEVEL_TABS_NOT_NESTED);
  expect(refused.layout).toBe(nested);
  // deleting the top-level tabs puts the content back on the grid
  const back = deleteComponent(tabbed, tabs);
  expect(back[ROOT_ID].children).toEqual([GRID_ID]);
  expect(back[GRID_ID].children).toEqual(["ROW-a"]);
  expect(back[tab]).toBeUndefined();
});

test("the depth rules: rows nest in columns once; a column never nests in a row inside a column", () => {
  let layout = empty();
  layout = dropComponent(layout, { kind: "new", type: "COLUMN" }, { parentId: GRID_ID, index: 0 }).layout;
  const row = layout[GRID_ID].children[0];
  const column = layout[row].children[0];
  expect(depthOf(layout, column)).toBe(3);
  layout = dropComponent(layout, { kind: "new", type: "ROW" }, { parentId: column, index: 0 }).layout;
  const innerRow = layout[column].children[0];
  expect(isValidChild(layout, innerRow, "CHART")).toBe(true);
  expect(isValidChild(layout, innerRow, "COLUMN")).toBe(true);
  expect(isValidChild(layout, column, "TABS")).toBe(true);
  expect(isValidChild(layout, GRID_ID, "TAB")).toBe(false);
  expect(isValidChild(layout, row, "HEADER")).toBe(false);
  expect(canDrop(layout, { kind: "move", id: row }, column)).toBe(false); // never into itself
});

test("deleting a row's last chart removes the row; deleting a tab deletes what it holds", () => {
  const layout = gridWithRow([4]);
  const after = deleteComponent(layout, "CHART-0");
  expect(after["ROW-a"]).toBeUndefined();
  expect(after[GRID_ID].children).toEqual([]);
  const tabbed = dropComponent(layout, { kind: "new", type: "TABS" }, { parentId: GRID_ID, index: 0 }).layout;
  const tabs = tabbed[GRID_ID].children[0];
  const { layout: two, tabId } = addTab(tabbed, tabs);
  expect(two[tabs].children).toHaveLength(2);
  const withChart = dropComponent(two, { kind: "move", id: "CHART-0" }, { parentId: tabId!, index: 0 }).layout;
  const rowInTab = withChart[tabId!].children[0];
  const gone = deleteComponent(withChart, tabId!);
  expect(gone[tabId!]).toBeUndefined();
  expect(gone[rowInTab]).toBeUndefined();
  expect(gone["CHART-0"]).toBeUndefined();
  // the last tab of a nested tabs takes its container with it
  const last = deleteComponent(gone, gone[tabs].children[0]);
  expect(last[tabs]).toBeUndefined();
  expect(parentOf(last, tabs)).toBeNull();
});

test("resize: clamped to the row's free columns and the height limits; no change, same layout", () => {
  const layout = gridWithRow([4, 4]);
  expect(widthRange(layout, "CHART-0")).toEqual({ min: 1, max: 8 });
  const wider = resizeComponent(layout, "CHART-0", { width: 11, height: 500 });
  expect(wider["CHART-0"].meta).toMatchObject({ width: 8, height: 100 });
  expect(resizeComponent(layout, "CHART-0", { width: 4, height: 50 })).toBe(layout);
  expect(resizeComponent(layout, "CHART-0", { height: 1 })["CHART-0"].meta.height).toBe(5);
  expect(resizeComponent(layout, "ROW-a", { width: 3 })).toBe(layout);
});

test("header text, markdown and tab titles change through meta; the same value changes nothing", () => {
  const layout = dropComponent(empty(), { kind: "new", type: "HEADER" }, { parentId: GRID_ID, index: 0 }).layout;
  const id = layout[GRID_ID].children[0];
  const renamed = updateMeta(layout, id, { text: "Sales" });
  expect(renamed[id].meta.text).toBe("Sales");
  expect(layout[id].meta.text).toBe("New header");
  expect(updateMeta(renamed, id, { text: "Sales" })).toBe(renamed);
});

test("an existing Superset layout keeps its unreachable components and gets parents on every move", () => {
  const layout = parseLayout({ ...gridWithRow([3]), "CHART-lost": { id: "CHART-lost", type: "CHART", children: [], meta: { chartId: 5 } } });
  const moved = dropComponent(layout, { kind: "new", type: "DIVIDER" }, { parentId: GRID_ID, index: 0 }).layout;
  expect(moved["CHART-lost"]).toBeDefined();
  expect(moved["ROW-a"].parents).toEqual([ROOT_ID, GRID_ID]);
});
