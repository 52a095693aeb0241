import { Cron } from "croner";
import { badRequest } from "../http/errors";

// A saved query's schedule lives in its extra_json as `schedule_info` (Superset's key):
// { crontab: "0 6 * * 1", start_date: "2026-01-01T00:00:00Z", end_date: null }.
// Superset's own example form calls the expression `schedule_interval`; both names are read.
// Times are UTC: the Worker's cron tick is UTC and so is every stored timestamp.

export interface ScheduleInfo {
  crontab: string;
  start_date: string | null;
  end_date: string | null;
}

export interface LastRun {
  status: "success" | "failed";
  /** ISO time the run started (the tick's minute) */
  at: string;
  rows: number | null;
  error: string | null;
}

function cronFor(expression: string): Cron {
  // paused and without a callback: croner only computes dates, it never schedules a timer
  return new Cron(expression, { paused: true, mode: "5-part", timezone: "Etc/UTC" });
}

/** A clear 400 for an expression croner cannot read, so a bad schedule is refused when it is saved. */
export function validateCrontab(expression: unknown): string {
  if (typeof expression !== "string" || !expression.trim()) throw badRequest("schedule_info.crontab must be a cron expression");
  const text = expression.trim();
  try {
    cronFor(text);
  } catch (e) {
    throw badRequest(`Invalid cron expression "${text}": ${(e as Error).message}`);
  }
  return text;
}

function dateOrNull(value: unknown, field: string): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value !== "string" || Number.isNaN(Date.parse(value))) throw badRequest(`schedule_info.${field} must be a date`);
  return new Date(Date.parse(value)).toISOString();
}

/** Reads schedule_info out of a saved query's extra_json; null when the query is not scheduled. */
export function parseSchedule(extra: Record<string, unknown>): ScheduleInfo | null {
  const info = extra.schedule_info;
  if (info === null || info === undefined) return null;
  if (typeof info !== "object" || Array.isArray(info)) throw badRequest("schedule_info must be an object");
  const o = info as Record<string, unknown>;
  const crontab = validateCrontab(o.crontab ?? o.schedule_interval);
  const start = dateOrNull(o.start_date, "start_date");
  const end = dateOrNull(o.end_date, "end_date");
  if (start && end && end <= start) throw badRequest("schedule_info.end_date must be after start_date");
  return { crontab, start_date: start, end_date: end };
}

/**
 * Is a run due at the tick `now`? The tick fires once a minute, so a run is due when the expression has an
 * occurrence in the minute that ends at `now` (after the previous run, so a repeated tick never runs twice),
 * inside [start_date, end_date).
 */
export function dueOccurrence(schedule: ScheduleInfo, now: Date, lastRunAt: string | null): Date | null {
  const minuteStart = Math.floor(now.getTime() / 60_000) * 60_000;
  let from = minuteStart - 1;
  if (lastRunAt) from = Math.max(from, Date.parse(lastRunAt));
  const next = cronFor(schedule.crontab).nextRun(new Date(from));
  if (!next || next.getTime() > now.getTime()) return null;
  if (schedule.start_date && next.getTime() < Date.parse(schedule.start_date)) return null;
  if (schedule.end_date && next.getTime() >= Date.parse(schedule.end_date)) return null;
  return next;
}

/** The next time the schedule will run after `after`, for display; null once past end_date. */
export function nextRunAfter(schedule: ScheduleInfo, after: Date): Date | null {
  let from = after;
  if (schedule.start_date && Date.parse(schedule.start_date) > after.getTime()) from = new Date(Date.parse(schedule.start_date) - 1);
  const next = cronFor(schedule.crontab).nextRun(from);
  if (!next) return null;
  if (schedule.end_date && next.getTime() >= Date.parse(schedule.end_date)) return null;
  return next;
}
