import { expect, test } from "vitest";
import { parseLayout } from "../layout";
import { buildQueryContext } from "../../charts/query/build-query-context";
import { applyFilterChanges, filtersOfMetadata, newFilterId, parseFilterChanges, parseFilterItem, withFilters, FilterConfigError } from "./config";
import { crossFilterOf } from "./cross";
import { restoreDataMask, parseFilterStateBody, FilterStateError as Err } from "./filter-state";
import { crossFilterMask, crossFilterMaskOf, defaultValue, filterMask } from "./mask";
import { chartMasks, chartsInScope, crossFilterConfig, mergeExtraFormData } from "./scope";
import type { NativeFilter } from "./types";

const layout = parseLayout({
  ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["TABS-1"] },
  "TABS-1": { type: "TABS", id: "TABS-1", children: ["TAB-a", "TAB-b"], meta: {} },
  "TAB-a": { type: "TAB", id: "TAB-a", children: ["ROW-a"], meta: { text: "A" } },
  "ROW-a": { type: "ROW", id: "ROW-a", children: ["CHART-1", "CHART-2"], meta: {} },
  "CHART-1": { type: "CHART", id: "CHART-1", children: [], meta: { chartId: 1, width: 4, height: 50 } },
  "CHART-2": { type: "CHART", id: "CHART-2", children: [], meta: { chartId: 2, width: 4, height: 50 } },
  "TAB-b": { type: "TAB", id: "TAB-b", children: ["ROW-b"], meta: { text: "B" } },
  "ROW-b": { type: "ROW", id: "ROW-b", children: ["CHART-3"], meta: {} },
  "CHART-3": { type: "CHART", id: "CHART-3", children: [], meta: { chartId: 3, width: 4, height: 50 } },
});
const charts = [{ id: 1, datasetId: 7 }, { id: 2, datasetId: 7 }, { id: 3, datasetId: 9 }];

const filter = (over: Partial<NativeFilter> = {}): NativeFilter =>
  parseFilterItem({
    id: "NATIVE_FILTER-abc", type: "NATIVE_FILTER", name: "Gender", filterType: "filter_select",
    targets: [{ datasetId: 7, column: { name: "gender" } }], scope: { rootPath: ["ROOT_ID"], excluded: [] }, ...over,
  }) as NativeFilter;

test("a select filter's mask is Superset's IN filter, NOT IN when inverted, nothing when empty", () => {
  expect(filterMask(filter(), ["boy"]).extraFormData).toEqual({ filters: [{ col: "gender", op: "IN", val: ["boy"] }] });
  expect(filterMask(filter({ controlValues: { inverseSelection: true } }), ["boy"]).extraFormData).toEqual({ filters: [{ col: "gender", op: "NOT IN", val: ["boy"] }] });
  expect(filterMask(filter(), []).extraFormData).toEqual({});
  expect(filterMask(filter({ controlValues: { enableEmptyFilter: true } }), null).extraFormData.adhoc_filters).toEqual([{ expressionType: "SQL", clause: "WHERE", sqlExpression: "1 = 0" }]);
  expect(filterMask(filter(), ["boy", "girl"]).filterState).toEqual({ value: ["boy", "girl"], label: "boy, girl" });
});

test("range, time range, time column and time grain filters fill their extra_form_data fields", () => {
  expect(filterMask(filter({ filterType: "filter_range" }), [10, null]).extraFormData).toEqual({ filters: [{ col: "gender", op: ">=", val: 10 }] });
  expect(filterMask(filter({ filterType: "filter_range" }), [1, 5]).extraFormData.filters).toHaveLength(2);
  expect(filterMask(filter({ filterType: "filter_time" }), "Last year").extraFormData).toEqual({ time_range: "Last year" });
  expect(filterMask(filter({ filterType: "filter_time" }), "No filter").extraFormData).toEqual({});
  expect(filterMask(filter({ filterType: "filter_timecolumn" }), ["ds"]).extraFormData).toEqual({ granularity_sqla: "ds" });
  expect(filterMask(filter({ filterType: "filter_timegrain" }), ["P1M"]).extraFormData).toEqual({ time_grain_sqla: "P1M" });
});

