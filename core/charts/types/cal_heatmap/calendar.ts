import { utcFormat } from "d3-time-format";

// The calendar's geometry, in UTC as Superset's calendar reads its timestamps: a domain (an hour, a day, a week, a
// month or a year) is a block of cells, one per subdomain unit (a minute, hour, day, week or month) in it, filled
// column by column; days sit in weekday rows (Monday first) so a month reads as a wall calendar.

export const UNITS = ["min", "hour", "day", "week", "month", "year"] as const;
export type Unit = (typeof UNITS)[number];
export const DOMAINS: Unit[] = ["hour", "day", "week", "month", "year"];
export const SUBDOMAINS: Unit[] = ["min", "hour", "day", "week", "month"];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export const isUnit = (v: unknown): v is Unit => typeof v === "string" && (UNITS as readonly string[]).includes(v);

/** Monday 00:00 UTC of the week holding `t`. */
function weekStart(t: number): number {
  const day = Math.floor(t / DAY) * DAY;
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return day - weekday * DAY;
}

/** The start of the `unit` holding `t`. */
export function startOf(unit: Unit, t: number): number {
  const d = new Date(t);
  switch (unit) {
    case "min": return Math.floor(t / MINUTE) * MINUTE;
    case "hour": return Math.floor(t / HOUR) * HOUR;
    case "day": return Math.floor(t / DAY) * DAY;
    case "week": return weekStart(t);
    case "month": return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    case "year": return Date.UTC(d.getUTCFullYear(), 0, 1);
  }
}

/** The start of the `unit` after the one starting at `start`. */
export function nextStart(unit: Unit, start: number): number {
  const d = new Date(start);
  switch (unit) {
    case "min": return start + MINUTE;
    case "hour": return start + HOUR;
    case "day": return start + DAY;
    case "week": return start + WEEK;
    case "month": return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    case "year": return Date.UTC(d.getUTCFullYear() + 1, 0, 1);
  }
}

/** Cells per column of a domain: ten minutes, six hours of a day (24 in longer domains), the seven weekdays, or one row. */
function rowsPerColumn(domain: Unit, sub: Unit): number {
  if (sub === "min") return 10;
  if (sub === "hour") return domain === "day" ? 6 : 24;
  if (sub === "day") return 7;
  return 1;
}

/** Which cell of its domain (starting at `domainStart`) the subdomain unit holding `t` is: a running index. */
function indexIn(domain: Unit, sub: Unit, domainStart: number, t: number): number {
  switch (sub) {
    case "min": return Math.floor((t - domainStart) / MINUTE);
    case "hour": return Math.floor((t - domainStart) / HOUR);
    // days counted from the Monday before the domain, so each lands on its weekday's row
    case "day": return Math.floor((startOf("day", t) - (domain === "week" ? domainStart : weekStart(domainStart))) / DAY);
    case "week": return Math.round((weekStart(t) - weekStart(domainStart)) / WEEK);
    case "month": return new Date(t).getUTCMonth() - new Date(domainStart).getUTCMonth();
    default: return 0;
  }
}

export interface Cell { col: number; row: number }

/** The column and row of `t`'s cell inside the domain starting at `domainStart`. */
export function cellOf(domain: Unit, sub: Unit, domainStart: number, t: number): Cell {
  const rows = rowsPerColumn(domain, sub);
  const k = indexIn(domain, sub, domainStart, t);
  return { col: Math.floor(k / rows), row: k % rows };
}

/** A domain's size in cells: its last instant's cell gives the columns. */
export function domainShape(domain: Unit, sub: Unit, domainStart: number): { cols: number; rows: number } {
  const last = cellOf(domain, sub, domainStart, nextStart(domain, domainStart) - 1);
  return { cols: last.col + 1, rows: rowsPerColumn(domain, sub) };
}

