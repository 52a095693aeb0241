import type { GrainZone } from "../connectors/dialects/zoned";
import { zoneOffsets, type ZoneOffsets } from "../time-zone/transitions";
import { UTC } from "../time-zone/zone";
import type { QueryObject } from "../chart-data/query-context";
import type { QueryZone, TimeBounds } from "./types";

// The zone a query's time grains bucket in (issue 29), as the dialects take it. A UTC viewer, or an engine whose
// dialect cannot bucket in a zone, gets none: its SQL (and so its cache key) is the SQL of before.
//
// The engines that shift rows by computed offsets (D1, MySQL without time-zone tables) need the offsets over the
// rows the query reads: the query's time range (its own, or its TEMPORAL_RANGE filter's), resolved lazily so a
// query that buckets nothing, or an engine that converts by name, resolves nothing more. An open side reaches
// back 20 years before now (never before 1970) or forward a year past now: rows older than that take the offset
// in force at the window's start (an hour off for summer rows of a daylight-saving zone; whole days and longer
// grains move only for rows within an hour of midnight). 20 years of a daylight-saving zone are about 40
// transitions: ~3 KB of SQL per bucket expression, 6 comparisons per row, and ~20 ms of Intl once per isolate.

const YEAR = 366 * 86_400;
const BACK = 20 * 365 * 86_400;

export type GrainZoneOf = (columnType: string | null | undefined) => GrainZone | undefined;

function rangeOf(q: QueryObject): string | null {
  if (q.time_range) return q.time_range;
  const temporal = q.filters.find((f) => f.op === "TEMPORAL_RANGE" && typeof f.val === "string");
  return temporal ? (temporal.val as string) : null;
}

export function grainZoneOf(q: QueryObject, zone: QueryZone | undefined, zoned: boolean, resolve: (range: string) => TimeBounds): GrainZoneOf | undefined {
  if (!zone || zone.name === UTC || !zoned) return undefined;
  let offsets: ZoneOffsets | null = null;
  const window = (): ZoneOffsets => {
    if (offsets) return offsets;
    const range = rangeOf(q);
    const bounds = range ? resolve(range) : { since: null, until: null };
    const now = Math.floor(zone.now.getTime() / 1000);
    const since = Math.max(0, bounds.since ? Math.floor(bounds.since.getTime() / 1000) : now - BACK);
    const until = bounds.until ? Math.ceil(bounds.until.getTime() / 1000) : now + YEAR;
    offsets = zoneOffsets(zone.name, since, Math.max(since, until));
    return offsets;
  };
  return (columnType) => ({ zone: zone.name, columnType: columnType ?? null, namedZones: zone.namedZones === true, offsets: window });
}
