import { expect, test } from "vitest";
import { parseFilterItem, moveFilter } from "./config";
import { firstValueDefault, isPastedList, joinPages, matchPasted, selectAll, SELECT_PAGE_SIZE, splitPasted, valuesOfPage, valuesQueryContext } from "./select-values";
import { filterSetupOf, withOrientation } from "./setup";
import type { NativeFilter } from "./types";

const filter = (over: Record<string, unknown> = {}): NativeFilter =>
  parseFilterItem({
    id: "NATIVE_FILTER-abc", type: "NATIVE_FILTER", name: "State", filterType: "filter_select",
    targets: [{ datasetId: 7, column: { name: "state" } }], scope: { rootPath: ["ROOT_ID"], excluded: [] }, ...over,
  }) as NativeFilter;

test("pasted text splits on Superset's token separators: comma, CRLF, newline, tab, semicolon", () => {
  expect(splitPasted("CA, NY\r\nTX\nFL\tWA;OR")).toEqual(["CA", "NY", "TX", "FL", "WA", "OR"]);
  expect(splitPasted(" CA ,, CA ,\n")).toEqual(["CA"]);
  expect(isPastedList("CA,NY")).toBe(true);
  expect(isPastedList("New York")).toBe(false);
  expect(isPastedList("CA,")).toBe(false);
});

test("pasted labels match options by text (exactly, then ignoring case), unknown ones stay as typed", () => {
  expect(matchPasted(["1", "ca", "zz"], [1, 2, "CA"])).toEqual([1, "CA", "zz"]);
});

test("Select All adds every loaded option after those already selected", () => {
  expect(selectAll(["b"], ["a", "b", "c"])).toEqual(["b", "a", "c"]);
  expect(selectAll([], [1, 2])).toEqual([1, 2]);
});

test("the values query: grouped column, pre-filter, parents, server search, a page of 100 at its offset", () => {
  const f = filter({ adhoc_filters: [{ expressionType: "SIMPLE", clause: "WHERE", subject: "gender", operator: "==", comparator: "boy" }, { expressionType: "SQL", clause: "WHERE", sqlExpression: "num > 10" }] });
  const body = valuesQueryContext(f, { parents: [{ filters: [{ col: "region", op: "IN", val: ["West"] }] }], search: " new ", page: 2 }) as { datasource: unknown; queries: Record<string, unknown>[] };
  expect(body.datasource).toEqual({ id: 7, type: "table" });
  const q = body.queries[0];
  expect(q.columns).toEqual(["state"]);
  expect(q.metrics).toEqual([{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "__count" }]);
  expect(q.filters).toEqual([{ col: "region", op: "IN", val: ["West"] }, { col: "gender", op: "==", val: "boy" }, { col: "state", op: "ILIKE", val: "%new%" }]);
  expect((q.extras as { where: string }).where).toBe("(num > 10)");
  expect(q.orderby).toEqual([["state", true]]);
  expect(q.row_limit).toBe(SELECT_PAGE_SIZE);
  expect(q.row_offset).toBe(200);
  expect(valuesQueryContext(filter({ targets: [{}] }), { parents: [], search: "", page: 0 })).toBeNull();
});

test("values sort descending, or by a metric (Superset's sortAscending and sortMetric)", () => {
  const desc = valuesQueryContext(filter({ controlValues: { sortAscending: false } }), { parents: [], search: "", page: 0 }) as { queries: Record<string, unknown>[] };
  expect(desc.queries[0].orderby).toEqual([["state", false]]);
  const byMetric = valuesQueryContext(filter({ sortMetric: "sum__num", controlValues: { sortAscending: false } }), { parents: [], search: "", page: 0 }) as { queries: Record<string, unknown>[] };
  expect(byMetric.queries[0].metrics).toEqual(["sum__num"]);
  expect(byMetric.queries[0].orderby).toEqual([["sum__num", false]]);
});

test("pages: a full page says more may follow; joined pages keep order without repeats", () => {
  const rows = Array.from({ length: SELECT_PAGE_SIZE }, (_, i) => ({ state: `S${i}`, sum__num: i }));
  expect(valuesOfPage(filter(), rows).more).toBe(true);
  expect(valuesOfPage(filter(), rows.slice(0, 3))).toEqual({ values: ["S0", "S1", "S2"], more: false });
  expect(joinPages([["a", "b"], ["b", "c"], [null]])).toEqual(["a", "b", "c", null]);
});

test("default to first value: the first option when nothing is chosen and the filter asks for it", () => {
  const f = filter({ controlValues: { defaultToFirstItem: true } });
  expect(firstValueDefault(f, null, ["CA", "NY"])).toEqual(["CA"]);
  expect(firstValueDefault(f, ["NY"], ["CA", "NY"])).toBeNull();
  expect(firstValueDefault(filter(), null, ["CA"])).toBeNull();
  expect(firstValueDefault(f, null, [])).toBeNull();
});

test("moveFilter: drag to reorder puts the item before another, or last", () => {
  const items = [{ id: "a" }, { id: "b" }, { id: "c" }];
  expect(moveFilter(items, "c", "a").map((i) => i.id)).toEqual(["c", "a", "b"]);
  expect(moveFilter(items, "a", null).map((i) => i.id)).toEqual(["b", "c", "a"]);
  expect(moveFilter(items, "a", "c").map((i) => i.id)).toEqual(["b", "a", "c"]);
  expect(moveFilter(items, "x", "a")).toBe(items);
});

test("filter_bar_orientation: VERTICAL unless HORIZONTAL; setting it keeps the rest of json_metadata", () => {
  expect(filterSetupOf('{"filter_bar_orientation":"HORIZONTAL"}').orientation).toBe("HORIZONTAL");
  expect(filterSetupOf("{}").orientation).toBe("VERTICAL");
  expect(filterSetupOf("not json").orientation).toBe("VERTICAL");
  expect(JSON.parse(withOrientation('{"color_scheme":"x"}', "HORIZONTAL"))).toEqual({ color_scheme: "x", filter_bar_orientation: "HORIZONTAL" });
});