/** Why a domain/subdomain pair cannot be drawn, or null when it can: a subdomain must be the smaller unit. */
export function granularityProblem(domain: unknown, sub: unknown): string | null {
  if (!isUnit(domain) || !DOMAINS.includes(domain)) return `Unknown domain granularity: ${String(domain)}`;
  if (!isUnit(sub) || !SUBDOMAINS.includes(sub)) return `Unknown subdomain granularity: ${String(sub)}`;
  if (UNITS.indexOf(sub) >= UNITS.indexOf(domain) || (domain === "week" && sub === "month")) {
    return `The subdomain (${sub}) must be a smaller unit than the domain (${domain})`;
  }
  return null;
}

/** Every domain from the one holding `first` to the one holding `last`, at most `limit` of them. */
export function domainsBetween(domain: Unit, first: number, last: number, limit: number): number[] {
  const out: number[] = [];
  for (let s = startOf(domain, first); s <= last && out.length < limit; s = nextStart(domain, s)) out.push(s);
  return out;
}

const DOMAIN_LABELS: Record<Unit, (d: Date) => string> = {
  min: utcFormat("%H:%M"),
  hour: utcFormat("%b %d, %H:00"),
  day: utcFormat("%a %b %d, %Y"),
  week: utcFormat("%b %d, %Y"),
  month: utcFormat("%b %Y"),
  year: utcFormat("%Y"),
};

export const domainLabel = (domain: Unit, start: number): string => DOMAIN_LABELS[domain](new Date(start));

export interface Slot { domainStart: number; x: number; y: number }

export interface CalendarLayout {
  /** each domain's top-left corner, in cells */
  slots: Slot[];
  /** the blocks' size in cells: the widest domain's columns, and rows */
  slotCols: number;
  rows: number;
  /** domains per line */
  perLine: number;
  /** the whole calendar's size in cells */
  width: number;
  height: number;
}

/** Rows of cells above a domain for its name, and columns between domains. */
export const LABEL_ROWS = 1.6;
export const GAP = 1;

/**
 * Domains laid left to right, wrapping to lines; as many per line as make the cells biggest in a box of
 * `boxWidth` × `boxHeight` pixels (cells no bigger than `pitch`), so a year of months fills a wide box in one or
 * two lines and a narrow one in more.
 */
export function layoutDomains(domain: Unit, sub: Unit, starts: number[], boxWidth: number, boxHeight: number, pitch: number, top = 0): CalendarLayout & { unit: number } {
  const shapes = starts.map((s) => domainShape(domain, sub, s));
  const slotCols = Math.max(1, ...shapes.map((s) => s.cols));
  const rows = shapes[0]?.rows ?? 1;
  // ties (cells at their full size either way) go to fewer lines, then to lines evenly filled (fewest per line)
  let best = { perLine: 1, unit: 0, lines: Infinity };
  for (let perLine = 1; perLine <= Math.max(1, starts.length); perLine++) {
    const lines = Math.ceil(starts.length / perLine);
    const width = perLine * (slotCols + GAP) - GAP;
    const height = top + lines * (LABEL_ROWS + rows + GAP);
    const unit = Math.min(pitch, boxWidth / width, boxHeight / height);
    if (unit > best.unit + 1e-9 || (Math.abs(unit - best.unit) <= 1e-9 && lines < best.lines)) best = { perLine, unit, lines };
  }
  const { perLine, unit } = best;
  const lines = Math.max(1, Math.ceil(starts.length / perLine));
  const slots = starts.map((domainStart, i) => ({
    domainStart,
    x: (i % perLine) * (slotCols + GAP),
    y: top + Math.floor(i / perLine) * (LABEL_ROWS + rows + GAP) + LABEL_ROWS,
  }));
  return { slots, slotCols, rows, perLine, unit, width: perLine * (slotCols + GAP) - GAP, height: top + lines * (LABEL_ROWS + rows + GAP) };
}

/** The start of every subdomain unit of the domain starting at `domainStart`. */
export function unitsIn(domain: Unit, sub: Unit, domainStart: number): number[] {
  const out: number[] = [];
  const end = nextStart(domain, domainStart);
  for (let t = startOf(sub, domainStart); t < end; t = nextStart(sub, t)) out.push(Math.max(t, domainStart));
  return out;
}
