import { expect, test } from "vitest";
import { applyPostProcessing } from "./index";
import { decodeGeohash, encodeGeohash } from "./ops/geo";

// Every expected figure below is worked out by hand from the input rows, not computed by the code.
const D = (day: number) => Date.UTC(2024, 0, day);
// births by day and gender: Jan 1 boy 10, girl 20; Jan 2 boy 30; Jan 3 boy 50, girl 40
const rows: unknown[][] = [[D(1), "boy", 10], [D(1), "girl", 20], [D(2), "boy", 30], [D(3), "boy", 50], [D(3), "girl", 40]];
const names = ["ds", "gender", "num"];
const run = (steps: { operation: string; options?: Record<string, unknown> }[], n = names, r = rows) => applyPostProcessing(n, r, steps);

test("pivot + rename + flatten: the time series of a grouped chart, as Superset's echarts timeseries builds it", () => {
  const out = run([
    { operation: "pivot", options: { index: ["ds"], columns: ["gender"], aggregates: { num: { operator: "sum" } }, drop_missing_columns: false } },
    { operation: "rename", options: { columns: { num: null }, level: 0, inplace: true } },
    { operation: "flatten" },
  ]);
  expect(out.names).toEqual(["ds", "boy", "girl"]);
  expect(out.rows).toEqual([[D(1), 10, 20], [D(2), 30, null], [D(3), 50, 40]]);
  // with the metric kept in the names: "num, boy"
  expect(run([{ operation: "pivot", options: { index: ["ds"], columns: ["gender"], aggregates: { num: { operator: "sum" } } } }, { operation: "flatten" }]).names).toEqual(["ds", "num, boy", "num, girl"]);
});

test("aggregate by group: sum, mean, max, count, median and a percentile", () => {
  const out = run([{ operation: "aggregate", options: { groupby: ["gender"], aggregates: {
    total: { operator: "sum", column: "num" }, avg: { operator: "mean", column: "num" }, top: { operator: "max", column: "num" },
    n: { operator: "count", column: "num" }, med: { operator: "median", column: "num" }, p90: { operator: "percentile", column: "num", options: { q: 90 } },
  } } }]);
  expect(out.names).toEqual(["gender", "total", "avg", "top", "n", "med", "p90"]);
  // boys 10, 30, 50: sum 90, mean 30, median 30, p90 = 30 + (50-30)*0.8 = 46; girls 20, 40: p90 = 20 + 20*0.9 = 38
  expect(out.rows).toEqual([["boy", 90, 30, 50, 3, 30, 46], ["girl", 60, 30, 40, 2, 30, 38]]);
});

test("rolling, cum and diff over a series", () => {
  const series = [[1, 2], [2, 4], [3, 6], [4, 8]];
  const n2 = ["t", "v"];
  // rolling sum of 2 with min_periods 2: null, 6, 10, 14; Superset then drops the first min_periods rows
  expect(run([{ operation: "rolling", options: { columns: { v: "v" }, rolling_type: "sum", window: 2, min_periods: 2 } }], n2, series).rows).toEqual([[3, 10], [4, 14]]);
  expect(run([{ operation: "rolling", options: { columns: { v: "m" }, rolling_type: "mean", window: 3, min_periods: 0 } }], n2, series).rows.map((r) => r[2])).toEqual([2, 3, 4, 6]);
  expect(run([{ operation: "cum", options: { columns: { v: "c" }, operator: "sum" } }], n2, series).rows.map((r) => r[2])).toEqual([2, 6, 12, 20]);
  expect(run([{ operation: "diff", options: { columns: { v: "d" }, periods: 1 } }], n2, series).rows.map((r) => r[2])).toEqual([null, 2, 2, 2]);
});

