import { expect, test } from "vitest";
import { dueInMinute, scheduleProblem, tickMinute } from "./schedule";

const due = (crontab: string, tz: string, iso: string) => dueInMinute(crontab, tz, new Date(iso))?.toISOString() ?? null;

test("a schedule is due in the minute its crontab names, read in its own time zone", () => {
  expect(due("0 9 * * *", "Europe/Paris", "2026-01-15T08:00:00Z")).toBe("2026-01-15T08:00:00.000Z"); // CET, UTC+1
  expect(due("0 9 * * *", "Europe/Paris", "2026-07-15T07:00:00Z")).toBe("2026-07-15T07:00:00.000Z"); // CEST, UTC+2
  expect(due("0 9 * * *", "Europe/Paris", "2026-07-15T08:00:00Z")).toBeNull();
  expect(due("0 9 * * *", "UTC", "2026-07-15T09:00:00Z")).toBe("2026-07-15T09:00:00.000Z");
});

test("a late or repeated tick keeps its minute: seconds past the minute do not move it", () => {
  expect(due("*/5 * * * *", "UTC", "2026-03-02T06:35:42.500Z")).toBe("2026-03-02T06:35:00.000Z");
  expect(due("*/5 * * * *", "UTC", "2026-03-02T06:36:00Z")).toBeNull();
  expect(tickMinute(new Date("2026-03-02T06:35:59.999Z")).toISOString()).toBe("2026-03-02T06:35:00.000Z");
});

test("spring forward: a fixed time inside the gap runs right after it, once", () => {
  // America/New_York, 2026-03-08: 02:00 EST jumps to 03:00 EDT (07:00Z). 02:30 does not exist that day.
  const hits = minutesBetween("2026-03-08T05:00:00Z", "2026-03-08T09:00:00Z").filter((m) => due("30 2 * * *", "America/New_York", m));
  expect(hits).toEqual(["2026-03-08T07:00:00.000Z"]);
});

test("fall back: a fixed time in the repeated hour runs once, an interval job runs through both passes", () => {
  // America/New_York, 2026-11-01: 02:00 EDT falls back to 01:00 EST, so 01:30 happens at 05:30Z and 06:30Z.
  const window = minutesBetween("2026-11-01T04:00:00Z", "2026-11-01T08:00:00Z");
  expect(window.filter((m) => due("30 1 * * *", "America/New_York", m))).toEqual(["2026-11-01T05:30:00.000Z"]);
  expect(window.filter((m) => due("30 * * * *", "America/New_York", m))).toEqual([
    "2026-11-01T04:30:00.000Z", "2026-11-01T05:30:00.000Z", "2026-11-01T06:30:00.000Z", "2026-11-01T07:30:00.000Z",
  ]);
});

test("an unreadable crontab or time zone is named", () => {
  expect(scheduleProblem("0 9 * * *", "Europe/Paris")).toBeNull();
  expect(scheduleProblem("every day", "UTC")).toMatch(/Invalid schedule "every day"/);
  expect(scheduleProblem("0 9 * * *", "Mars/Olympus")).toMatch(/Mars\/Olympus/);
});

function minutesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(from); t < Date.parse(to); t += 60_000) out.push(new Date(t).toISOString());
  return out;
}
