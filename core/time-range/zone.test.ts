import { expect, test } from "vitest";
import { resolveTimeRange } from "./resolve";
import { formatBound } from "./index";
import { canonicalZone, fromWall, offsetMinutes, toWall } from "../time-zone/zone";

// Each expected instant is worked out by hand from the zone's rules: America/Chicago springs forward on
// 2026-03-08 at 02:00 (CST −6 → CDT −5) and falls back on 2026-11-01 at 02:00; Europe/Berlin on 2026-03-29
// at 02:00 (CET +1 → CEST +2) and back on 2026-10-25 at 03:00; Asia/Kolkata is +05:30 all year.
const iso = (d: Date | null) => (d ? d.toISOString().slice(0, 19) + "Z" : "");
const range = (text: string, now: string, timeZone: string, extra: Record<string, unknown> = {}) => {
  const r = resolveTimeRange(text, { now: new Date(now), timeZone, ...extra });
  return [iso(r.since), iso(r.until)];
};

test.each([
  // Kolkata's day starts at 18:30 UTC the day before, also when the UTC date is already the next day
  ["today : tomorrow", "2026-11-24T15:30:00Z", "Asia/Kolkata", "2026-11-23T18:30:00Z", "2026-11-24T18:30:00Z"],
  ["Today", "2026-11-24T15:30:00Z", "Asia/Kolkata", "2026-11-23T18:30:00Z", "2026-11-24T18:30:00Z"],
  ["Yesterday", "2026-11-24T15:30:00Z", "America/Chicago", "2026-11-23T06:00:00Z", "2026-11-24T06:00:00Z"],
  ["Today", "2026-03-08T18:00:00Z", "America/Chicago", "2026-03-08T06:00:00Z", "2026-03-09T05:00:00Z"],
  ["Current day", "2026-11-24T20:00:00Z", "Asia/Kolkata", "2026-11-24T18:30:00Z", "2026-11-25T18:30:00Z"],
  ["Last week", "2026-11-24T15:30:00Z", "Asia/Kolkata", "2026-11-16T18:30:00Z", "2026-11-23T18:30:00Z"],
  ["yesterday : today", "2026-11-24T03:00:00Z", "America/Chicago", "2026-11-22T06:00:00Z", "2026-11-23T06:00:00Z"],
  // Chicago spring-forward day has 23 hours; the day before it 24
  ["Current day", "2026-03-08T18:00:00Z", "America/Chicago", "2026-03-08T06:00:00Z", "2026-03-09T05:00:00Z"],
  ["Last day", "2026-03-08T18:00:00Z", "America/Chicago", "2026-03-07T06:00:00Z", "2026-03-08T06:00:00Z"],
  // fall-back day has 25 hours
  ["Current day", "2026-11-01T18:00:00Z", "America/Chicago", "2026-11-01T05:00:00Z", "2026-11-02T06:00:00Z"],
  ["Current month", "2026-11-24T15:30:00Z", "America/Chicago", "2026-11-01T05:00:00Z", "2026-12-01T06:00:00Z"],
  ["Current week", "2026-03-10T15:00:00Z", "America/Chicago", "2026-03-09T05:00:00Z", "2026-03-16T05:00:00Z"],
  ["Current quarter", "2026-02-10T15:00:00Z", "America/Chicago", "2026-01-01T06:00:00Z", "2026-04-01T05:00:00Z"],
  ["Last year", "2026-03-10T15:00:00Z", "Europe/Berlin", "2025-03-09T23:00:00Z", "2026-03-09T23:00:00Z"],
  ['DATEADD(DATETIME("today"), -7, day) : today', "2026-03-10T15:00:00Z", "America/Chicago", "2026-03-03T06:00:00Z", "2026-03-10T05:00:00Z"],
  ['DATETRUNC(DATETIME("now"), month) : LASTDAY(DATETIME("today"), month)', "2026-03-31T23:30:00Z", "Europe/Berlin", "2026-03-31T22:00:00Z", "2026-04-29T22:00:00Z"],
  // a wall time in the skipped hour moves forward by the gap (02:30 → 03:30 CDT / CEST)
  ["2026-03-08T02:30:00 : 2026-03-08T04:00:00", "2026-06-01T00:00:00Z", "America/Chicago", "2026-03-08T08:30:00Z", "2026-03-08T09:00:00Z"],
  ["2026-03-29T02:30:00 : 2026-03-29T04:00:00", "2026-06-01T00:00:00Z", "Europe/Berlin", "2026-03-29T01:30:00Z", "2026-03-29T02:00:00Z"],
  // Berlin's spring-forward and fall-back days
  ["Current day", "2026-03-29T12:00:00Z", "Europe/Berlin", "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z"],
  ["Current day", "2026-10-25T12:00:00Z", "Europe/Berlin", "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z"],
  // a repeated wall time is its first occurrence (daylight time), the hour after is standard time
  ["2026-11-01T01:30:00 : 2026-11-01T03:00:00", "2026-12-01T00:00:00Z", "America/Chicago", "2026-11-01T06:30:00Z", "2026-11-01T09:00:00Z"],
  ["2026-10-25T02:30:00 : 2026-10-25T03:00:00", "2026-12-01T00:00:00Z", "Europe/Berlin", "2026-10-25T00:30:00Z", "2026-10-25T02:00:00Z"],
  // "now" inside the repeated hour (01:30 CST, its second occurrence) stays exactly now
  ["today : now", "2026-11-01T07:30:00Z", "America/Chicago", "2026-11-01T05:00:00Z", "2026-11-01T07:30:00Z"],
  ["today : now", "2026-10-25T01:30:00Z", "Europe/Berlin", "2026-10-24T22:00:00Z", "2026-10-25T01:30:00Z"],
  // a written offset is an instant whatever the zone
  ["2026-11-24T00:00:00Z : now", "2026-11-24T15:30:00Z", "Asia/Kolkata", "2026-11-24T00:00:00Z", "2026-11-24T15:30:00Z"],
  // UTC (the default) is unchanged
  ["Current day", "2026-11-24T20:00:00Z", "UTC", "2026-11-24T00:00:00Z", "2026-11-25T00:00:00Z"],
])("%s at %s in %s", (text, now, zone, since, until) => {
  expect(range(text, now, zone)).toEqual([since, until]);
});