test("after a pivot, rolling, cum and diff on a metric apply to each of its series (the timeseries plugin's order)", () => {
  const pivot = { operation: "pivot", options: { index: ["ds"], columns: ["gender"], aggregates: { num: { operator: "mean" } } } };
  // boy 10, 30, 50 and girl 20, (none), 40 by day: running sums boy 10, 40, 90, girl 20, (none), 60
  const cum = run([pivot, { operation: "cum", options: { operator: "sum", columns: { num: "num" } } }, { operation: "flatten" }]);
  expect(cum.names).toEqual(["ds", "num, boy", "num, girl"]);
  expect(cum.rows).toEqual([[D(1), 10, 20], [D(2), 40, null], [D(3), 90, 60]]);
  // a window of 2 over boy (10+30, 30+50) and girl (20, 40 alone), the first row dropped (min_periods 1)
  const rolled = run([pivot, { operation: "rolling", options: { rolling_type: "sum", window: 2, min_periods: 1, columns: { num: "num" } } }, { operation: "flatten" }]);
  expect(rolled.rows).toEqual([[D(2), 40, 20], [D(3), 80, 40]]);
  // renamed: the series are added under the new name beside the originals
  const diffed = run([pivot, { operation: "diff", options: { periods: 1, columns: { num: "d" } } }, { operation: "flatten" }]);
  expect(diffed.names).toEqual(["ds", "num, boy", "num, girl", "d, boy", "d, girl"]);
  expect(diffed.rows.map((r) => r.slice(3))).toEqual([[null, null], [20, null], [20, null]]);
});

test("after a pivot, compare pairs each series with the same series of the compared metric (a grouped time comparison)", () => {
  // this year's and last year's births by day and gender: boy 10 vs 5, girl 20 vs 25 on day 1; boy 30 vs 10 on day 2
  const out = run([
    { operation: "pivot", options: { index: ["ds"], columns: ["gender"], aggregates: { num: { operator: "mean" }, prev: { operator: "mean" } } } },
    { operation: "compare", options: { source_columns: ["num"], compare_columns: ["prev"], compare_type: "difference", drop_original_columns: true } },
    { operation: "flatten" },
  ], ["ds", "gender", "num", "prev"], [[D(1), "boy", 10, 5], [D(1), "girl", 20, 25], [D(2), "boy", 30, 10]]);
  expect(out.names).toEqual(["ds", "difference__num__prev, boy", "difference__num__prev, girl"]);
  expect(out.rows).toEqual([[D(1), 5, -5], [D(2), 20, null]]);
});

test("compare and contribution", () => {
  const n3 = ["a", "b"];
  const r3 = [[10, 8], [3, 4]];
  const out = run([{ operation: "compare", options: { source_columns: ["a"], compare_columns: ["b"], compare_type: "percentage", drop_original_columns: false } }], n3, r3);
  expect(out.names).toEqual(["a", "b", "percentage__a__b"]);
  expect(out.rows.map((r) => r[2])).toEqual([0.25, -0.25]); // (10-8)/8, (3-4)/4
  // column shares: a 10/13, 3/13; row shares: 10/18, 8/18
  expect(run([{ operation: "contribution", options: { orientation: "column" } }], n3, r3).rows[0]).toEqual([10 / 13, 8 / 12]);
  expect(run([{ operation: "contribution", options: { orientation: "row", columns: ["a", "b"], rename_columns: ["pa", "pb"] } }], n3, r3).rows[0]).toEqual([10, 8, 10 / 18, 8 / 18]);
});

test("rank as a percentile within groups, ties averaged; sort with nulls last; select and rename", () => {
  const out = run([{ operation: "rank", options: { metric: "num", group_by: "gender" } }]);
  // boys 10, 30, 50 → 1/3, 2/3, 1; girls 20, 40 → 1/2, 1
  expect(out.rows.map((r) => r[3])).toEqual([1 / 3, 1 / 2, 2 / 3, 1, 1]);
  const tied = run([{ operation: "rank", options: { metric: "v" } }], ["v"], [[5], [5], [1]]);
  expect(tied.rows.map((r) => r[1])).toEqual([2.5 / 3, 2.5 / 3, 1 / 3]);
  const sorted = run([{ operation: "sort", options: { by: ["num"], ascending: false } }], names, [...rows, [D(4), "boy", null]]);
  expect(sorted.rows.map((r) => r[2])).toEqual([50, 40, 30, 20, 10, null]);
  expect(run([{ operation: "select", options: { columns: ["num", "gender"], rename: { num: "births" } } }]).names).toEqual(["births", "gender"]);
});

