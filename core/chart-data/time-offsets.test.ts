import { expect, test } from "vitest";
import { concreteOffset, joinTimeOffsets, offsetQuery, timeAxisLabel } from "./time-offsets";
import { parseQueryContext } from "./query-context";

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

test("offset rows move forward by the offset and join on time and every other column", () => {
  const main = { names: ["ds", "region", "sum"], rows: [[day("2024-03-08"), "N", 10], [day("2024-03-08"), "S", 4], [day("2024-03-15"), "N", 12]] };
  // fetched a week back: 2024-03-01 and 2024-03-08 become 03-08 and 03-15
  const weekAgo = { names: ["ds", "region", "sum"], rows: [[day("2024-03-01"), "N", 7], [day("2024-03-08"), "N", 10], [day("2024-03-01"), "E", 99]] };
  const out = joinTimeOffsets(main, [{ offset: "1 week ago", frame: weekAgo }], ["sum"], "ds");
  expect(out.names).toEqual(["ds", "region", "sum", "sum__1 week ago"]);
  expect(out.rows).toEqual([
    [day("2024-03-08"), "N", 10, 7],
    [day("2024-03-08"), "S", 4, null], // no southern row a week back
    [day("2024-03-15"), "N", 12, 10],
  ]);
});

test("month and year offsets move by calendar, clamping the day as dateutil does", () => {
  const main = { names: ["__timestamp", "n"], rows: [[day("2024-02-29"), 1], [day("2024-03-31"), 2]] };
  const yearAgo = { names: ["__timestamp", "n"], rows: [[day("2023-02-28"), 5]] };
  const monthAgo = { names: ["__timestamp", "n"], rows: [[day("2024-02-29"), 8]] };
  const out = joinTimeOffsets(main, [{ offset: "1 year ago", frame: yearAgo }, { offset: "1 month ago", frame: monthAgo }], ["n"], "__timestamp");
  // 2023-02-28 + 1 year = 2024-02-28 (not the 29th): no match; 2024-02-29 + 1 month = 2024-03-29: no match either
  expect(out.rows).toEqual([[day("2024-02-29"), 1, null, null], [day("2024-03-31"), 2, null, null]]);
  const later = joinTimeOffsets({ names: ["t", "n"], rows: [[day("2024-03-29"), 3]] }, [{ offset: "1 month ago", frame: { ...monthAgo, names: ["t", "n"] } }], ["n"], "t");
  expect(later).toEqual({ names: ["t", "n", "n__1 month ago"], rows: [[day("2024-03-29"), 3, 8]] });
});

test("a time comparison needs a time axis of timestamps", () => {
  const q = parseQueryContext({ datasource: { id: 1 }, queries: [{ columns: ["region"], metrics: ["count"], time_offsets: ["1 week ago"] }] }).queries[0];
  expect(() => timeAxisLabel(q, ["region"])).toThrow("A time column must be specified when using a Time Comparison.");
  const frame = { names: ["region", "count"], rows: [["N", 1]] };
  expect(() => joinTimeOffsets(frame, [{ offset: "1 week ago", frame }], ["count"], "region")).toThrow(/time column must be specified/);
});

test("the x-axis column (BASE_AXIS) or the legacy __timestamp is the time axis", () => {
  const ctx = parseQueryContext({
    datasource: { id: 1 },
    queries: [
      { columns: ["gender", { columnType: "BASE_AXIS", sqlExpression: "ds", label: "ds", timeGrain: "P1D" }], metrics: ["count"], time_offsets: ["1 week ago"] },
      { is_timeseries: true, granularity: "ds", columns: ["gender"], metrics: ["count"] },
    ],
  });
  expect(timeAxisLabel(ctx.queries[0], ["gender", "ds"])).toBe("ds");
  expect(timeAxisLabel(ctx.queries[1], ["__timestamp", "gender"])).toBe("__timestamp");
});

test("the offset query keeps filters and columns, drops limits, offsets and post-processing", () => {
  const q = parseQueryContext({
    datasource: { id: 1 },
    queries: [{ columns: ["g"], metrics: ["m"], row_limit: 10, row_offset: 5, time_offsets: ["1 week ago"], post_processing: [{ operation: "pivot" }], filters: [{ col: "g", op: "==", val: "x" }] }],
  }).queries[0];
  expect(offsetQuery(q, "1 week ago")).toMatchObject({ time_shift: "1 week ago", time_offsets: [], post_processing: [], row_limit: null, row_offset: 0, filters: q.filters, columns: ["g"] });
});

test("an offset that is not a shift is refused by name", () => {
  const frame = { names: ["t", "n"], rows: [[day("2024-01-01"), 1]] };
  expect(() => joinTimeOffsets(frame, [{ offset: "last tuesday", frame }], ["n"], "t")).toThrow(/Invalid time shift: "last tuesday"/);
});

test("period over period: inherit is the range's length back, a date the range moved to start there", () => {
  const from = day("2024-03-01"), to = day("2024-03-31");
  expect(concreteOffset("inherit", from, to)).toBe("30 days ago");
  expect(concreteOffset("2024-02-01", from, to)).toBe("29 days ago");
  expect(concreteOffset("1 year ago", null, null)).toBe("1 year ago");
  expect(() => concreteOffset("inherit", null, to)).toThrow(/start and an end/);
});

test("a query of metrics alone joins its offset's one row, the column named by the offset as asked", () => {
  const q = parseQueryContext({ datasource: { id: 1 }, queries: [{ columns: [], metrics: ["count"], time_offsets: ["inherit"] }] }).queries[0];
  expect(timeAxisLabel(q, [])).toBeNull();
  const out = joinTimeOffsets({ names: ["count"], rows: [[12]] }, [{ offset: "inherit", shift: "30 days ago", frame: { names: ["count"], rows: [[9]] } }], ["count"], null);
  expect(out).toEqual({ names: ["count", "count__inherit"], rows: [[12, 9]] });
});
