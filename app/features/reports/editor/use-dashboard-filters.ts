import { useEffect, useState } from "react";
import { apiCall } from "../../../components/api-call";
import { filtersOfMetadata } from "../../../../core/dashboards/filters/config";
import { isNativeFilter, type NativeFilter } from "../../../../core/dashboards/filters/types";

/** The native filters of a dashboard report's dashboard (its json_metadata), loaded when the dashboard is chosen. */
export type DashboardFilters = { state: "none" } | { state: "loading" } | { state: "ready"; filters: NativeFilter[] } | { state: "error"; message: string };

export function useDashboardFilters(dashboardId: number | null): DashboardFilters {
  const [found, setFound] = useState<DashboardFilters>({ state: "none" });
  useEffect(() => {
    if (dashboardId === null) return setFound({ state: "none" });
    let live = true;
    setFound({ state: "loading" });
    void apiCall<{ result: { json_metadata?: string | null } }>("GET", `/api/v1/dashboard/${dashboardId}`, null).then((res) => {
      if (!live) return;
      setFound(res.ok ? { state: "ready", filters: filtersOfMetadata(res.body.result.json_metadata).filter(isNativeFilter) } : { state: "error", message: res.message });
    });
    return () => {
      live = false;
    };
  }, [dashboardId]);
  return found;
}
