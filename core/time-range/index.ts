import { ApiError } from "../http/errors";
import { fromWall, toWall, UTC } from "../time-zone/zone";

// Superset's time-range strings (superset/utils/date_parser.py get_since_until), resolved to UTC bounds.
// A range is "No filter", one of the named ranges (Last day/week/month/quarter/year, previous calendar
// week/month/year, Current day/week/month/quarter/year) or "start : end", each end a date, a datetime,
// "today", "now", a relative phrase ("7 days ago", "1 year later") or a DATEADD/DATETIME/DATETRUNC/LASTDAY
// expression. Pure: `now` is an argument, never the clock.
//
// In a time zone (`timeZone`, an IANA name) every relative moment means the viewer's calendar: "today" is
// their midnight and "Last week" ends at it. The arithmetic runs on the zone's wall clock (a Date whose UTC
// fields are local time; dates written without an offset are local too) and each bound is converted to its
// exact instant once at the end (core/time-zone/zone.ts fromWall: a skipped hour moves forward, a repeated
// hour is its first occurrence, except "now" which stays exactly now).

export interface TimeRangeBounds {
  since: Date | null;
  until: Date | null;
}

export interface TimeRangeOptions {
  now: Date;
  relativeStart?: "today" | "now";
  relativeEnd?: "today" | "now";
  /** a shift such as "1 week ago" applied to both ends (time comparison) */
  timeShift?: string | null;
  /** the viewer's IANA zone (default UTC): relative moments resolve on its calendar */
  timeZone?: string | null;
}

export const NO_FILTER = "No filter";
const UNITS = ["second", "minute", "hour", "day", "week", "month", "quarter", "year"] as const;
type Unit = (typeof UNITS)[number];

export function timeRangeError(message: string): ApiError {
  return new ApiError(400, message, "INVALID_PAYLOAD_SCHEMA_ERROR");
}

const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

export function addUnits(d: Date, n: number, unit: Unit): Date {
  const r = new Date(d.getTime());
  switch (unit) {
    case "second": r.setUTCSeconds(r.getUTCSeconds() + n); break;
    case "minute": r.setUTCMinutes(r.getUTCMinutes() + n); break;
    case "hour": r.setUTCHours(r.getUTCHours() + n); break;
    case "day": r.setUTCDate(r.getUTCDate() + n); break;
    case "week": r.setUTCDate(r.getUTCDate() + 7 * n); break;
    case "month": return addMonths(d, n);
    case "quarter": return addMonths(d, 3 * n);
    case "year": return addMonths(d, 12 * n);
  }
  return r;
}

/** Months added as dateutil's relativedelta does: the day clamped to the target month's last day. */
function addMonths(d: Date, n: number): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + n;
  const target = new Date(Date.UTC(y, m, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return target;
}

export function truncate(d: Date, unit: Unit): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (unit) {
    case "year": return new Date(Date.UTC(y, 0, 1));
    case "quarter": return new Date(Date.UTC(y, m - (m % 3), 1));
    case "month": return new Date(Date.UTC(y, m, 1));
    case "week": {
      const day = startOfDay(d);
      return addUnits(day, -((day.getUTCDay() + 6) % 7), "day"); // ISO weeks start on Monday
    }
    case "day": return startOfDay(d);
    case "hour": return new Date(Date.UTC(y, m, d.getUTCDate(), d.getUTCHours()));
    case "minute": return new Date(Date.UTC(y, m, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()));
    case "second": return new Date(Math.floor(d.getTime() / 1000) * 1000);
  }
}

function unitOf(word: string): Unit | null {
  const w = word.toLowerCase().replace(/s$/, "");
  return (UNITS as readonly string[]).includes(w) ? (w as Unit) : null;
}

/** ISO date or datetime (date-only means midnight); UTC unless a zone is written. */
function parseIsoDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "0", zone] = m;
  const utc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, Math.round(Number(`0.${frac}`) * 1000));
  const check = new Date(utc);
  if (check.getUTCMonth() !== +mo - 1 || check.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59) return null;
  if (!zone || zone === "Z") return check;
  const sign = zone.startsWith("-") ? -1 : 1;
  const [zh, zm] = [Number(zone.slice(1, 3)), Number(zone.slice(-2))];
  return new Date(utc - sign * (zh * 60 + zm) * 60_000);
}

