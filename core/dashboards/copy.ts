import { validationError } from "../http/errors";
import { UNTITLED_DASHBOARD } from "./payloads";

// POST /api/v1/dashboard/{id_or_slug}/copy/ (Superset's DashboardCopySchema and DashboardDAO.copy_dashboard):
// a new dashboard owned by the caller with the given title, CSS and json_metadata, the original's layout (or the
// `positions` the client sends inside json_metadata) and either the same charts or copies of them. When charts
// are duplicated, every chart id in the layout and in the metadata's per-chart settings is mapped to its copy.

export interface DashboardCopyPayload {
  dashboard_title: string;
  css: string | null;
  json_metadata: Record<string, unknown>;
  duplicate_slices: boolean;
}

export function parseDashboardCopy(body: Record<string, unknown>): DashboardCopyPayload {
  const errors: Record<string, string[]> = {};
  let metadata: Record<string, unknown> = {};
  for (const key of Object.keys(body))
    if (!["dashboard_title", "css", "json_metadata", "duplicate_slices"].includes(key)) errors[key] = ["Unknown field."];
  const { dashboard_title: title, css, json_metadata: meta, duplicate_slices: dup } = body;
  if (title !== undefined && title !== null && (typeof title !== "string" || title.length > 500)) errors.dashboard_title = ["Not a valid string of at most 500 characters."];
  if (css !== undefined && css !== null && typeof css !== "string") errors.css = ["Not a valid string."];
  if (dup !== undefined && typeof dup !== "boolean") errors.duplicate_slices = ["Not a valid boolean."];
  if (meta === undefined || meta === null) errors.json_metadata = ["Missing data for required field."];
  else if (typeof meta !== "string") errors.json_metadata = ["Not a valid string."];
  else {
    try {
      const parsed = meta.trim() ? (JSON.parse(meta) as unknown) : {};
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) errors.json_metadata = ["JSON not valid"];
      else metadata = parsed as Record<string, unknown>;
    } catch {
      errors.json_metadata = ["JSON not valid"];
    }
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return {
    dashboard_title: typeof title === "string" && title.trim() ? title.trim() : UNTITLED_DASHBOARD,
    css: typeof css === "string" ? css : null,
    json_metadata: metadata,
    duplicate_slices: dup === true,
  };
}

const mapId = (ids: Map<number, number>, v: unknown) => (typeof v === "number" && ids.has(v) ? ids.get(v)! : v);

/** The layout with every chart component pointing at the chart's copy. */
export function remapPositions(positions: Record<string, unknown>, ids: Map<number, number>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(positions)) {
    const c = value as { type?: unknown; meta?: Record<string, unknown> } | null;
    out[key] = c && typeof c === "object" && c.type === "CHART" && c.meta ? { ...c, meta: { ...c.meta, chartId: mapId(ids, c.meta.chartId) } } : value;
  }
  return out;
}

/** The metadata's per-chart settings (refresh immunity, expanded descriptions, filter scopes) for the copies. */
export function remapMetadata(meta: Record<string, unknown>, ids: Map<number, number>): Record<string, unknown> {
  const out = { ...meta };
  if (Array.isArray(meta.timed_refresh_immune_slices)) out.timed_refresh_immune_slices = meta.timed_refresh_immune_slices.map((v) => mapId(ids, v));
  if (meta.expanded_slices && typeof meta.expanded_slices === "object" && !Array.isArray(meta.expanded_slices)) {
    out.expanded_slices = Object.fromEntries(Object.entries(meta.expanded_slices).map(([k, v]) => [String(mapId(ids, Number(k))), v]));
  }
  if (Array.isArray(meta.native_filter_configuration)) {
    out.native_filter_configuration = meta.native_filter_configuration.map((f: Record<string, unknown>) => {
      if (!f || typeof f !== "object") return f;
      const next = { ...f };
      if (Array.isArray(f.chartsInScope)) next.chartsInScope = f.chartsInScope.map((v) => mapId(ids, v));
      const scope = f.scope as { excluded?: unknown } | undefined;
      if (scope && Array.isArray(scope.excluded)) next.scope = { ...scope, excluded: scope.excluded.map((v) => mapId(ids, v)) };
      return next;
    });
  }
  return out;
}
