import { apiCall } from "../../../components/api-call";
import { showToast } from "../../../components/toast-store";
import { copyText } from "../../sqllab/clipboard";

// Superset's dashboard Share menu (ShareMenuItems): a permalink of the viewer's state (applied filters and
// cross-filters, active tabs, the anchor of a chart) made by POST /api/v1/dashboard/{id}/permalink, then
// copied or put in an email. The chart menu's Share makes the same link anchored on its chart.

export interface PermalinkRequest {
  dataMask: Record<string, unknown>;
  activeTabs: string[];
  anchor?: string | null;
}

/** The address's parameters a permalink keeps (the state it carries itself is left out, as Superset does). */
export function urlParamsOf(search: string): [string, string][] {
  const skip = new Set(["native_filters_key", "permalink_key", "native_filters", "edit"]);
  return [...new URLSearchParams(search)].filter(([k]) => !skip.has(k));
}

export async function createPermalink(dashboardId: number, csrfToken: string | null, req: PermalinkRequest): Promise<string | null> {
  const body = { dataMask: req.dataMask, activeTabs: req.activeTabs, anchor: req.anchor ?? null, urlParams: urlParamsOf(window.location.search) };
  const res = await apiCall<{ key: string; url: string }>("POST", `/api/v1/dashboard/${dashboardId}/permalink`, csrfToken, body);
  if (!res.ok) {
    showToast("danger", "Sorry, something went wrong. Try again later.");
    return null;
  }
  return res.body.url;
}

export async function sharePermalink(how: "copy" | "email", dashboardId: number, csrfToken: string | null, req: PermalinkRequest, subject: string, body: string) {
  const url = await createPermalink(dashboardId, csrfToken, req);
  if (!url) return;
  if (how === "copy") return copyText(url);
  window.location.href = `mailto:?Subject=${encodeURIComponent(subject)}%20&Body=${encodeURIComponent(`${body}${url}`)}`;
}