/** One end of a range: a date, today/now, "N units ago/later", or an expression (core/time-range/expression.ts). */
export function parseMoment(text: string, now: Date, relative: "today" | "now", evalExpression: (t: string, now: Date) => Date, zone: string = UTC): Date {
  const t = text.trim();
  const lower = t.toLowerCase();
  if (lower === "now") return new Date(now.getTime());
  if (lower === "today") return startOfDay(now);
  if (lower === "yesterday") return addUnits(startOfDay(now), -1, "day");
  if (lower === "tomorrow") return addUnits(startOfDay(now), 1, "day");
  const iso = parseIsoDate(t);
  // a written offset names an instant: the wall clock reads it in the zone; without one it is already local
  if (iso) return zone !== UTC && /(Z|[+-]\d{2}:?\d{2})$/.test(t) && /[T ]\d/.test(t) ? toWall(iso, zone) : iso;
  const rel = /^(\d+)\s+([a-z]+)\s+(ago|later|before|after)$/i.exec(t);
  if (rel && unitOf(rel[2])) {
    const sign = /ago|before/i.test(rel[3]) ? -1 : 1;
    const base = relative === "today" ? startOfDay(now) : now;
    return addUnits(base, sign * Number(rel[1]), unitOf(rel[2])!);
  }
  if (/^(DATEADD|DATETIME|DATETRUNC|LASTDAY|HOLIDAY)\s*\(/i.test(t)) return evalExpression(t, now);
  throw timeRangeError(`Error parsing time range: "${t}" is not a date, a relative time or a time expression.`);
}

/** The named ranges of Superset's time picker. */
function namedRange(name: string, now: Date): TimeRangeBounds | null {
  const today = startOfDay(now);
  // the viewer's calendar day and the one before it (what people mean by "Today": not "since midnight UTC")
  if (/^today$/i.test(name.trim())) return { since: today, until: addUnits(today, 1, "day") };
  if (/^yesterday$/i.test(name.trim())) return { since: addUnits(today, -1, "day"), until: today };
  const m = /^(last|previous calendar|current)\s+(day|week|month|quarter|year)$/i.exec(name.trim());
  if (!m) return null;
  const kind = m[1].toLowerCase();
  const unit = m[2].toLowerCase() as Unit;
  if (kind === "last") return { since: addUnits(today, -1, unit), until: today };
  if (kind === "previous calendar") {
    const start = truncate(today, unit);
    return { since: addUnits(start, -1, unit), until: start };
  }
  const start = truncate(today, unit);
  return { since: start, until: addUnits(start, 1, unit) };
}

export function resolveTimeRange(timeRange: string | null | undefined, options: TimeRangeOptions, evalExpression: (t: string, now: Date, zone: string) => Date): TimeRangeBounds {
  const zone = options.timeZone || UTC;
  const wallNow = toWall(options.now, zone);
  const evalIn = (t: string, n: Date) => evalExpression(t, n, zone);
  const wall = wallBounds((timeRange ?? "").trim(), { ...options, now: wallNow }, evalIn, zone);
  const bounds = {
    since: wall.since && fromWall(wall.since, zone, options.now),
    until: wall.until && fromWall(wall.until, zone, options.now),
  };
  if (bounds.since && bounds.until && bounds.since > bounds.until) throw timeRangeError("From date cannot be larger than to date");
  return bounds;
}

/** The bounds on the zone's wall clock (`options.now` is already the wall clock's now). */
function wallBounds(text: string, options: TimeRangeOptions, evalExpression: (t: string, now: Date) => Date, zone: string): TimeRangeBounds {
  let bounds: TimeRangeBounds;
  if (!text || text === NO_FILTER) bounds = { since: null, until: null };
  else {
    const named = namedRange(text, options.now);
    if (named) bounds = named;
    else if (/(^|\s):(\s|$)/.test(text)) {
      // the separator is " : "; an open end leaves only the colon beside the other end
      const at = text.search(/(^|\s):(\s|$)/);
      const colon = text.indexOf(":", at);
      const [start, end] = [text.slice(0, colon).trim(), text.slice(colon + 1).trim()];
      bounds = {
        since: start ? parseMoment(start, options.now, options.relativeStart ?? "today", evalExpression, zone) : null,
        until: end ? parseMoment(end, options.now, options.relativeEnd ?? "today", evalExpression, zone) : null,
      };
    } else {
      // a single moment: from it until now (Superset's "Last ..." free text with one end)
      bounds = { since: parseMoment(text, options.now, options.relativeStart ?? "today", evalExpression, zone), until: null };
    }
  }
  if (options.timeShift?.trim()) bounds = shift(bounds, options.timeShift);
  return bounds;
}

/** "1 week ago", "2 years later" … applied to both ends, as Superset's time_shift and time comparison. */
export function shift(bounds: TimeRangeBounds, timeShift: string): TimeRangeBounds {
  return { since: bounds.since && shiftMoment(bounds.since, timeShift), until: bounds.until && shiftMoment(bounds.until, timeShift) };
}

/**
 * One moment moved by a shift such as "1 week ago"; `inverse` moves it the other way (a time comparison's
 * rows, fetched a week back, are moved a week forward to meet the rows they compare with).
 */
export function shiftMoment(d: Date, timeShift: string, inverse = false): Date {
  const m = /^(\d+)\s+([a-z]+)\s+(ago|later|before|after)$/i.exec(timeShift.trim());
  const unit = m ? unitOf(m[2]) : null;
  if (!m || !unit) throw timeRangeError(`Invalid time shift: "${timeShift}" (expected e.g. "1 week ago")`);
  const n = (/ago|before/i.test(m[3]) ? -1 : 1) * (inverse ? -1 : 1) * Number(m[1]);
  return addUnits(d, n, unit);
}

/** Superset's /api/v1/time_range/ strings: ISO without zone (the zone's wall clock), empty for an open end. */
export function formatBound(d: Date | null, zone: string = UTC): string {
  return d ? toWall(d, zone).toISOString().slice(0, 19) : "";
}