test("resample: a daily series with a gap, by asfreq with a fill value, ffill, linear and a weekly sum", () => {
  const n2 = ["ds", "v"];
  const r2 = [[D(1), 1], [D(3), 3], [D(6), 6]];
  const pivoted = { operation: "pivot", options: { index: ["ds"], aggregates: { v: { operator: "sum" } } } };
  const asfreq = run([pivoted, { operation: "resample", options: { rule: "1D", method: "asfreq", fill_value: 0 } }, { operation: "flatten" }], n2, r2);
  expect(asfreq.rows).toEqual([[D(1), 1], [D(2), 0], [D(3), 3], [D(4), 0], [D(5), 0], [D(6), 6]]);
  expect(run([pivoted, { operation: "resample", options: { rule: "1D", method: "ffill" } }, { operation: "flatten" }], n2, r2).rows.map((r) => r[1])).toEqual([1, 1, 3, 3, 3, 6]);
  expect(run([pivoted, { operation: "resample", options: { rule: "1D", method: "linear" } }, { operation: "flatten" }], n2, r2).rows.map((r) => r[1])).toEqual([1, 2, 3, 4, 5, 6]);
  // 2024-01-01 is a Monday: weeks ending Sunday Jan 7 hold all three days → 10
  expect(run([pivoted, { operation: "resample", options: { rule: "W", method: "sum" } }, { operation: "flatten" }], n2, r2).rows).toEqual([[D(7), 10]]);
  // month starts: Jan and Feb sums
  const monthly = run([pivoted, { operation: "resample", options: { rule: "MS", method: "sum" } }, { operation: "flatten" }], n2, [[D(1), 1], [D(20), 2], [Date.UTC(2024, 1, 3), 5]]);
  expect(monthly.rows).toEqual([[D(1), 3], [Date.UTC(2024, 1, 1), 5]]);
});

test("boxplot with Tukey whiskers and histogram bins", () => {
  const values = [[1], [2], [3], [4], [100]];
  const box = run([{ operation: "boxplot", options: { groupby: [], metrics: ["v"], whisker_type: "tukey" } }], ["v"], values);
  // q1 2, q3 4, IQR 2: whiskers within [-1, 7] → min 1, max 4; 100 is an outlier; mean 22
  expect(Object.fromEntries(box.names.map((n, i) => [n, box.rows[0][i]]))).toEqual({
    v__mean: 22, v__median: 3, v__max: 4, v__min: 1, v__q1: 2, v__q3: 4, v__count: 5, v__outliers: [100],
  });
  const hist = run([{ operation: "histogram", options: { column: "v", groupby: [], bins: 2 } }], ["v"], [[0], [1], [2], [3], [4]]);
  // edges 0, 2, 4: [0,2) holds 0 and 1, [2,4] holds 2, 3, 4
  expect(hist.names).toEqual(["0 - 2", "2 - 4"]);
  expect(hist.rows).toEqual([[2, 3]]);
});

test("geohash round trip and bad operations", () => {
  expect(encodeGeohash(57.64911, 10.40744, 11)).toBe("u4pruydqqvj");
  const back = decodeGeohash("u4pruydqqvj")!;
  expect(Math.abs(back.lat - 57.64911)).toBeLessThan(1e-4);
  expect(Math.abs(back.lon - 10.40744)).toBeLessThan(1e-4);
  expect(() => run([{ operation: "prophet", options: {} }])).toThrow(/prophet forecast is not supported/);
  expect(() => run([{ operation: "toString" }])).toThrow(/unknown operation/);
  expect(() => run([{ operation: "pivot", options: { index: ["nope"], aggregates: { num: { operator: "sum" } } } }])).toThrow(/Referenced columns not available in DataFrame: nope/);
  expect(() => run([{ operation: "aggregate", options: { groupby: [], aggregates: { x: { operator: "constructor", column: "num" } } } }])).toThrow(/Invalid numpy function/);
});

