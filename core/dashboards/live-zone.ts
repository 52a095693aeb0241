import { parseQueryContext, type QueryObject } from "../chart-data/query-context";
import { resolveTimeRange } from "../time-range/resolve";
import { UTC } from "../time-zone/zone";

// Whether the viewer's zone is part of a live scope (issue 29: "cache keys include the zone only where it changes
// the SQL"). A chart's SQL depends on the zone through its time ranges (the query's own, a TEMPORAL_RANGE filter,
// both shifted by a time comparison) and its time grains (buckets are cut on the zone's calendar). A dashboard none
// of whose charts has either gives every zone the same rows, so viewers in different zones share one live object.

/** Zones 26 hours apart: a range whose bounds match in UTC and in both names no calendar day or hour of its own. */
const PROBE_ZONES = ["Pacific/Kiritimati", "Etc/GMT+12"];

function buckets(q: QueryObject): boolean {
  return !!q.extras.time_grain_sqla || q.columns.some((c) => !!c && typeof c === "object" && typeof (c as { timeGrain?: unknown }).timeGrain === "string");
}

/** A range (with its query's anchors and shifts) that resolves to the same instants in every zone. */
function rangeIgnoresZone(range: string | null, q: QueryObject, shift: string | null, now: Date): boolean {
  const options = { now, relativeStart: q.extras.relative_start, relativeEnd: q.extras.relative_end, timeShift: shift };
  const at = (timeZone: string) => {
    const b = resolveTimeRange(range, { ...options, timeZone });
    return `${b.since?.getTime() ?? ""}|${b.until?.getTime() ?? ""}`;
  };
  try {
    const utc = at(UTC);
    return PROBE_ZONES.every((z) => at(z) === utc);
  } catch {
    return false; // a range that does not resolve: its query reports why; the scope keeps the zone meanwhile
  }
}

function queryIgnoresZone(q: QueryObject, now: Date): boolean {
  if (buckets(q) || q.annotation_layers.length) return false; // annotation layers run other charts, with their own ranges
  const ranges = [q.time_range, ...q.filters.filter((f) => f.op === "TEMPORAL_RANGE").map((f) => (typeof f.val === "string" ? f.val : null))];
  const shifts = [q.time_shift, ...q.time_offsets];
  return ranges.every((range) => shifts.every((shift) => rangeIgnoresZone(range, q, shift, now)));
}

/**
 * True when some chart body (a POST /api/v1/chart/data body) compiles to other SQL in another zone. A body that
 * does not parse counts as depending on it (its own request reports the error).
 */
export function zoneShapesCharts(bodies: Record<string, unknown>[], now: Date): boolean {
  return bodies.some((body) => {
    try {
      return !parseQueryContext(body).queries.every((q) => queryIgnoresZone(q, now));
    } catch {
      return true;
    }
  });
}
