import { expect, test } from "vitest";
import { migrateLineMulti, type ReferencedChart } from "./line-multi";

// The multi-line chart of Superset's examples (load_multi_line): two saved line charts over its own years.
const MULTI = { viz_type: "line_multi", line_charts: [1], line_charts_2: [2], since: "1970", until: "1995", prefix_metric_with_slice_name: true, show_legend: false, x_axis_format: "%Y" };
const line = (metrics: unknown[], extra: Record<string, unknown> = {}): ReferencedChart => ({
  viz_type: "line", dataset_uuid: "births", params: { viz_type: "line", granularity_sqla: "ds", time_grain_sqla: "P1Y", time_range: "No filter", metrics, groupby: ["gender"], adhoc_filters: [], ...extra },
});

test("left and right line charts on one dataset become a mixed chart's queries A and B over the multi-line chart's years", () => {
  const charts: Record<number, ReferencedChart> = { 1: line(["sum__num"]), 2: line(["count"]) };
  const m = migrateLineMulti(MULTI, (id) => charts[id])!;
  expect(m.to).toBe("mixed_timeseries");
  expect(m.dataset_uuid).toBe("births");
  const filter = { clause: "WHERE", subject: "ds", operator: "TEMPORAL_RANGE", comparator: "1970-01-01 : 1995-01-01", expressionType: "SIMPLE" };
  expect(m.formData).toMatchObject({
    viz_type: "mixed_timeseries", x_axis: "ds", time_grain_sqla: "P1Y", show_legend: false, x_axis_time_format: "%Y",
    metrics: ["sum__num"], groupby: ["gender"], adhoc_filters: [filter], metrics_b: ["count"], groupby_b: ["gender"], adhoc_filters_b: [filter], yAxisIndex: 0, yAxisIndexB: 1,
  });
});

test("charts of one side sharing their query become one query with all their metrics; without a right side it is a line chart", () => {
  const charts: Record<number, ReferencedChart> = { 1: line(["sum__num"]), 3: line(["count", "sum__num"]) };
  const m = migrateLineMulti({ ...MULTI, line_charts: [1, 3], line_charts_2: [] }, (id) => charts[id])!;
  expect(m.to).toBe("echarts_timeseries_line");
  expect(m.formData).toMatchObject({ viz_type: "echarts_timeseries_line", metrics: ["sum__num", "count"], x_axis: "ds" });
});

test("a chart missing from the bundle, two datasets, or one side's charts grouped differently leave it unmigrated", () => {
  expect(migrateLineMulti(MULTI, (id) => (id === 1 ? line(["a"]) : undefined))).toBeNull();
  expect(migrateLineMulti(MULTI, (id) => ({ ...line(["a"]), dataset_uuid: `d${id}` }))).toBeNull();
  const charts: Record<number, ReferencedChart> = { 1: line(["a"]), 3: line(["b"], { groupby: ["state"] }) };
  expect(migrateLineMulti({ ...MULTI, line_charts: [1, 3], line_charts_2: [] }, (id) => charts[id])).toBeNull();
  expect(migrateLineMulti({ ...MULTI, line_charts: [] }, () => line(["a"]))).toBeNull();
});
