import { UTC } from "./zone";

// The UTC offsets a zone goes through over a span of time, from the platform's Intl (its tz database), for the
// engines that cannot convert a timestamp into a named zone themselves (D1/SQLite, MySQL without its time-zone
// tables): their grain SQL shifts each row by the offset in force at that row's instant, picked by comparing the
// instant against the transitions found here.
//
// Offsets are sampled 15 days apart and every change is found to the second: first to the hour (transitions fall
// on whole UTC hours or half hours almost everywhere), then, only when the hour's start is not it, to the second.
// No zone in the tz database keeps an offset for less than 15 days in the years this product serves (Morocco's
// Ramadan suspensions, the shortest, last about a month), so none is missed. An Intl call costs 6–8 µs here, so
// years are worked out once per isolate and zone and kept: the first chart of a zone pays about 45 calls a year
// of its window, the rest read the cache.

export interface Transition {
  /** the instant (epoch seconds) from which `offset` holds */
  at: number;
  /** seconds the zone is ahead of UTC from `at` on */
  offset: number;
}

/** The offsets over a window: `initial` before the first transition, each transition's offset after it. */
export interface ZoneOffsets {
  initial: number;
  transitions: Transition[];
}

const STEP = 15 * 86_400;
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Seconds the zone is ahead of UTC at an epoch second (Asia/Kolkata: 19800). */
export function offsetSecondsAt(epochSeconds: number, zone: string): number {
  if (zone === UTC) return 0;
  let f = offsetFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
    offsetFormatters.set(zone, f);
  }
  // "12/3/2026, GMT+05:30" (GMT alone for a zero offset; LMT offsets may carry seconds)
  const text = f.format(new Date(epochSeconds * 1000));
  const m = /GMT([+-])(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?$/.exec(text);
  if (!m) return 0;
  const seconds = Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
  return m[1] === "-" ? -seconds : seconds;
}

/** The first second in (lo, hi] whose offset is not `offset` (lo has it, hi has not). */
function changeBetween(zone: string, lo: number, hi: number, offset: number): number {
  let a = lo;
  let b = hi;
  // to the hour first (the samples fall on whole hours, so both ends stay on whole hours)
  while (b - a > 3600) {
    let mid = Math.round((a + b) / 7200) * 3600;
    if (mid <= a || mid >= b) mid = Math.floor((a + b) / 2);
    if (offsetSecondsAt(mid, zone) === offset) a = mid;
    else b = mid;
  }
  // the change lies in (a, b]; most often exactly at b, a whole hour
  if (offsetSecondsAt(b - 1, zone) === offset) return b;
  while (b - a > 1) {
    const mid = Math.floor((a + b) / 2);
    if (offsetSecondsAt(mid, zone) === offset) a = mid;
    else b = mid;
  }
  return b;
}

const years = new Map<string, Transition[]>();

/** The transitions within one calendar year (UTC), cached. */
function transitionsOfYear(zone: string, year: number): Transition[] {
  const key = `${zone}|${year}`;
  const known = years.get(key);
  if (known) return known;
  const start = Date.UTC(year, 0, 1) / 1000;
  const end = Date.UTC(year + 1, 0, 1) / 1000;
  const found: Transition[] = [];
  let t = start;
  let offset = offsetSecondsAt(t, zone);
  while (t < end) {
    const next = Math.min(t + STEP, end);
    const nextOffset = offsetSecondsAt(next, zone);
    if (nextOffset !== offset) {
      const at = changeBetween(zone, t, next, offset);
      // one at exactly the next New Year (UTC) is kept here: the next year's first sample already has its offset
      if (at <= end) found.push({ at, offset: nextOffset });
    }
    t = next;
    offset = nextOffset;
  }
  years.set(key, found);
  return found;
}

/**
 * The offsets of a zone between two instants (epoch seconds, `until` exclusive). Rows outside the window take the
 * offset at its nearer edge.
 */
export function zoneOffsets(zone: string, since: number, until: number): ZoneOffsets {
  const initial = offsetSecondsAt(since, zone);
  if (zone === UTC || until <= since) return { initial, transitions: [] };
  const transitions: Transition[] = [];
  const first = new Date(since * 1000).getUTCFullYear();
  const last = new Date((until - 1) * 1000).getUTCFullYear();
  for (let y = first; y <= last; y++) {
    for (const tr of transitionsOfYear(zone, y)) if (tr.at > since && tr.at < until) transitions.push(tr);
  }
  return { initial, transitions };
}

/** The offset in force at an epoch second, from a window's offsets (the same choice the generated SQL makes). */
export function offsetIn(offsets: ZoneOffsets, epochSeconds: number): number {
  let offset = offsets.initial;
  for (const tr of offsets.transitions) if (epochSeconds >= tr.at) offset = tr.offset;
  return offset;
}
