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
