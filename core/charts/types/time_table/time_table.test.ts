import { expect, test } from "vitest";
import { baseAxis } from "../../test-fixtures";
import { sparklineSegments } from "../../sparkline";
import { timeTable } from ".";
import { cellValue, sparklineValues } from "./cells";

const y = (year: number) => Date.UTC(year, 0, 1);
const fd = {
  datasource: "3__table", viz_type: "time_table", granularity_sqla: "ds", time_grain_sqla: "P1Y", metrics: ["boys", "girls"], groupby: [], adhoc_filters: [], row_limit: 10000,
  column_collection: [
    { key: "trend", label: "Trend", colType: "spark", width: "100", height: "20" },
    { key: "change", label: "Change", colType: "time", timeLag: 1, comparisonType: "perc_change", d3format: "+.1%" },
    { key: "share", label: "Share", colType: "contrib", d3format: ".1%" },
    { key: "avg", label: "Average", colType: "avg", timeLag: 2, d3format: ",.1f" },
    { label: "Latest", d3format: ",d" },
  ],
};
// boys 10, 20, 30 and girls 40, null, 50 over three years (out of order on purpose)
const data = [
  { ds: y(2002), boys: 30, girls: 50 }, { ds: y(2000), boys: 10, girls: 40 }, { ds: y(2001), boys: 20, girls: null },
];

test("time_table: the time column with its grain, the metrics, the groups", () => {
  const [q] = timeTable.buildQuery(fd).queries;
  expect(q.columns).toEqual([baseAxis("ds", "P1Y")]);
  expect(q.metrics).toEqual(["boys", "girls"]);
});

test("time_table: a row per metric; change on the year before, share of the newest year, average of the newest two, the newest", () => {
  const model = timeTable.transformProps({ formData: fd, queriesData: [{ data }], width: 600, height: 300 });
  if (model.kind !== "table") throw new Error(model.kind);
  expect(model.columns.map((c) => c.label)).toEqual(["Metric", "Trend", "Change", "Share", "Average", "Latest"]);
  expect(model.columns[1].sparkline).toEqual({ width: 100, height: 20 });
  // boys: 30 / 20 - 1 = +50 %; 30 / (30 + 50) = 37.5 %; (30 + 20) / 2 = 25; girls: the year before is null; 50 / 80; 50 alone
  expect(model.formatted).toEqual([
    { __series: "boys", trend: "", change: "+50.0%", share: "37.5%", avg: "25.0", c4: "30" },
    { __series: "girls", trend: "", change: "", share: "62.5%", avg: "50.0", c4: "50" },
  ]);
  expect(model.sparklines).toEqual([{ trend: [10, 20, 30] }, { trend: [40, null, 50] }]);
});

test("time_table: grouped, a row per group in name order; more than one metric is Superset's message", () => {
  const grouped = { ...fd, metrics: ["n"], groupby: ["gender"], column_collection: [{ key: "v", colType: "", d3format: ",d" }] };
  const rows = [{ ds: y(2000), gender: "girl", n: 5 }, { ds: y(2000), gender: "boy", n: 7 }];
  const model = timeTable.transformProps({ formData: grouped, queriesData: [{ data: rows }], width: 1, height: 1 });
  if (model.kind !== "table") throw new Error(model.kind);
  expect(model.columns[0].label).toBe("gender");
  expect(model.formatted).toEqual([{ __series: "boy", v: "7" }, { __series: "girl", v: "5" }]);
  const two = timeTable.transformProps({ formData: { ...grouped, metrics: ["n", "m"] }, queriesData: [{ data: rows }], width: 1, height: 1 });
  expect(two).toEqual({ kind: "empty", message: "When using 'Group By' you are limited to use a single metric" });
});

test("time_table cells: lags from either end, too long a lag, ratios over periods", () => {
  const newestFirst = [{ a: 8 }, { a: 4 }, { a: 2 }];
  expect(cellValue("a", { colType: "time", timeLag: 2, comparisonType: "diff" }, newestFirst).value).toBe(6);
  expect(cellValue("a", { colType: "time", timeLag: 1, comparisonType: "perc" }, newestFirst).value).toBe(2);
  // -1 counts from the oldest: the oldest value itself
  expect(cellValue("a", { colType: "time", timeLag: -1 }, newestFirst).value).toBe(2);
  expect(cellValue("a", { colType: "time", timeLag: 3 }, newestFirst)).toEqual({ value: null, error: "The time lag set at 3 is too large for the length of data at 3. No data available." });
  expect(sparklineValues("a", { colType: "spark", timeRatio: 1 }, [{ a: 2 }, { a: 4 }, { a: 0 }, { a: 5 }])).toEqual([2, 0, null]);
});

test("sparkline: spread over the width, smallest at the bottom, broken at a null", () => {
  expect(sparklineSegments([0, 10, null, 5], 64, 24, 2)).toEqual([[[2, 22], [22, 2]], [[62, 12]]]);
  expect(sparklineSegments([null], 10, 10)).toEqual([]);
});
