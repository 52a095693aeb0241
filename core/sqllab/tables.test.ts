import { expect, test } from "vitest";
import { changeDataPreviewId, collapseTable, expandTable, mergeTable, removeDataPreview, removeTables } from "./tables";
import { query, table, twoTabs } from "./test-factories";

test("table merge matches on db, editor, catalog, schema and name and updates the match", () => {
  const s0 = twoTabs({ tables: [table("t1", { name: "birth_names", initialized: true, expanded: false })] });
  const s1 = mergeTable(s0, table("tmp", { name: "birth_names", expanded: false, persistData: { selectStar: "SELECT *" } }));
  expect(s1.tables).toHaveLength(1);
  expect(s1.tables[0]).toMatchObject({ id: "t1", persistData: { selectStar: "SELECT *" } });
});

test("table merge adds a table that matches nothing", () => {
  const s0 = twoTabs({ tables: [table("t1", { name: "birth_names" })] });
  for (const other of [{ dbId: 2 }, { queryEditorId: "b" }, { catalog: "c" }, { schema: "other" }, { name: "flights" }]) {
    expect(mergeTable(s0, table("t2", { name: "birth_names", ...other })).tables).toHaveLength(2);
  }
});

test("a merged table attaches its data preview query and an expanded one becomes the active south pane tab", () => {
  const s1 = mergeTable(twoTabs(), table("t1"), "preview1");
  expect(s1.tables[0].dataPreviewQueryId).toBe("preview1");
  expect(s1.activeSouthPaneTab).toBe("t1");
});

test("tables expand and collapse", () => {
  const s0 = twoTabs({ tables: [table("t1", { expanded: true })] });
  expect(collapseTable(s0, "t1").tables[0].expanded).toBe(false);
  expect(expandTable(collapseTable(s0, "t1"), "t1").tables[0].expanded).toBe(true);
});

test("the data preview query can be removed", () => {
  const s0 = twoTabs({ tables: [table("t1", { dataPreviewQueryId: "p1" })], queries: { p1: query("p1", { isDataPreview: true }) } });
  const s1 = removeDataPreview(s0, "t1");
  expect(s1.tables[0].dataPreviewQueryId).toBeNull();
  expect(s1.queries).toEqual({});
});

test("the data preview query can be replaced", () => {
  const s0 = twoTabs({ tables: [table("t1", { dataPreviewQueryId: "p1" })], queries: { p1: query("p1", { isDataPreview: true }) } });
  const s1 = changeDataPreviewId(s0, "p1", "p2");
  expect(s1.tables[0].dataPreviewQueryId).toBe("p2");
  expect(s1.queries.p1).toBeUndefined();
});

test("removing the table shown in the south pane falls back to another table of the tab or Results", () => {
  const s0 = twoTabs({ tables: [table("t1"), table("t2")], activeSouthPaneTab: "t1" });
  expect(removeTables(s0, ["t1"]).activeSouthPaneTab).toBe("t2");
  expect(removeTables(s0, ["t1", "t2"]).activeSouthPaneTab).toBe("Results");
});