test("a time shift moves both ends by calendar units in the zone (a week back across spring-forward)", () => {
  expect(range("Current day", "2026-03-10T15:00:00Z", "America/Chicago", { timeShift: "1 week ago" })).toEqual(["2026-03-03T06:00:00Z", "2026-03-04T06:00:00Z"]);
});

test("bounds are shown on the zone's wall clock", () => {
  const r = resolveTimeRange("Current day", { now: new Date("2026-11-24T15:30:00Z"), timeZone: "Asia/Kolkata" });
  expect([formatBound(r.since, "Asia/Kolkata"), formatBound(r.until, "Asia/Kolkata")]).toEqual(["2026-11-24T00:00:00", "2026-11-25T00:00:00"]);
  expect(formatBound(r.since)).toBe("2026-11-23T18:30:00");
});

test("zones are checked and spelled by Intl", () => {
  expect(canonicalZone("Europe/Berlin")).toBe("Europe/Berlin");
  expect(canonicalZone("Mars/Olympus_Mons")).toBeNull();
  expect(canonicalZone("")).toBeNull();
  expect(canonicalZone(42)).toBeNull();
  expect(offsetMinutes(new Date("2026-06-01T00:00:00Z"), "Asia/Kolkata")).toBe(330);
  expect(offsetMinutes(new Date("2026-06-01T00:00:00Z"), "America/Chicago")).toBe(-300);
});

test("wall clock and instant round-trip outside gaps and overlaps", () => {
  for (const t of ["2026-01-15T12:34:56.789Z", "2026-07-04T23:59:59Z", "2026-03-08T07:59:00Z", "2026-03-08T08:00:00Z"]) {
    const instant = new Date(t);
    expect(fromWall(toWall(instant, "America/Chicago"), "America/Chicago").toISOString()).toBe(instant.toISOString());
  }
});
