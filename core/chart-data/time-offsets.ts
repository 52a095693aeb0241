import { ApiError } from "../http/errors";
import { shiftMoment } from "../time-range/index";
import type { QueryObject } from "./query-context";

// Superset's time comparison (`time_offsets`, e.g. ["1 week ago", "1 year ago"]): for each offset the same
// query runs over the time range moved back by it; its rows' time axis is then moved forward by the same
// offset and left-joined onto the main rows on every non-metric column, adding one column per metric and
// offset, named "<metric>__<offset>" (Superset's TIME_COMPARISON separator). Post-processing (`compare`,
// `rolling`, pivots …) runs after the join, so a chart's "difference" or "percentage" options see both.

export const TIME_COMPARISON_SEPARATOR = "__";

export interface ResultFrame {
  names: string[];
  rows: unknown[][];
}

/**
 * The query run for one offset: time range shifted; no offsets or post-processing of its own; without the
 * main query's row limit and offset, as Superset does, so the join is not missing rows the limit cut off.
 */
export function offsetQuery(q: QueryObject, offset: string): QueryObject {
  return { ...q, time_shift: offset, time_offsets: [], post_processing: [], row_limit: null, row_offset: 0, annotation_layers: [] };
}

export const offsetColumnName = (metric: string, offset: string) => `${metric}${TIME_COMPARISON_SEPARATOR}${offset}`;

function timeColumnRequired(): ApiError {
  return new ApiError(400, "A time column must be specified when using a Time Comparison.", "INVALID_PAYLOAD_SCHEMA_ERROR");
}

const DAY_MS = 86_400_000;
const DATE_OFFSET = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Superset's offsets that depend on the range (period over period): "inherit" is the period just before it, of
 * its length, and a date ("2024-01-01", a custom start) the range moved back to start there; both become
 * "N days ago" (whole days, as Python's timedelta.days). The result column keeps the offset's own name.
 */
export function concreteOffset(offset: string, from: number | null, to: number | null): string {
  if (offset !== "inherit" && !DATE_OFFSET.test(offset)) return offset;
  if (from === null || to === null) throw new ApiError(400, "A time range with a start and an end is required to compare with the previous or a custom period.", "INVALID_PAYLOAD_SCHEMA_ERROR");
  const days = offset === "inherit" ? Math.floor((to - from) / DAY_MS) : Math.floor((from - Date.parse(`${offset}T00:00:00Z`)) / DAY_MS);
  return `${days} days ago`;
}

/** The label of the query's time axis: the legacy __timestamp, or the x-axis column (columnType BASE_AXIS); null
 * for a query of metrics alone (a big number over a period), whose one row joins its offsets' one row. */
export function timeAxisLabel(q: QueryObject, columnLabels: string[]): string | null {
  if (q.is_timeseries && q.granularity) return columnLabels[0];
  if (!q.columns.length && !q.is_timeseries) return null;
  const at = q.columns.findIndex((c) => typeof c === "object" && c !== null && (c as { columnType?: unknown }).columnType === "BASE_AXIS");
  if (at < 0) throw timeColumnRequired();
  return columnLabels[at];
}

/** The main rows with each offset's metrics joined on; `index` is the time axis label (epoch ms values). */
export function joinTimeOffsets(main: ResultFrame, offsets: { offset: string; shift?: string; frame: ResultFrame }[], metrics: string[], index: string | null): ResultFrame {
  const keys = main.names.filter((n) => !metrics.includes(n));
  const mainKeyAt = keys.map((k) => main.names.indexOf(k));
  const mainIndexAt = index === null ? -1 : main.names.indexOf(index);
  if (index !== null && mainIndexAt < 0) throw timeColumnRequired();
  const extraNames: string[] = [];
  const lookups: { map: Map<string, unknown[]>; metricAt: number[] }[] = [];
  for (const { offset, shift = offset, frame } of offsets) {
    const indexAt = index === null ? -1 : frame.names.indexOf(index);
    if (index !== null && indexAt < 0) throw timeColumnRequired();
    const keyAt = keys.map((k) => frame.names.indexOf(k));
    const metricAt = metrics.map((m) => frame.names.indexOf(m));
    const map = new Map<string, unknown[]>();
    for (const row of frame.rows) {
      const shifted = row.slice();
      const t = indexAt < 0 ? null : shifted[indexAt];
      if (t !== null && t !== undefined) {
        if (typeof t !== "number") throw timeColumnRequired();
        shifted[indexAt] = shiftMoment(new Date(t), shift, true).getTime();
      }
      const key = JSON.stringify(keyAt.map((i) => shifted[i] ?? null));
      if (!map.has(key)) map.set(key, shifted);
    }
    lookups.push({ map, metricAt });
    extraNames.push(...metrics.map((m) => offsetColumnName(m, offset)));
  }
  const rows = main.rows.map((row) => {
    const t = mainIndexAt < 0 ? null : row[mainIndexAt];
    if (t !== null && t !== undefined && typeof t !== "number") throw timeColumnRequired();
    const key = JSON.stringify(mainKeyAt.map((i) => row[i] ?? null));
    const extra = lookups.flatMap(({ map, metricAt }) => {
      const match = map.get(key);
      return metricAt.map((i) => (match && i >= 0 ? (match[i] ?? null) : null));
    });
    return [...row, ...extra];
  });
  return { names: [...main.names, ...extraNames], rows };
}
