import { ApiError } from "../http/errors";

// Superset's DASHBOARD_RBAC exception in raise_for_access: a chart-data request made from a dashboard names it
// in its form data (`dashboardId`, with `slice_id` for a chart or `type: "NATIVE_FILTER"` and
// `native_filter_id` for a filter's values). When that dashboard has roles and the caller may see it, the
// dataset of that chart (or filter) is readable through the dashboard, without datasource access.

export type DashboardDataRef =
  | { dashboardId: number; kind: "chart"; sliceId: number }
  | { dashboardId: number; kind: "native_filter"; filterId: string };

const id = (v: unknown): number | null => {
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The dashboard a request's form data says it comes from, with the chart or filter on it; null when none. */
export function dashboardDataRef(formData: Record<string, unknown> | null | undefined): DashboardDataRef | null {
  const dashboardId = id(formData?.dashboardId);
  if (!formData || dashboardId === null) return null;
  if (formData.type === "NATIVE_FILTER") {
    const filterId = formData.native_filter_id;
    return typeof filterId === "string" && filterId ? { dashboardId, kind: "native_filter", filterId } : null;
  }
  const sliceId = id(formData.slice_id);
  return sliceId === null ? null : { dashboardId, kind: "chart", sliceId };
}

/** Whether the dashboard's json_metadata has the native filter `filterId` with a target on `datasetId`. */
export function nativeFilterTargets(jsonMetadata: string | null, filterId: string, datasetId: number): boolean {
  let meta: unknown;
  try {
    meta = JSON.parse(jsonMetadata || "{}");
  } catch {
    return false;
  }
  const filters = (meta as { native_filter_configuration?: unknown }).native_filter_configuration;
  if (!Array.isArray(filters)) return false;
  return filters.some((f) => f && f.id === filterId && Array.isArray(f.targets) && f.targets.some((t: { datasetId?: unknown }) => t && id(t.datasetId) === datasetId));
}

/** The dataset ids the native filters of a dashboard's json_metadata target (what their values may read). */
export function nativeFilterDatasetIds(jsonMetadata: string | Record<string, unknown> | null | undefined): number[] {
  let meta: unknown = jsonMetadata;
  if (typeof jsonMetadata === "string" || jsonMetadata == null) {
    try {
      meta = JSON.parse(jsonMetadata || "{}");
    } catch {
      return [];
    }
  }
  const filters = (meta as { native_filter_configuration?: unknown } | null)?.native_filter_configuration;
  if (!Array.isArray(filters)) return [];
  const ids = new Set<number>();
  for (const f of filters) {
    if (!f || !Array.isArray(f.targets)) continue;
    for (const t of f.targets) {
      const dataset = id((t as { datasetId?: unknown } | null)?.datasetId);
      if (dataset !== null) ids.add(dataset);
    }
  }
  return [...ids];
}

/**
 * What a dashboard save would newly link: with DASHBOARD_RBAC a dashboard's roles read the data of the charts on it
 * and of its native filters' targets, so whatever a save adds must be data its saver may read (else placing
 * another user's chart on one's own dashboard would hand its dataset to the dashboard's roles). What was already
 * linked stays: another owner, who could read it, put it there.
 */
export function newlyLinked(next: readonly number[], before: readonly number[]): number[] {
  const had = new Set(before);
  return [...new Set(next)].filter((n) => !had.has(n));
}

/** The refusal of such a save: 403, Superset's security error type, naming what may not be linked. */
export function linkRefusal(chartIds: readonly number[], datasetIds: readonly number[]): ApiError {
  const parts = [
    chartIds.length ? `chart${chartIds.length > 1 ? "s" : ""} ${chartIds.join(", ")}` : "",
    datasetIds.length ? `native filter target dataset${datasetIds.length > 1 ? "s" : ""} ${datasetIds.join(", ")}` : "",
  ].filter(Boolean);
  return new ApiError(403, `You may not add data you cannot read to a dashboard: ${parts.join("; ")}`, "DATASOURCE_SECURITY_ACCESS_ERROR");
}
