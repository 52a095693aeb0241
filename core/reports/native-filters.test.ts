import { expect, test } from "vitest";
import { parseLayout } from "../dashboards/layout";
import { parseFilterItem } from "../dashboards/filters/config";
import type { NativeFilter } from "../dashboards/filters/types";
import {
  appliedFiltersText, dashboardStateOf, filterStateProblems, filterValueOf, planEmails, reportExtraFormData, reportNativeFilter, type ReportNativeFilter,
} from "./native-filters";

const layout = parseLayout({
  ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
  GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"] },
  "ROW-1": { type: "ROW", id: "ROW-1", children: ["CHART-1", "CHART-2", "CHART-3"], meta: {} },
  "CHART-1": { type: "CHART", id: "CHART-1", children: [], meta: { chartId: 1, width: 4, height: 50 } },
  "CHART-2": { type: "CHART", id: "CHART-2", children: [], meta: { chartId: 2, width: 4, height: 50 } },
  "CHART-3": { type: "CHART", id: "CHART-3", children: [], meta: { chartId: 3, width: 4, height: 50 } },
});
const charts = [{ id: 1, datasetId: 7 }, { id: 2, datasetId: 7 }, { id: 3, datasetId: 9 }];

const region = parseFilterItem({
  id: "NATIVE_FILTER-region", type: "NATIVE_FILTER", name: "Region", filterType: "filter_select",
  targets: [{ datasetId: 7, column: { name: "region" } }], scope: { rootPath: ["ROOT_ID"], excluded: [2] },
}) as NativeFilter;
const period = parseFilterItem({
  id: "NATIVE_FILTER-period", type: "NATIVE_FILTER", name: "Period", filterType: "filter_time", targets: [{}],
  scope: { rootPath: ["ROOT_ID"], excluded: [] }, defaultDataMask: { filterState: { value: "Last year" } },
}) as NativeFilter;
const filters = [region, period];
const entry = (id: string, values: unknown[]): ReportNativeFilter => ({ nativeFilterId: id, filterName: id, filterType: id.includes("period") ? "filter_time" : "filter_select", columnName: "region", filterValues: values });

test("a chosen value reaches the charts in the filter's scope and on its dataset, as the dashboard page merges it", () => {
  const extra = reportExtraFormData(layout, charts, filters, [entry("NATIVE_FILTER-region", ["EMEA"])]);
  expect(extra[1]).toEqual({ filters: [{ col: "region", op: "IN", val: ["EMEA"] }], time_range: "Last year" });
  // chart 2 is excluded from the region filter's scope, chart 3 reads another dataset: only the time default
  expect(extra[2]).toEqual({ time_range: "Last year" });
  expect(extra[3]).toEqual({ time_range: "Last year" });
});

test("filters the report does not name keep the dashboard's default; a chosen time range overrides it", () => {
  expect(reportExtraFormData(layout, charts, filters, [])[1]).toEqual({ time_range: "Last year" });
  expect(reportExtraFormData(layout, charts, filters, [entry("NATIVE_FILTER-period", ["Last week"])])[3]).toEqual({ time_range: "Last week" });
});

test("Superset's filterValues list ↔ the filter controls' values", () => {
  expect(filterValueOf("filter_select", ["a", "b"])).toEqual(["a", "b"]);
  expect(filterValueOf("filter_time", ["Last week"])).toBe("Last week");
  expect(filterValueOf("filter_range", [1, null])).toEqual([1, null]);
  expect(filterValueOf("filter_select", [])).toBeNull();
  expect(reportNativeFilter(period, "Last week")).toEqual({ nativeFilterId: "NATIVE_FILTER-period", filterName: "Period", filterType: "filter_time", columnName: null, filterValues: ["Last week"] });
  expect(reportNativeFilter(region, ["EMEA"])).toMatchObject({ columnName: "region", filterValues: ["EMEA"] });
  expect(reportNativeFilter(region, [])).toBeNull();
});

test("the mapping is refused for unknown filter ids, unknown or repeated recipients, and on chart reports", () => {
  const ids = filters.map((f) => f.id);
  const extra = (recipientNativeFilters: unknown, nativeFilters: unknown[] = []) => ({ dashboard: { nativeFilters, recipientNativeFilters } });
  expect(filterStateProblems(extra([{ recipient: "alice@x.org", nativeFilters: [entry("NATIVE_FILTER-region", ["EMEA"])] }]), ids, ["alice@x.org"])).toEqual([]);
  expect(filterStateProblems(extra([], [entry("NATIVE_FILTER-gone", ["x"])]), ids, [])).toEqual(["Unknown native filter id: NATIVE_FILTER-gone"]);
  expect(filterStateProblems(extra([{ recipient: "eve@x.org", nativeFilters: [] }]), ids, ["alice@x.org"]))
    .toEqual(["Unknown recipient: eve@x.org is not among the report's email recipients"]);
  expect(filterStateProblems(extra([{ recipient: "Alice@x.org", nativeFilters: [] }, { recipient: "alice@x.org", nativeFilters: [] }]), ids, ["alice@x.org"]))
    .toEqual(["Recipient alice@x.org is mapped more than once"]);
  expect(filterStateProblems(extra([{ recipient: "alice@x.org", nativeFilters: [entry("NATIVE_FILTER-region", ["EMEA"])] }]), null, ["alice@x.org"]))
    .toEqual(["Native filter values apply to dashboard reports only"]);
  expect(filterStateProblems(extra([{ recipient: "alice@x.org", nativeFilters: [{ nativeFilterId: "NATIVE_FILTER-region", filterValues: "EMEA" }] }]), ids, ["alice@x.org"]))
    .toEqual(["recipientNativeFilters 0: filterValues of NATIVE_FILTER-region must be a list"]);
  expect(filterStateProblems({}, ids, [])).toEqual([]);
});

test("mapped recipients get their own email with their values over the report's; the others share the report's state", () => {
  const state = dashboardStateOf({ dashboard: {
    nativeFilters: [entry("NATIVE_FILTER-period", ["Last week"])],
    recipientNativeFilters: [{ recipient: "alice@x.org", nativeFilters: [entry("NATIVE_FILTER-region", ["EMEA"])] }, { recipient: "bob@y.org", nativeFilters: [entry("NATIVE_FILTER-region", ["APAC"])] }],
  } });
  const plan = planEmails([
    { index: 0, r: { to: ["alice@x.org", "carol@z.org"], cc: ["BOB@y.org"], bcc: [] } },
    { index: 1, r: { to: ["alice@x.org"], cc: [], bcc: [] } },
  ], state);
  expect(plan.map((p) => [p.key, p.recipients.to, p.recipients.cc])).toEqual([
    [0, ["carol@z.org"], []],
    ["recipient:alice@x.org", ["alice@x.org"], []],
    ["recipient:bob@y.org", ["BOB@y.org"], []],
  ]);
  expect(plan[0].nativeFilters.map((e) => e.filterValues)).toEqual([["Last week"]]);
  expect(plan[1].nativeFilters.map((e) => [e.nativeFilterId, e.filterValues])).toEqual([["NATIVE_FILTER-period", ["Last week"]], ["NATIVE_FILTER-region", ["EMEA"]]]);
  expect(new Set(plan.map((p) => p.stateKey)).size).toBe(3);
  expect(appliedFiltersText(filters, plan[1].nativeFilters)).toBe("Region: EMEA; Period: Last week");
  // no mapping: one email per row as before, journal keys are the row indexes
  expect(planEmails([{ index: 0, r: { to: ["a@x.org"], cc: [], bcc: [] } }], dashboardStateOf({})).map((p) => p.key)).toEqual([0]);
});
