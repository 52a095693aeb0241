import { expect, test } from "vitest";
import { resolveTimeRange } from "./resolve";
import { evalTimeExpression } from "./expression";
import { formatBound } from "./index";

// now: Tuesday 2026-11-24 15:30 UTC. Every expected bound below is worked out by hand from the calendar.
const now = new Date("2026-11-24T15:30:00Z");
const range = (text: string, extra: Record<string, unknown> = {}) => {
  const r = resolveTimeRange(text, { now, ...extra });
  return [formatBound(r.since), formatBound(r.until)];
};

test.each([
  ["Last day", "2026-11-23T00:00:00", "2026-11-24T00:00:00"],
  ["Last week", "2026-11-17T00:00:00", "2026-11-24T00:00:00"],
  ["Last month", "2026-10-24T00:00:00", "2026-11-24T00:00:00"],
  ["Last quarter", "2026-08-24T00:00:00", "2026-11-24T00:00:00"],
  ["Last year", "2025-11-24T00:00:00", "2026-11-24T00:00:00"],
  ["previous calendar week", "2026-11-16T00:00:00", "2026-11-23T00:00:00"],
  ["previous calendar month", "2026-10-01T00:00:00", "2026-11-01T00:00:00"],
  ["previous calendar year", "2025-01-01T00:00:00", "2026-01-01T00:00:00"],
  ["Current day", "2026-11-24T00:00:00", "2026-11-25T00:00:00"],
  ["Current week", "2026-11-23T00:00:00", "2026-11-30T00:00:00"],
  ["Current month", "2026-11-01T00:00:00", "2026-12-01T00:00:00"],
  ["Current quarter", "2026-10-01T00:00:00", "2027-01-01T00:00:00"],
  ["Current year", "2026-01-01T00:00:00", "2027-01-01T00:00:00"],
  ['DATEADD(DATETIME("today"), -7, day) : today', "2026-11-17T00:00:00", "2026-11-24T00:00:00"],
  ["2020-01-01 : 2020-02-01T12:00:00", "2020-01-01T00:00:00", "2020-02-01T12:00:00"],
  ["7 days ago : now", "2026-11-17T00:00:00", "2026-11-24T15:30:00"],
  ["2020-01-01 : ", "2020-01-01T00:00:00", ""],
  [" : 2020-01-01", "", "2020-01-01T00:00:00"],
  ["No filter", "", ""],
  ["", "", ""],
])("%s", (text, since, until) => {
  expect(range(text)).toEqual([since, until]);
});

test("relative ends follow relative_start/relative_end; a shift moves both ends", () => {
  expect(range("1 day ago : 1 day later", { relativeStart: "now", relativeEnd: "now" })).toEqual(["2026-11-23T15:30:00", "2026-11-25T15:30:00"]);
  expect(range("Last week", { timeShift: "1 week ago" })).toEqual(["2026-11-10T00:00:00", "2026-11-17T00:00:00"]);
  expect(range("Last year", { timeShift: "1 year ago" })).toEqual(["2024-11-24T00:00:00", "2025-11-24T00:00:00"]);
});

test("expressions: truncation, last day, month arithmetic clamped to the month's end", () => {
  const at = (e: string) => formatBound(evalTimeExpression(e, now));
  expect(at('DATETRUNC(DATETIME("now"), quarter)')).toBe("2026-10-01T00:00:00");
  expect(at('DATETRUNC(DATETIME("now"), week)')).toBe("2026-11-23T00:00:00");
  expect(at('LASTDAY(DATETIME("2024-02-10"), month)')).toBe("2024-02-29T00:00:00");
  expect(at('LASTDAY(DATETIME("2026-11-24"), year)')).toBe("2026-12-31T00:00:00");
  expect(at('DATEADD(DATETIME("2024-03-31"), -1, month)')).toBe("2024-02-29T00:00:00");
  expect(at("DATEADD(DATEADD(DATETIME('today'), 1, year), -2, days)")).toBe("2027-11-22T00:00:00");
});

test("bad ranges are clear 400s", () => {
  const message = (text: string) => {
    try {
      resolveTimeRange(text, { now });
    } catch (e) {
      return [(e as { status: number }).status, (e as Error).message];
    }
    return null;
  };
  expect(message("2020-02-01 : 2020-01-01")).toEqual([400, "From date cannot be larger than to date"]);
  expect(message("soon : later")?.[1]).toMatch(/^Error parsing time range: "soon"/);
  expect(message('HOLIDAY("christmas") : today')?.[1]).toMatch(/holiday calendar/);
  expect(message("DATEADD(DATETIME('today'), -7) : today")?.[0]).toBe(400);
  expect(message("2024-02-30 : today")?.[0]).toBe(400);
  expect(message("Last week", )).toBeNull();
  expect(() => resolveTimeRange("Last week", { now, timeShift: "sometime" })).toThrow(/Invalid time shift/);
});
