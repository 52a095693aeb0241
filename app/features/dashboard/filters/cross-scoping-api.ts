import { apiCall } from "../../../components/api-call";
import { showToast } from "../../../components/toast-store";
import { crossFilterConfig } from "../../../../core/dashboards/filters/scope";
import type { FiltersStore } from "./store";

// What both cross-filter scoping dialogs (the dashboard's, from the filter bar settings, and a chart's, from its
// menu) read and write: the dashboard's json_metadata and its charts; one PUT saves, and the open dashboard follows.

export interface ScopingChart { id: number; slice_name: string }
export interface ScopingData { meta: Record<string, unknown>; charts: ScopingChart[] }

/** The dashboard's metadata (unreadable metadata reads as none: every scope global) and charts; null after a toast. */
export async function loadScopingData(dashboardId: number, csrfToken: string | null): Promise<ScopingData | null> {
  const [d, c] = await Promise.all([
    apiCall<{ result: { json_metadata: string | null } }>("GET", `/api/v1/dashboard/${dashboardId}`, csrfToken),
    apiCall<{ result: ScopingChart[] }>("GET", `/api/v1/dashboard/${dashboardId}/charts`, csrfToken),
  ]);
  if (!d.ok || !c.ok) {
    showToast("danger", "Sorry, something went wrong. Try again later.");
    return null;
  }
  let meta: Record<string, unknown> = {};
  try {
    meta = JSON.parse(d.body.result.json_metadata || "{}") as Record<string, unknown>;
  } catch {
    // unreadable metadata: start from the global scope
  }
  return { meta, charts: c.body.result };
}

/** Saves the scoping into json_metadata; true when saved (the open dashboard's cross-filters follow at once). */
export async function saveScoping(dashboardId: number, meta: Record<string, unknown>, csrfToken: string | null, store: FiltersStore | null): Promise<boolean> {
  const res = await apiCall("PUT", `/api/v1/dashboard/${dashboardId}`, csrfToken, { json_metadata: JSON.stringify(meta) });
  if (!res.ok) {
    showToast("danger", "Failed to save cross-filter scoping");
    return false;
  }
  if (store) store.state.crossScopes = crossFilterConfig(meta);
  return true;
}
