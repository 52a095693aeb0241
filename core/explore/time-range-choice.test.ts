import { expect, test } from "vitest";
import { LAST_CHOICES, PREVIOUS_CHOICES, advancedBounds, choiceOf, choiceProblem, switchKind, timeRangeOf, timeRangeQuery, type TimeRangeChoice } from "./time-range-choice";
import { resolveTimeRange } from "../time-range/resolve";

test("named ranges open on the Last and Previous tabs, empty and 'No filter' on no filter", () => {
  expect(choiceOf("Last quarter")).toEqual({ kind: "last", range: "Last quarter" });
  expect(choiceOf("last week")).toEqual({ kind: "last", range: "Last week" });
  expect(choiceOf("previous calendar month")).toEqual({ kind: "previous", range: "previous calendar month" });
  expect(choiceOf("No filter")).toEqual({ kind: "no_filter" });
  expect(choiceOf(undefined)).toEqual({ kind: "no_filter" });
  expect(timeRangeOf({ kind: "no_filter" })).toBe("No filter");
});

test("a custom range of a specific date, a relative time and now round-trips through Superset's grammar", () => {
  const custom: TimeRangeChoice = {
    kind: "custom",
    start: { mode: "specific", datetime: "1990-01-01" },
    end: { mode: "relative", value: 7, unit: "day", direction: "before" },
  };
  const text = timeRangeOf(custom);
  expect(text).toBe('1990-01-01T00:00:00 : DATEADD(DATETIME("now"), -7, day)');
  expect(choiceOf(text)).toEqual({ ...custom, start: { mode: "specific", datetime: "1990-01-01T00:00:00" } });
  expect(choiceOf("2000-01-01T00:00:00 : now")).toEqual({ kind: "custom", start: { mode: "specific", datetime: "2000-01-01T00:00:00" }, end: { mode: "now" } });
  expect(choiceOf('DATEADD(DATETIME("now"), 2, year) : now').kind).toBe("custom");
});

test("anything else is Advanced, split at ' : ' and written back unchanged", () => {
  expect(choiceOf("DATEADD(DATETIME(\"today\"), -1, week) : today")).toEqual({ kind: "advanced", start: 'DATEADD(DATETIME("today"), -1, week)', end: "today" });
  expect(choiceOf("Last 3 days")).toEqual({ kind: "advanced", start: "Last 3 days", end: "" });
  expect(timeRangeOf({ kind: "advanced", start: " 10 years ago", end: "" })).toBe("10 years ago : ");
});

test("switching tabs carries the range over where it can", () => {
  expect(switchKind({ kind: "last", range: "Last year" }, "advanced")).toEqual({ kind: "advanced", start: 'DATEADD(DATETIME("today"), -1, year)', end: "today" });
  expect(switchKind({ kind: "no_filter" }, "last")).toEqual({ kind: "last", range: "Last week" });
  expect(switchKind({ kind: "advanced", start: "2001-02-03", end: "now" }, "custom")).toEqual({
    kind: "custom", start: { mode: "specific", datetime: "2001-02-03T00:00:00" }, end: { mode: "now" },
  });
  const fresh = switchKind({ kind: "advanced", start: "today", end: "" }, "custom");
  expect(timeRangeOf(fresh)).toBe('DATEADD(DATETIME("now"), -7, day) : now');
});

test("an empty custom date or an empty advanced range cannot be applied: 'Date Filter must have value'", () => {
  expect(choiceProblem({ kind: "custom", start: { mode: "specific", datetime: "" }, end: { mode: "now" } })).toBe("Date Filter must have value");
  expect(choiceProblem({ kind: "advanced", start: " ", end: "" })).toBe("Date Filter must have value");
  expect(choiceProblem({ kind: "custom", start: { mode: "relative", value: 1.5, unit: "day", direction: "before" }, end: { mode: "now" } })).toMatch(/positive integer/);
  expect(choiceProblem({ kind: "last", range: "Last day" })).toBeNull();
});

test("the picker asks the server with rison quoting", () => {
  expect(timeRangeQuery("Last week")).toBe("'Last week'");
  expect(timeRangeQuery("it's!")).toBe("'it!'s!!'");
});

test("Advanced starts from the range the picker had: a named range becomes start and end spanning the same bounds", () => {
  const now = new Date("2026-11-26T15:30:00Z");
  for (const range of [...LAST_CHOICES, ...PREVIOUS_CHOICES]) {
    const advanced = switchKind({ kind: range.startsWith("Last") ? "last" : "previous", range }, "advanced");
    expect(advanced.kind).toBe("advanced");
    expect(resolveTimeRange(timeRangeOf(advanced), { now })).toEqual(resolveTimeRange(range, { now }));
  }
  expect(advancedBounds("previous calendar week")).toEqual(['DATETRUNC(DATEADD(DATETIME("today"), -1, week), week)', 'DATETRUNC(DATETIME("today"), week)']);
  expect(switchKind({ kind: "no_filter" }, "advanced")).toEqual({ kind: "advanced", start: "", end: "" });
});

test("No filter is a valid range (Superset's default time filter); the picker blocks only an empty or half-set one", () => {
  expect(choiceProblem({ kind: "no_filter" })).toBeNull();
});
