import { processFilters } from "../../charts/query/build-query-context";
import type { ExtraFormData, NativeFilter } from "./types";
import { filterColumn, filterDatasetId } from "./mask";

// A filter's pre-filter (Superset's "Pre-filter available values"): adhoc filters (simple, or custom SQL) and a
// time range on one of the dataset's temporal columns, kept at the top of the filter's configuration as Superset
// keeps them (adhoc_filters, time_range, granularity_sqla). They narrow the values a value filter offers and the
// bounds of a range filter.

/** The pre-filter of a filter (Superset keeps adhoc_filters and time_range at the top of the filter's config). */
export function preFilterOf(f: NativeFilter): unknown[] {
  const raw = (f as unknown as { adhoc_filters?: unknown }).adhoc_filters;
  return Array.isArray(raw) ? raw : [];
}

/** Whether the filter has a pre-filter (adhoc filters or a time range). */
export const hasPreFilter = (f: NativeFilter) => preFilterOf(f).length > 0 || preFilterTime(f) !== null;

/** The time range pre-filter of a filter and the temporal column it applies to (Superset's time_range and granularity_sqla). */
export function preFilterTime(f: NativeFilter): { time_range: string; granularity: string } | null {
  const { time_range: range, granularity_sqla: column } = f as unknown as { time_range?: unknown; granularity_sqla?: unknown };
  return typeof range === "string" && range && range !== "No filter" && typeof column === "string" && column ? { time_range: range, granularity: column } : null;
}

/**
 * The query parts a filter's pre-filter adds (its adhoc filters, simple or custom SQL, and its time range on its
 * temporal column), with the cascade parents' masks: what narrows both a value list and a range's bounds. Custom
 * SQL goes to extras.where, which the server passes through the SQL gate like any chart's.
 */
export function preFilterQuery(f: NativeFilter, parents: ExtraFormData[] = []) {
  const parentFilters = parents.flatMap((p) => p.filters ?? []);
  const parentAdhoc = parents.flatMap((p) => (p.adhoc_filters as unknown[] | undefined) ?? []);
  const { filters, extras } = processFilters([...preFilterOf(f), ...parentAdhoc], parentFilters, {});
  return { filters, extras: { where: extras.where, having: extras.having }, ...(preFilterTime(f) ?? {}) };
}

/** The chart-data request body for a range filter's bounds: MIN and MAX of its column under its pre-filter. */
export function boundsQueryContext(f: NativeFilter): Record<string, unknown> | null {
  const column = filterColumn(f);
  const datasetId = filterDatasetId(f);
  if (!column || datasetId === undefined) return null;
  const agg = (fn: string) => ({ expressionType: "SIMPLE", column: { column_name: column }, aggregate: fn, label: fn.toLowerCase() });
  return {
    datasource: { id: datasetId, type: "table" }, force: false,
    queries: [{ columns: [], metrics: [agg("MIN"), agg("MAX")], ...preFilterQuery(f), row_limit: 1 }], result_format: "json", result_type: "full",
  };
}
