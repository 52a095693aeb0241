import { expect, test } from "vitest";
import {
  extraJsonWithSchedule, lastRunOf, savedQueryFiltersFromParams, savedQueryLink, savedQueryListQuery, scheduleFieldsError, scheduleFieldsOf,
} from "./saved-query-list";

test("the search becomes Superset's all_text filter; sort and page come from the URL with safe defaults", () => {
  const f = savedQueryFiltersFromParams(new URLSearchParams("search=%20births%20&page=3&sort=label&direction=asc"));
  expect(savedQueryListQuery(f, 10)).toEqual({
    filters: [{ col: "label", opr: "all_text", value: "births" }],
    order_column: "label",
    order_direction: "asc",
    page: 2,
    page_size: 10,
  });
  const d = savedQueryFiltersFromParams(new URLSearchParams("sort=password&page=0&direction=sideways"));
  expect(savedQueryListQuery(d, 25)).toEqual({ filters: [], order_column: "changed_on", order_direction: "desc", page: 0, page_size: 25 });
});

test("a schedule reads back into the form in UTC minutes, and absent or malformed extra_json means none", () => {
  const extra = JSON.stringify({ schedule_info: { crontab: "0 6 * * 1", start_date: "2026-01-02T03:04:00.000Z", end_date: null } });
  expect(scheduleFieldsOf(extra)).toEqual({ crontab: "0 6 * * 1", start: "2026-01-02T03:04", end: "" });
  expect(scheduleFieldsOf(JSON.stringify({ schedule_info: { schedule_interval: "*/5 * * * *" } }))).toEqual({ crontab: "*/5 * * * *", start: "", end: "" });
  expect(scheduleFieldsOf("{}")).toBeNull();
  expect(scheduleFieldsOf("not json")).toBeNull();
  expect(scheduleFieldsOf(null)).toBeNull();
});

test("setting a schedule keeps other keys and never sends last_run back; null removes it", () => {
  const extra = JSON.stringify({ other: 1, last_run: { status: "success" }, schedule_info: { crontab: "x" } });
  expect(JSON.parse(extraJsonWithSchedule(extra, { crontab: " 0 6 * * 1 ", start: "2026-01-02T03:04", end: "" }))).toEqual({
    other: 1,
    schedule_info: { crontab: "0 6 * * 1", start_date: "2026-01-02T03:04:00.000Z", end_date: null },
  });
  expect(JSON.parse(extraJsonWithSchedule(extra, null))).toEqual({ other: 1 });
  expect(JSON.parse(extraJsonWithSchedule("garbage", null))).toEqual({});
});

test("the schedule form refuses a missing expression, unreadable dates and an end before the start", () => {
  expect(scheduleFieldsError({ crontab: " ", start: "", end: "" })).toMatch(/cron expression is required/);
  expect(scheduleFieldsError({ crontab: "0 6 * * 1", start: "tomorrow", end: "" })).toBe("Start is not a date");
  expect(scheduleFieldsError({ crontab: "0 6 * * 1", start: "2026-01-02T00:00", end: "2026-01-01T00:00" })).toBe("End must be after start");
  expect(scheduleFieldsError({ crontab: "0 6 * * 1", start: "2026-01-01T00:00", end: "2026-01-02T00:00" })).toBeNull();
});

test("the last run written by the cron is read for display, and the share link opens SQL Lab", () => {
  const extra = JSON.stringify({ last_run: { status: "failed", at: "2026-01-01T06:00:00.000Z", rows: null, error: "boom" } });
  expect(lastRunOf(extra)).toEqual({ status: "failed", at: "2026-01-01T06:00:00.000Z", rows: null, error: "boom" });
  expect(lastRunOf(JSON.stringify({ last_run: "yesterday" }))).toBeNull();
  expect(savedQueryLink("https://bi.example", 12)).toBe("https://bi.example/sqllab/?savedQueryId=12");
});
