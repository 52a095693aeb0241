import { expect, test } from "vitest";
import { allowedInterval, answerHash, dueCharts, liveScopeKey, nextWake, parseMasks, planCycle, stableJson, type ScopeParts } from "./live";

const parts = (over: Partial<ScopeParts> = {}): ScopeParts => ({
  dashboardId: 7, interval: 10, datasets: [[1, "ok:null"], [2, "ok:null"]], zone: "UTC", masks: {}, ...over,
});

test("stableJson sorts keys at every depth and drops undefined", () => {
  expect(stableJson({ b: 1, a: { d: [2, { y: 1, x: 0 }], c: undefined } })).toBe('{"a":{"d":[2,{"x":0,"y":1}]},"b":1}');
});

test("the scope key names the dashboard and is the same whatever order datasets and masks were listed in", () => {
  const a = liveScopeKey(parts({ datasets: [[2, "ok:null"], [1, "ok:null"]], masks: { 5: { time_range: "Last day" }, 3: {} } }));
  const b = liveScopeKey(parts({ masks: { 5: { time_range: "Last day" } } }));
  expect(a).toBe(b);
  expect(a.startsWith("live:7:")).toBe(true);
});

test("each thing that changes answers gives another scope", () => {
  const base = liveScopeKey(parts());
  const others = [
    parts({ datasets: [[1, "ok:(region = 'EU')"], [2, "ok:null"]] }),
    parts({ datasets: [[1, "denied"], [2, "ok:null"]] }),
    parts({ zone: "Asia/Kolkata" }),
    parts({ interval: 30 }),
    parts({ masks: { 5: { filters: [{ col: "a", op: "IN", val: [1] }] } } }),
    parts({ dashboardId: 8 }),
  ].map(liveScopeKey);
  expect(new Set([base, ...others]).size).toBe(others.length + 1);
});

test("an answer's hash ignores when it was cached and changes with its rows", () => {
  const rows = [{ data: [{ n: 1 }], colnames: ["n"], is_cached: false, cached_dttm: null }];
  expect(answerHash(rows)).toBe(answerHash([{ ...rows[0], is_cached: true, cached_dttm: "2026-12-03T10:00:00" }]));
  expect(answerHash(rows)).not.toBe(answerHash([{ ...rows[0], data: [{ n: 2 }] }]));
});

test("a cycle leaves immune charts out and staggers the rest over the stagger window", () => {
  const plan = planCycle([1, 2, 3, 4], { timed_refresh_immune_slices: [4], stagger_time: 2000 }, 10, 1_000);
  expect(plan).toEqual([{ chartId: 1, at: 1_000 }, { chartId: 2, at: 2_000 }, { chartId: 3, at: 3_000 }]);
  const unstaggered = planCycle([1, 2], { stagger_refresh: false }, 10, 0);
  expect(unstaggered.map((p) => p.at)).toEqual([0, 0]);
});

test("the stagger window is never longer than the interval", () => {
  expect(planCycle([1, 2], { stagger_time: 60_000 }, 10, 0).at(-1)?.at).toBe(10_000);
});

test("due charts are those whose time has come; the object wakes for the next one, then for the next cycle", () => {
  const plan = planCycle([1, 2, 3], { stagger_time: 2000 }, 10, 0);
  const first = dueCharts(plan, 1_500);
  expect(first.due).toEqual([1, 2]);
  expect(nextWake(first.waiting, 0, 10)).toBe(2_000);
  const rest = dueCharts(first.waiting, 2_000);
  expect(rest.due).toEqual([3]);
  expect(nextWake(rest.waiting, 0, 10)).toBe(10_000);
});

test("intervals: Superset's choices or the one the owner saved", () => {
  expect(allowedInterval(30, 0)).toBe(true);
  expect(allowedInterval(2, 2)).toBe(true);
  expect(allowedInterval(2, 0)).toBe(false);
  expect(allowedInterval(0, 0)).toBe(false);
});

test("masks parse from a JSON object of chart id to object and refuse anything else with a message", () => {
  expect(parseMasks(null)).toEqual({});
  expect(parseMasks('{"12":{"time_range":"Last day"}}')).toEqual({ 12: { time_range: "Last day" } });
  expect(() => parseMasks("[1]")).toThrow(/JSON object/);
  expect(() => parseMasks('{"x":{}}')).toThrow(/not a chart id/);
  expect(() => parseMasks('{"3":1}')).toThrow(/must be an object/);
  expect(() => parseMasks("{")).toThrow(/JSON object/);
});
