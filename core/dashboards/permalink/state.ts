import { badRequest, validationError } from "../../http/errors";

// Superset's dashboard permalink (DashboardPermalinkRestApi): the state a viewer shares (data mask, active tabs,
// anchor, URL parameters) stored under a key; /superset/dashboard/p/<key>/ opens the dashboard in that state.

export interface DashboardPermalinkState {
  dataMask: Record<string, unknown> | null;
  activeTabs: string[] | null;
  anchor: string | null;
  urlParams: [string, string][] | null;
}

/** What is stored: the dashboard's id (Superset keeps it as a string) and the state. */
export interface DashboardPermalinkValue {
  dashboardId: string;
  state: DashboardPermalinkState;
}

const MAX_STATE_CHARS = 1_000_000;
const FIELDS = ["dataMask", "activeTabs", "anchor", "urlParams"];
const isDict = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** DashboardPermalinkStateSchema: every field optional and nullable; unknown fields refused as Marshmallow does. */
export function parseDashboardPermalinkBody(body: Record<string, unknown>): DashboardPermalinkState {
  const errors: Record<string, string[]> = {};
  for (const key of Object.keys(body)) if (!FIELDS.includes(key)) errors[key] = ["Unknown field."];
  const { dataMask = null, activeTabs = null, anchor = null, urlParams = null } = body;
  if (dataMask !== null && !isDict(dataMask)) errors.dataMask = ["Not a valid mapping type."];
  if (activeTabs !== null && (!Array.isArray(activeTabs) || activeTabs.some((t) => typeof t !== "string"))) errors.activeTabs = ["Not a valid list of strings."];
  if (anchor !== null && typeof anchor !== "string") errors.anchor = ["Not a valid string."];
  if (urlParams !== null && (!Array.isArray(urlParams) || urlParams.some((p) => !Array.isArray(p) || p.length !== 2 || typeof p[0] !== "string")))
    errors.urlParams = ["Must be a list of [key, value] pairs."];
  if (Object.keys(errors).length) throw validationError(errors);
  const state: DashboardPermalinkState = {
    dataMask: dataMask as Record<string, unknown> | null,
    activeTabs: activeTabs as string[] | null,
    anchor: anchor as string | null,
    // values are kept as text: they come back as query parameters
    urlParams: urlParams ? (urlParams as [string, unknown][]).map(([k, v]) => [k, v === null || v === undefined ? "" : String(v)]) : null,
  };
  if (JSON.stringify(state).length > MAX_STATE_CHARS) throw badRequest("The dashboard state is too large to share");
  return state;
}

/** Parameters a permalink may not carry into the dashboard address (they are the permalink's own business). */
const RESERVED = new Set(["permalink_key", "native_filters_key", "native_filters"]);

/**
 * Where /superset/dashboard/p/<key>/ sends the browser, as Superset's dashboard_permalink view: the dashboard
 * with the stored URL parameters, `permalink_key` (the page reads the state by it) and the anchor as the hash.
 */
export function permalinkTarget(dashboardIdOrSlug: string | number, key: string, state: DashboardPermalinkState): string {
  const params = new URLSearchParams();
  for (const [k, v] of state.urlParams ?? []) if (!RESERVED.has(k)) params.append(k, v);
  params.set("permalink_key", key);
  const hash = state.anchor ? `#${encodeURIComponent(state.anchor)}` : "";
  return `/superset/dashboard/${encodeURIComponent(String(dashboardIdOrSlug))}/?${params.toString()}${hash}`;
}
