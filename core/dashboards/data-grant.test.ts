import { describe, expect, test } from "vitest";
import { dashboardDataRef, nativeFilterTargets } from "./data-grant";

describe("dashboardDataRef", () => {
  test("names the dashboard and the chart of a dashboard chart's form data", () => {
    expect(dashboardDataRef({ dashboardId: 7, slice_id: 12, viz_type: "pie" })).toEqual({ dashboardId: 7, kind: "chart", sliceId: 12 });
    expect(dashboardDataRef({ dashboardId: "7", slice_id: "12" })).toEqual({ dashboardId: 7, kind: "chart", sliceId: 12 });
  });
  test("names the native filter of a filter's values request", () => {
    expect(dashboardDataRef({ dashboardId: 7, type: "NATIVE_FILTER", native_filter_id: "NATIVE_FILTER-a" })).toEqual({ dashboardId: 7, kind: "native_filter", filterId: "NATIVE_FILTER-a" });
  });
  test("nothing without a dashboard, a chart or a filter id", () => {
    for (const fd of [null, undefined, {}, { slice_id: 3 }, { dashboardId: 7 }, { dashboardId: -1, slice_id: 3 }, { dashboardId: 7, slice_id: 1.5 }, { dashboardId: 7, type: "NATIVE_FILTER" }]) {
      expect(dashboardDataRef(fd)).toBeNull();
    }
  });
});

describe("nativeFilterTargets", () => {
  const meta = JSON.stringify({ native_filter_configuration: [{ id: "F1", targets: [{ datasetId: 4, column: { name: "x" } }] }, { id: "F2", targets: [] }] });
  test("true only for the named filter's own dataset", () => {
    expect(nativeFilterTargets(meta, "F1", 4)).toBe(true);
    expect(nativeFilterTargets(meta, "F1", 5)).toBe(false);
    expect(nativeFilterTargets(meta, "F2", 4)).toBe(false);
    expect(nativeFilterTargets(meta, "F3", 4)).toBe(false);
  });
  test("false for missing or broken metadata", () => {
    expect(nativeFilterTargets(null, "F1", 4)).toBe(false);
    expect(nativeFilterTargets("{not json", "F1", 4)).toBe(false);
  });
});
