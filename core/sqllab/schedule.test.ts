import { expect, test } from "vitest";
import { dueOccurrence, nextRunAfter, parseSchedule, validateCrontab } from "./schedule";

const at = (iso: string) => new Date(iso);

test("an unscheduled query has no schedule", () => {
  expect(parseSchedule({})).toBeNull();
});

test("schedule_info is read with crontab, or Superset's schedule_interval", () => {
  expect(parseSchedule({ schedule_info: { crontab: "0 6 * * *", start_date: "2026-01-01", end_date: null } })).toEqual({
    crontab: "0 6 * * *",
    start_date: "2026-01-01T00:00:00.000Z",
    end_date: null,
  });
  expect(parseSchedule({ schedule_info: { schedule_interval: "*/5 * * * *" } })?.crontab).toBe("*/5 * * * *");
});

test("a bad cron expression, date or window is a 400 naming the field", () => {
  expect(() => validateCrontab("every day")).toThrow(/Invalid cron expression/);
  expect(() => validateCrontab("")).toThrow(/must be a cron expression/);
  expect(() => parseSchedule({ schedule_info: { crontab: "0 6 * * *", start_date: "soon" } })).toThrow(/start_date must be a date/);
  expect(() => parseSchedule({ schedule_info: { crontab: "0 6 * * *", start_date: "2026-02-01", end_date: "2026-01-01" } })).toThrow(
    /end_date must be after start_date/,
  );
});

test("a run is due in the minute the expression matches, and not in the next one", () => {
  const s = { crontab: "30 6 * * *", start_date: null, end_date: null };
  expect(dueOccurrence(s, at("2026-03-02T06:30:00.400Z"), null)?.toISOString()).toBe("2026-03-02T06:30:00.000Z");
  expect(dueOccurrence(s, at("2026-03-02T06:30:59.000Z"), null)?.toISOString()).toBe("2026-03-02T06:30:00.000Z");
  expect(dueOccurrence(s, at("2026-03-02T06:31:00.100Z"), null)).toBeNull();
  expect(dueOccurrence(s, at("2026-03-02T06:29:59.000Z"), null)).toBeNull();
});

test("a tick repeated in the same minute does not run the query twice", () => {
  const s = { crontab: "* * * * *", start_date: null, end_date: null };
  expect(dueOccurrence(s, at("2026-03-02T06:30:10Z"), "2026-03-02T06:30:00.000Z")).toBeNull();
  expect(dueOccurrence(s, at("2026-03-02T06:31:10Z"), "2026-03-02T06:30:00.000Z")?.toISOString()).toBe("2026-03-02T06:31:00.000Z");
});

test("runs happen only inside [start_date, end_date)", () => {
  const s = { crontab: "0 * * * *", start_date: "2026-03-02T10:00:00.000Z", end_date: "2026-03-02T12:00:00.000Z" };
  expect(dueOccurrence(s, at("2026-03-02T09:00:05Z"), null)).toBeNull();
  expect(dueOccurrence(s, at("2026-03-02T10:00:05Z"), null)).not.toBeNull();
  expect(dueOccurrence(s, at("2026-03-02T11:00:05Z"), null)).not.toBeNull();
  expect(dueOccurrence(s, at("2026-03-02T12:00:05Z"), null)).toBeNull();
});

test("the next run is shown from the start date and is null after the end", () => {
  const s = { crontab: "0 6 * * 1", start_date: "2026-03-10T00:00:00.000Z", end_date: "2026-03-20T00:00:00.000Z" };
  expect(nextRunAfter(s, at("2026-03-01T00:00:00Z"))?.toISOString()).toBe("2026-03-16T06:00:00.000Z");
  expect(nextRunAfter(s, at("2026-03-17T00:00:00Z"))).toBeNull();
});
