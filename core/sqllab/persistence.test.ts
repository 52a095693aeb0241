import { expect, test } from "vitest";
import { initialSqlLabState, type Bootstrap } from "./bootstrap";
import { alterQueryEditor } from "./editors";
import { localStorageSlice, parseLocalStorage, shouldDropLocalResults } from "./persistence";
import { T0, editor, query, table, twoTabs } from "./test-factories";

const wireTab = (id: number, extra: Record<string, unknown> = {}) => ({
  id, label: `Tab ${id}`, sql: "SELECT server", database_id: 1, schema: "main", query_limit: 100, autorun: false,
  table_schemas: [], extra_json: { updatedAt: T0, version: 1 }, ...extra,
});
const boot = (extra: Partial<Bootstrap> = {}): Bootstrap => ({
  active_tab: wireTab(1), tab_state_ids: [{ id: 1, label: "Tab 1" }, { id: 2, label: "Tab 2" }], databases: {}, ...extra,
});
const local = (sqlLab: Record<string, unknown>) => JSON.stringify({ sqlLab: { destroyedQueryEditors: {}, ...sqlLab } });

test("nothing is kept locally when the server has everything", () => {
  expect(localStorageSlice(twoTabs(), T0)).toBeNull();
});

test("unsynced edits of a tab are kept locally until pushed", () => {
  const s = alterQueryEditor(twoTabs(), "a", { sql: "SELECT 2" }, T0 + 10);
  expect(localStorageSlice(s, T0 + 10)?.sqlLab.queryEditors).toEqual([expect.objectContaining({ id: "a", sql: "SELECT 2", updatedAt: T0 + 10 })]);
});

test("destroyed tabs are kept locally until the server deletes them", () => {
  const s = twoTabs({ destroyedQueryEditors: { b: T0 } });
  expect(localStorageSlice(s, T0)?.sqlLab.destroyedQueryEditors).toEqual({ b: T0 });
});

test("data-preview queries are never persisted locally", () => {
  const s = twoTabs({
    queryEditors: [editor("a", { inLocalStorage: true }), editor("b")],
    queries: { q1: query("q1", { inLocalStorage: true }), p1: query("p1", { inLocalStorage: true, isDataPreview: true }) },
  });
  expect(Object.keys(localStorageSlice(s, T0)?.sqlLab.queries ?? {})).toEqual(["q1"]);
});

test("local query results older than one day are dropped", () => {
  expect(shouldDropLocalResults({ startDttm: T0, results: { data: [] } }, T0 + 864e5 + 1)).toBe(true);
  expect(shouldDropLocalResults({ startDttm: T0, results: { data: [] } }, T0 + 864e5 - 1)).toBe(false);
});

test("local query results estimated above 1024 KB are dropped", () => {
  const big = { data: [{ text: "x".repeat(600 * 1024) }] }; // 600k chars × 2 bytes ≈ 1200 KB
  expect(shouldDropLocalResults({ startDttm: T0, results: big }, T0)).toBe(true);
  expect(shouldDropLocalResults({ startDttm: T0, results: { data: [{ text: "small" }] } }, T0)).toBe(false);
});

test("all local results go when the local state would pass 5120 KB", () => {
  const chunk = { data: [{ text: "x".repeat(400 * 1024) }] }; // ≈ 800 KB each, under the per-query cap
  const queries = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`q${i}`, query(`q${i}`, { inLocalStorage: true, results: chunk })]));
  const s = twoTabs({ queryEditors: [editor("a", { inLocalStorage: true }), editor("b")], queries });
  const slice = localStorageSlice(s, T0)!;
  expect(Object.values(slice.sqlLab.queries!).every((q) => JSON.stringify(q.results) === "{}")).toBe(true);
});

test("malformed local data is ignored", () => {
  expect(parseLocalStorage("{not json")).toBeNull();
  expect(parseLocalStorage(JSON.stringify({ sqlLab: { queryEditors: "nope" } }))).toBeNull();
  const { state } = initialSqlLabState(boot(), "{not json", { dbId: 1 }, T0);
  expect(state.queryEditors.map((q) => q.id)).toEqual(["1", "2"]);
});

test("on load the active server tab is complete and the others are placeholders loaded on switch", () => {
  const { state } = initialSqlLabState(boot(), null, { dbId: 1 }, T0);
  expect(state.queryEditors[0]).toMatchObject({ id: "1", sql: "SELECT server", loaded: true, queryLimit: 100 });
  expect(state.queryEditors[1]).toMatchObject({ id: "2", name: "Tab 2", loaded: false });
  expect(state.tabHistory).toEqual(["1"]);
});

test("on load the newer updatedAt wins between server and local storage", () => {
  const newer = initialSqlLabState(boot(), local({ queryEditors: [{ id: "1", sql: "SELECT local", updatedAt: T0 + 5 }] }), { dbId: 1 }, T0).state;
  expect(newer.queryEditors[0].sql).toBe("SELECT local");
  const older = initialSqlLabState(boot(), local({ queryEditors: [{ id: "1", sql: "SELECT local", updatedAt: T0 - 5 }] }), { dbId: 1 }, T0).state;
  expect(older.queryEditors[0].sql).toBe("SELECT server");
});

test("on load local-only tabs are flagged inLocalStorage with their tables and queries", () => {
  const raw = local({
    queryEditors: [{ id: "abc", name: "Mine", sql: "SELECT 1", updatedAt: T0 }],
    tables: [table("lt", { queryEditorId: "abc" })],
    queries: { q1: query("q1", { sqlEditorId: "abc" }) },
  });
  const { state } = initialSqlLabState(boot(), raw, { dbId: 1 }, T0);
  expect(state.queryEditors.find((q) => q.id === "abc")).toMatchObject({ inLocalStorage: true, name: "Mine" });
  expect(state.tables.find((t) => t.id === "lt")?.inLocalStorage).toBe(true);
  expect(state.queries.q1.inLocalStorage).toBe(true);
});

test("on load destroyed tabs are removed", () => {
  const { state } = initialSqlLabState(boot(), local({ queryEditors: [{ id: "9" }], destroyedQueryEditors: { 2: T0 } }), { dbId: 1 }, T0);
  expect(state.queryEditors.map((q) => q.id)).not.toContain("2");
  expect(state.destroyedQueryEditors).toEqual({ 2: T0 });
});

test("an emptied local storage entry is cleared on load", () => {
  expect(initialSqlLabState(boot(), local({ queryEditors: [] }), { dbId: 1 }, T0).clearLocalStorage).toBe(true);
});

test("the active server tab brings its table schemas and latest query", () => {
  const active = wireTab(1, {
    latest_query: { id: "q7", state: "success", sqlEditorId: "1", startDttm: "1700000000000.0", resultsKey: "rk" },
    table_schemas: [{ id: 5, tab_state_id: 1, database_id: 1, schema: "main", table: "birth_names", expanded: true, description: { columns: [{ name: "ds" }], dataPreviewQueryId: "p9" } }],
  });
  const { state } = initialSqlLabState(boot({ active_tab: active as never }), null, { dbId: 1 }, T0);
  expect(state.tables[0]).toMatchObject({ id: "5", queryEditorId: "1", name: "birth_names", dataPreviewQueryId: "p9", persistData: { columns: [{ name: "ds" }] } });
  expect(state.queries.q7).toMatchObject({ state: "success", startDttm: 1700000000000, resultsKey: "rk" });
  expect(state.queryEditors[0].latestQueryId).toBe("q7");
});
