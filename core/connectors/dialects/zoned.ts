import { badRequest } from "../../http/errors";
import type { ZoneOffsets } from "../../time-zone/transitions";

// What a dialect needs to bucket time in a viewer's zone rather than UTC (issue 29). Stored timestamps are UTC
// (a naive column holds UTC readings, as the time range bounds assume); a bucket comes back as the zone's wall
// clock reading of its start, naive, so the charts (which format epoch milliseconds in UTC) show local midnight as
// midnight. A UTC viewer passes no GrainZone and gets the SQL of before, byte for byte.

export interface GrainZone {
  /** an IANA zone other than UTC, already checked by Intl (core/time-zone/zone.ts canonicalZone) */
  zone: string;
  /** the column's native type when the dataset knows it (timestamp vs timestamptz vs date), else null */
  columnType: string | null;
  /** MySQL/MariaDB: the server has its time-zone tables loaded, so CONVERT_TZ knows named zones */
  namedZones: boolean;
  /** the zone's offsets over the query's time window (engines that shift by computed offsets) */
  offsets(): ZoneOffsets;
}

/** A zone name as an SQL string literal; names are letters, digits, `_+-/` only, so nothing needs escaping. */
export function zoneLiteral(zone: string): string {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(zone)) throw badRequest(`Not a time zone name: ${JSON.stringify(zone)}`);
  return `'${zone}'`;
}

/** A calendar date has no instant: it is bucketed as it is, in no zone. */
export function isDateOnly(columnType: string | null): boolean {
  return !!columnType && /^date$/i.test(columnType.trim());
}

/**
 * The offset in force at a row's instant as one SQL expression: a binary tree of CASEs over the window's
 * transitions (`before(at)` is the SQL condition "the row is before epoch second `at`"), so a row costs
 * log2(n + 1) comparisons. Without transitions it is the constant offset.
 */
export function offsetSql(offsets: ZoneOffsets, before: (at: number) => string, value: (offset: number) => string): string {
  const values = [offsets.initial, ...offsets.transitions.map((t) => t.offset)];
  const build = (lo: number, hi: number): string => {
    if (lo === hi) return value(values[lo]);
    const mid = Math.ceil((lo + hi) / 2);
    return `CASE WHEN ${before(offsets.transitions[mid - 1].at)} THEN ${build(lo, mid - 1)} ELSE ${build(mid, hi)} END`;
  };
  return build(0, values.length - 1);
}

/** 'YYYY-MM-DD HH:MM:SS' of an epoch second, UTC. */
export function utcText(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 19).replace("T", " ");
}