test("what only the rows can tell is bounded before it is built: a pivot's cartesian product, histogram cells, rolling work", () => {
  const errorOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return e as { status: number; message: string };
    }
    throw new Error("expected an error");
  };
  // 3 columns of 300 distinct values each: 27 million combinations if missing ones are kept (this ran 13 s)
  const wide = Array.from({ length: 300 }, (_, i) => [i, `a${i}`, `b${i}`, `c${i}`, 1]);
  const started = Date.now();
  const pivot = errorOf(() => run([{ operation: "pivot", options: { index: ["i"], columns: ["a", "b", "c"], aggregates: { v: { operator: "sum" } }, drop_missing_columns: false } }], ["i", "a", "b", "c", "v"], wide));
  expect(pivot).toMatchObject({ status: 400, message: expect.stringMatching(/27,000,000 columns, more than the 10,000 allowed \(the limit MAX_POST_PROCESSING_COLUMNS\)/) });
  expect(Date.now() - started).toBeLessThan(2_000);
  // 4,000 index rows × 4,000 combinations that exist: 16 million cells
  const diagonal = Array.from({ length: 4_000 }, (_, i) => [i, `x${i}`, 1]);
  expect(errorOf(() => run([{ operation: "pivot", options: { index: ["i"], columns: ["x"], aggregates: { v: { operator: "sum" } } } }], ["i", "x", "v"], diagonal)).message)
    .toMatch(/4,000 columns|MAX_POST_PROCESSING_CELLS/);
  // 20,000 groups × 1,000 bins
  const grouped = Array.from({ length: 20_000 }, (_, i) => [i, i % 7]);
  expect(errorOf(() => run([{ operation: "histogram", options: { column: "v", groupby: ["g"], bins: 1_000 } }], ["g", "v"], grouped)).message)
    .toMatch(/20,020,000 cells .*MAX_POST_PROCESSING_CELLS/);
  // 200,000 rows × a 10,000-row window: 2 billion values visited
  const long = Array.from({ length: 200_000 }, (_, i) => [i, i]);
  expect(errorOf(() => run([{ operation: "rolling", options: { columns: { v: "v" }, rolling_type: "sum", window: 10_000 } }], ["t", "v"], long)).message)
    .toMatch(/2,000,000,000 values, more than the 50,000,000 allowed \(the limit MAX_POST_PROCESSING_WORK\)/);
  // 200,000 rows no longer overflow the stack (min and max of a column were spread as arguments)
  expect(run([{ operation: "histogram", options: { column: "v", bins: 2 } }], ["t", "v"], long).rows).toEqual([[100_000, 100_000]]);
  expect(run([{ operation: "aggregate", options: { groupby: [], aggregates: { lo: { operator: "min", column: "v" }, hi: { operator: "max", column: "v" } } } }], ["t", "v"], long).rows).toEqual([[0, 199_999]]);
}, 30_000);

test("row contribution over many columns is linear: each row's total is computed once", () => {
  const cols = Array.from({ length: 2_000 }, (_, i) => `c${i}`);
  const rows2 = Array.from({ length: 200 }, (_, r) => cols.map((_, i) => (i === 0 ? r + 1 : 1)));
  const started = Date.now();
  const out = run([{ operation: "contribution", options: { orientation: "row" } }], cols, rows2);
  expect(Date.now() - started).toBeLessThan(3_000);
  expect(out.rows[0][0]).toBeCloseTo(1 / 2_000);
  expect(out.rows[199][0]).toBeCloseTo(200 / 2_199);
});