test("mergeExtraFormData appends filter lists and lets the later mask override time fields", () => {
  const a = { filters: [{ col: "a", op: "IN", val: [1] }], time_range: "Last week" };
  const b = { filters: [{ col: "b", op: "IN", val: [2] }], time_range: "Last year", time_grain_sqla: "P1D" };
  expect(mergeExtraFormData(a, b)).toEqual({ filters: [...a.filters, ...b.filters], time_range: "Last year", time_grain_sqla: "P1D" });
  expect(mergeExtraFormData({}, {})).toEqual({});
});

test("scope: rootPath picks the charts under a tab, excluded charts drop out", () => {
  expect(chartsInScope(layout, { rootPath: ["ROOT_ID"], excluded: [] })).toEqual([1, 2, 3]);
  expect(chartsInScope(layout, { rootPath: ["TAB-a"], excluded: [2] })).toEqual([1]);
  expect(chartsInScope(layout, { rootPath: ["TAB-b"], excluded: [] })).toEqual([3]);
});

test("chartMasks: a column filter reaches charts of its dataset in scope; others are incompatible or untouched", () => {
  const f = filter();
  const time = filter({ id: "NATIVE_FILTER-t", filterType: "filter_time", targets: [], scope: { rootPath: ["ROOT_ID"], excluded: [1] } });
  const mask = { [f.id]: filterMask(f, ["girl"]), [time.id]: filterMask(time, "Last year") };
  const out = chartMasks(layout, charts, [f, time], mask);
  expect(out[1]).toEqual({ extraFormData: { filters: [{ col: "gender", op: "IN", val: ["girl"] }] }, applied: [f.id], incompatible: [], outOfScope: [time.id] });
  expect(out[2].extraFormData).toEqual({ filters: [{ col: "gender", op: "IN", val: ["girl"] }], time_range: "Last year" });
  expect(out[3]).toEqual({ extraFormData: { time_range: "Last year" }, applied: [time.id], incompatible: [f.id], outOfScope: [] });
  // nothing selected: no chart gets a mask
  expect(chartMasks(layout, charts, [f], { [f.id]: filterMask(f, null) })[1].applied).toEqual([]);
});

test("cross-filters reach the other charts of the dataset, never the emitting chart, and only when enabled", () => {
  const mask = { "1": crossFilterMask(1, "state", "CA") };
  const on = chartMasks(layout, charts, [], mask, { enabled: true, scopes: {} });
  expect(on[1].applied).toEqual([]);
  expect(on[2].extraFormData).toEqual({ filters: [{ col: "state", op: "IN", val: ["CA"] }] });
  expect(on[3].applied).toEqual([]);
  expect(chartMasks(layout, charts, [], mask, { enabled: false, scopes: {} })[2].applied).toEqual([]);
  const scoped = crossFilterConfig({ chart_configuration: { 1: { crossFilters: { scope: { rootPath: ["ROOT_ID"], excluded: [2] } } } } });
  expect(scoped.enabled).toBe(true);
  expect(chartMasks(layout, charts, [], mask, scoped)[2].applied).toEqual([]);
  expect(crossFilterConfig({ cross_filters_enabled: false }).enabled).toBe(false);
});

test("the merged mask lands in the chart's query as Superset's buildQueryObject puts it", () => {
  const f = filter();
  const { extraFormData } = chartMasks(layout, charts, [f], { [f.id]: filterMask(f, ["boy"]) })[1];
  const ctx = buildQueryContext({ viz_type: "pie", datasource: "7__table", metric: "sum__num", groupby: ["state"], time_range: "No filter",
    adhoc_filters: [{ expressionType: "SIMPLE", clause: "WHERE", subject: "num", operator: ">", comparator: 0 }], extra_form_data: { ...extraFormData, time_range: "Last year" } });
  expect(ctx.queries[0].filters).toEqual([{ col: "gender", op: "IN", val: ["boy"] }, { col: "num", op: ">", val: 0 }]);
  expect(ctx.queries[0].time_range).toBe("Last year");
});

