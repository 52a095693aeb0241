import { UTC } from "./zone";

// The UTC offsets a zone goes through over a span of time, from the platform's Intl (its tz database), for the
// engines that cannot convert a timestamp into a named zone themselves (D1/SQLite, MySQL without its time-zone
// tables): their grain SQL shifts each row by the offset in force at that row's instant, picked by comparing the
// instant against the transitions found here.
//
// Offsets are sampled a week apart and every change is bisected down to the second. No zone in the tz database
// changes its offset twice within a week in the years this product serves, so no transition is missed. Years
// are worked out once per isolate and zone and kept: the first chart of a zone pays (about 60 Intl calls a
// year), the rest read the cache.

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

const WEEK = 7 * 86_400;
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
    const next = Math.min(t + WEEK, end);
    const nextOffset = offsetSecondsAt(next, zone);
    if (nextOffset !== offset) {
      // bisect: lo keeps the old offset, hi has the new one
      let lo = t;
      let hi = next;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetSecondsAt(mid, zone) === offset) lo = mid;
        else hi = mid;
      }
      // the transition at exactly a year's start belongs to that year (found by the previous year's last step too)
      if (hi < end) found.push({ at: hi, offset: nextOffset });
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
