import type { QueryFilter, QueryObject } from "../chart-data/query-context";
import type { DatasetForQuery } from "./types";

// Where a query's time range goes, as Superset decides it before it writes SQL (QueryObjectFactory
// ._process_time_range, QueryContextFactory._apply_granularity and ._apply_filters). A dashboard's time range
// filter reaches a chart only as the query's `time_range` (extra_form_data.time_range, merged by buildQueryObject),
// its time column filter as `granularity` (extra_form_data.granularity_sqla); a chart saved with Superset's default
// time filter carries a TEMPORAL_RANGE "No filter" on its x-axis. Without this step that "No filter" would win and
// the dashboard's range bound nothing. Every query is compiled through here, so chart data, first paint, reports,
// permalinks and exports all read the same bounds.

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** What a column reference names: a column's name, or an adhoc column's SQL expression (Superset compares those). */
const refName = (col: unknown): string | null => (typeof col === "string" ? col : isObject(col) && typeof col.sqlExpression === "string" ? col.sqlExpression : null);

const isBaseAxis = (c: unknown) => isObject(c) && c.columnType === "BASE_AXIS";

/** The x-axis of a query: its BASE_AXIS column (Superset's get_x_axis_label). */
function xAxisOf(q: QueryObject): string | null {
  const axis = q.columns.find(isBaseAxis);
  return axis ? refName(axis) : null;
}

/**
 * The query's time range when it has none of its own: the TEMPORAL_RANGE filter on the x-axis, else the first one
 * (Superset's _process_time_range), so a granularity that replaces that filter keeps its range.
 */
function processedTimeRange(q: QueryObject, xAxis: string | null): string | null {
  if (q.time_range !== null) return q.time_range;
  const temporal = q.filters.filter((f) => f.op === "TEMPORAL_RANGE");
  const chosen = temporal.find((f) => xAxis !== null && refName(f.col) === xAxis) ?? temporal[0];
  return typeof chosen?.val === "string" ? chosen.val : null;
}

/**
 * A granularity (the time column filter's choice, or a legacy chart's time column) replaces the temporal x-axis
 * and the time filter it carried; without a temporal x-axis it replaces the TEMPORAL_RANGE filter on itself, else
 * the first one. The compiler then bounds the granularity column by the query's time range.
 */
function applyGranularity(q: QueryObject, dataset: DatasetForQuery, xAxis: string | null): QueryObject {
  const granularity = q.granularity;
  if (!granularity) return q;
  let { columns, post_processing } = q;
  let remove: string | null = null;
  const temporal = new Set(dataset.columns.filter((c) => c.is_dttm).map((c) => c.column_name));
  if (xAxis !== null && temporal.has(xAxis)) {
    remove = xAxis;
    const at = columns.findIndex((c) => refName(c) === xAxis);
    if (at >= 0) {
      columns = [...columns];
      columns[at] = isObject(columns[at]) ? { ...columns[at], sqlExpression: granularity, label: granularity } : granularity;
      post_processing = post_processing.map((p) => (p.operation === "pivot" ? { ...p, options: { ...p.options, index: [granularity] } } : p));
    }
  }
  if (remove === null) {
    const temporalFilters = q.filters.filter((f) => f.op === "TEMPORAL_RANGE").map((f) => refName(f.col));
    if (temporalFilters.length) remove = temporalFilters.includes(granularity) ? granularity : temporalFilters[0];
  }
  const filters = remove === null ? q.filters : q.filters.filter((f) => refName(f.col) !== remove);
  return { ...q, columns, post_processing, filters };
}

/** The query's time range replaces the value of every TEMPORAL_RANGE filter (Superset's _apply_filters). */
function applyTimeRangeToFilters(q: QueryObject): QueryObject {
  const range = q.time_range;
  if (!range) return q;
  const filters = q.filters.map((f): QueryFilter => (f.op === "TEMPORAL_RANGE" ? { ...f, val: range } : f));
  return { ...q, filters };
}

/** The query as Superset runs it: its time range on its TEMPORAL_RANGE filters, or on its granularity. */
export function applyTimeRange(q: QueryObject, dataset: DatasetForQuery): QueryObject {
  const xAxis = xAxisOf(q);
  const withRange = { ...q, time_range: processedTimeRange(q, xAxis) };
  // the query's own time_range decides the filters, not one taken from a filter (the same value anyway)
  const granular = applyGranularity(withRange, dataset, xAxis);
  return q.time_range === null ? granular : applyTimeRangeToFilters(granular);
}