test("configuration: ids, parsing, defaults and Superset's modified/deleted/reordered changes", () => {
  expect(newFilterId()).toMatch(/^NATIVE_FILTER-[A-Za-z0-9]{21}$/);
  expect(newFilterId(true)).toMatch(/^NATIVE_FILTER_DIVIDER-/);
  expect(() => parseFilterItem({ id: "x", name: "a", filterType: "filter_select" })).toThrow(FilterConfigError);
  expect(() => parseFilterItem({ id: "NATIVE_FILTER-a", name: "a", filterType: "filter_nope" })).toThrow(/unsupported filter type/);
  expect(() => parseFilterChanges({ modified: {}, deleted: [] })).toThrow(/modified must be a list/);
  expect(() => parseFilterChanges({ extra: 1 })).toThrow(/Unknown field/);
  const a = filter({ id: "NATIVE_FILTER-a", defaultDataMask: { filterState: { value: ["boy"] } } });
  const b = filter({ id: "NATIVE_FILTER-b", cascadeParentIds: ["NATIVE_FILTER-a"] });
  expect(defaultValue(a)).toEqual(["boy"]);
  const meta = withFilters(JSON.stringify({ color_scheme: "x" }), [a, b]);
  expect(JSON.parse(meta).color_scheme).toBe("x");
  expect(filtersOfMetadata(meta).map((f) => f.id)).toEqual(["NATIVE_FILTER-a", "NATIVE_FILTER-b"]);
  expect(filtersOfMetadata("not json")).toEqual([]);
  expect(filtersOfMetadata(JSON.stringify({ native_filter_configuration: [{ id: "bad" }, a] })).map((f) => f.id)).toEqual(["NATIVE_FILTER-a"]);
  const c = filter({ id: "NATIVE_FILTER-c", name: "New" });
  const next = applyFilterChanges([a, b], parseFilterChanges({ modified: [c], deleted: ["NATIVE_FILTER-a"], reordered: ["NATIVE_FILTER-c"] }));
  expect(next.map((f) => f.id)).toEqual(["NATIVE_FILTER-c", "NATIVE_FILTER-b"]);
  expect((next[1] as NativeFilter).cascadeParentIds).toEqual([]);
});

test("a click cross-filters on the chart's dimension: table row, pie slice, bar/line series; nothing without one", () => {
  expect(crossFilterOf({ viz_type: "table", query_mode: "aggregate", groupby: ["state"] }, { row: { state: "CA", sum__num: 5 } })).toEqual([{ col: "state", value: "CA" }]);
  expect(crossFilterOf({ viz_type: "table", query_mode: "raw", all_columns: ["name"] }, { row: { name: "Amy" } })).toEqual([{ col: "name", value: "Amy" }]);
  expect(crossFilterOf({ viz_type: "pie", groupby: ["gender"] }, { label: "girl" })).toEqual([{ col: "gender", value: "girl" }]);
  expect(crossFilterOf({ viz_type: "echarts_timeseries_bar", groupby: ["gender"], metrics: ["sum__num"] }, { label: "2000", series: "boy" })).toEqual([{ col: "gender", value: "boy" }]);
  expect(crossFilterOf({ viz_type: "echarts_timeseries_line", groupby: ["gender"], metrics: ["a", "b"] }, { series: "a, girl" })).toEqual([{ col: "gender", value: "girl" }]);
  expect(crossFilterOf({ viz_type: "echarts_area", groupby: [], metrics: ["a"] }, { series: "a" })).toBeNull();
  expect(crossFilterOf({ viz_type: "big_number_total" }, { label: "x" })).toBeNull();
});

test("a stored data mask restores the values of the dashboard's filters and its charts' cross-filters only", () => {
  const f = filter();
  const text = JSON.stringify({ [f.id]: filterMask(f, ["girl"]), "NATIVE_FILTER-gone": { filterState: { value: ["x"] } }, "2": crossFilterMask(2, "state", "CA"), "99": crossFilterMask(99, "a", 1) });
  const out = restoreDataMask(text, [f.id], [1, 2]);
  expect(out.applied).toEqual({ [f.id]: ["girl"] });
  expect(Object.keys(out.cross)).toEqual(["2"]);
  expect(() => restoreDataMask("[1]", [], [])).toThrow(Err);
  expect(() => restoreDataMask("nope", [], [])).toThrow(/not valid JSON/);
  expect(() => parseFilterStateBody({ value: 3 })).toThrow(/required/);
  expect(parseFilterStateBody({ value: "{}" })).toBe("{}");
});

test("a cross-filter of several values ANDs a filter per column and labels them all", () => {
  expect(crossFilterMaskOf(4, [{ col: "state", value: "CA" }, { col: "gender", value: null }])).toEqual({
    id: "4",
    extraFormData: { filters: [{ col: "state", op: "IN", val: ["CA"] }, { col: "gender", op: "IS NULL" }] },
    filterState: { value: [["CA", null]], label: "state = CA, gender = <NULL>", filters: { state: ["CA"], gender: [null] } },
  });
});
