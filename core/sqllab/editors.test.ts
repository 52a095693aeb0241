import { expect, test } from "vitest";
import {
  activeEditor, activeEditorId, addQueryEditor, alterQueryEditor, clearDestroyedQueryEditor, cloneQueryToNewTab,
  dropMissingQueryEditor, migrateQueryEditor, neighbourTabId, newTabName, removeQueryEditor, setActiveQueryEditor,
} from "./editors";
import { T0, editor, query, table, twoTabs } from "./test-factories";

test("tabs are named Untitled Query N with N one above the highest existing number", () => {
  expect(newTabName([])).toBe("Untitled Query 1");
  expect(newTabName(["Untitled Query 2", "Untitled Query 7", "Sales", "Untitled Query x"])).toBe("Untitled Query 8");
});

test("next and previous tab switching wraps around", () => {
  const s = twoTabs({ queryEditors: [editor("a"), editor("b"), editor("c")], tabHistory: ["c"] });
  expect(neighbourTabId(s, 1)).toBe("a");
  expect(neighbourTabId({ ...s, tabHistory: ["a"] }, -1)).toBe("c");
  expect(neighbourTabId({ ...s, tabHistory: ["a"] }, 1)).toBe("b");
});

test("edits to the active tab are held as unsaved edits with a timestamp", () => {
  const s = alterQueryEditor(twoTabs(), "a", { sql: "SELECT 2" }, T0 + 3);
  expect(s.unsavedQueryEditor).toEqual({ id: "a", sql: "SELECT 2", updatedAt: T0 + 3 });
  expect(s.queryEditors[0].sql).toBe("");
  expect(activeEditor(s)?.sql).toBe("SELECT 2");
});

test("edits to a non-active tab go straight to it", () => {
  const s = alterQueryEditor(twoTabs(), "b", { sql: "SELECT 3" }, T0);
  expect(s.queryEditors[1].sql).toBe("SELECT 3");
  expect(s.unsavedQueryEditor).toEqual({});
});

test("adding a tab saves the unsaved one and makes the new one active", () => {
  const s0 = alterQueryEditor(twoTabs(), "a", { sql: "SELECT 2" }, T0);
  const s1 = addQueryEditor(s0, editor("c"), T0 + 1);
  expect(s1.queryEditors.find((q) => q.id === "a")?.sql).toBe("SELECT 2");
  expect(s1.unsavedQueryEditor).toEqual({});
  expect(activeEditorId(s1)).toBe("c");
  expect(s1.queryEditors[2].updatedAt).toBe(T0 + 1);
});

test("switching tab commits unsaved edits", () => {
  const s1 = setActiveQueryEditor(alterQueryEditor(twoTabs(), "a", { sql: "SELECT 2" }, T0), "b");
  expect(s1.queryEditors[0].sql).toBe("SELECT 2");
  expect(s1.unsavedQueryEditor).toEqual({});
  expect(activeEditorId(s1)).toBe("b");
});

test("removing a tab removes its queries and tables and records the removal time", () => {
  const s0 = twoTabs({ queries: { q1: query("q1", { sqlEditorId: "a" }), q2: query("q2", { sqlEditorId: "b" }) }, tables: [table("t1"), table("t2", { queryEditorId: "b" })] });
  const s1 = removeQueryEditor(s0, "a", T0 + 7);
  expect(Object.keys(s1.queries)).toEqual(["q2"]);
  expect(s1.tables.map((t) => t.id)).toEqual(["t2"]);
  expect(s1.destroyedQueryEditors).toEqual({ a: T0 + 7 });
});

test("removing the only tab in the history makes the last remaining tab active", () => {
  const s1 = removeQueryEditor(twoTabs({ queryEditors: [editor("a"), editor("b"), editor("c")] }), "a", T0);
  expect(s1.tabHistory).toEqual(["c"]);
});

test("removing a tab that only lived in local storage records no removal", () => {
  const s0 = twoTabs({ queryEditors: [editor("a", { inLocalStorage: true }), editor("b")] });
  expect(removeQueryEditor(s0, "a", T0).destroyedQueryEditors).toEqual({});
});

test("cloning a query to a new tab names it Copy of %s and turns autorun on", () => {
  const s0 = twoTabs({ queryEditors: [editor("a", { name: "Sales" }), editor("b")] });
  const s1 = cloneQueryToNewTab(s0, { dbId: 2, sql: "SELECT 9", schema: "main", catalog: null, queryLimit: 100 }, "c", T0);
  expect(activeEditor(s1)).toMatchObject({ id: "c", name: "Copy of Sales", autorun: true, sql: "SELECT 9", dbId: 2, schema: "main", queryLimit: 100 });
});

test("a local-only tab migrated to the backend takes its new id with its tables and queries", () => {
  const s0 = twoTabs({ queryEditors: [editor("local1", { inLocalStorage: true }), editor("b")], tabHistory: ["local1"], tables: [table("t1", { queryEditorId: "local1" })], queries: { q1: query("q1", { sqlEditorId: "local1" }) } });
  const s1 = migrateQueryEditor(s0, "local1", editor("42"));
  expect(s1.queryEditors[0]).toMatchObject({ id: "42", inLocalStorage: false });
  expect(s1.tabHistory).toEqual(["42"]);
  expect(s1.tables[0].queryEditorId).toBe("42");
  expect(s1.queries.q1.sqlEditorId).toBe("42");
});

test("destroyed tabs are cleared locally once deleted on the server", () => {
  const s1 = removeQueryEditor(twoTabs(), "a", T0);
  expect(clearDestroyedQueryEditor(s1, "a").destroyedQueryEditors).toEqual({});
});

test("a tab-state fetch answering 404 removes that tab locally", () => {
  const s1 = dropMissingQueryEditor(twoTabs(), "b", T0);
  expect(s1.queryEditors.map((q) => q.id)).toEqual(["a"]);
  expect(s1.destroyedQueryEditors).toEqual({});
});
