import type { LogRow } from "./event-log";
import { MAX_ACTION_CHARS } from "./event-log";

// Superset records API actions (its `event_logger.log_this_with_context`) as well as page views: one row per
// call, named `<Class>.<method>` (e.g. ChartRestApi.data), with the request's details in `json`. This module
// decides which finished requests are worth a row and what the row says; workers/http/action-log.ts writes it.

export interface FinishedRequest {
  method: string;
  /** the route pattern that answered, e.g. /api/v1/chart/:pk */
  routePath: string;
  /** the request's own path, e.g. /api/v1/chart/12 */
  path: string;
  status: number;
  params: Record<string, string>;
  /** the raw `?q=` argument, when given */
  q?: string | null;
  /** the JSON body the handler read, when it read one */
  body?: unknown;
  durationMs: number;
  /** details a handler attached (e.g. the user name of a login) */
  details?: Record<string, unknown>;
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Writes that are not user actions: the event log itself (it would log its own sends), SQL Lab's editor state
 * (saved on every keystroke), token housekeeping, and the push channel.
 */
const UNLOGGED_PREFIXES = ["/tptanalytics/log/", "/tabstateview", "/tableschemaview", "/api/v1/security/refresh", "/api/v1/security/csrf_token", "/api/v1/async_event", "/kv/"];

/** Reads that Superset logs because they are views of an object or a data request. */
const LOGGED_READS = [/^\/api\/v1\/chart\/:pk$/, /^\/api\/v1\/chart\/:pk\/data\/?$/, /^\/api\/v1\/explore\/?$/, /^\/api\/v1\/dashboard\/:[a-z_]+$/];

/** Special names Superset gives these actions (its views are not REST classes). */
const NAMED: Record<string, string> = {
  "POST /login/": "login",
  "POST /api/v1/security/login": "login",
  "POST /logout/": "logout",
  "POST /tptanalytics/explore_json/": "Superset.explore_json",
  "POST /datasource/samples": "Datasource.samples",
};

/** Resources whose Superset class name is not the path in PascalCase. */
const CLASS_NAMES: Record<string, string> = { sqllab: "SqlLabRestApi", users: "UserRestApi", roles: "RoleRestApi", cachekey: "CacheRestApi" };

/** The body keys copied into the row: identifiers and names, never credentials or whole payloads. */
const BODY_KEYS = [
  "database_id", "database_name", "schema", "catalog", "sql", "client_id", "runAsync", "table_name", "datasource_id",
  "datasource_type", "slice_name", "viz_type", "dashboard_id", "slice_id", "username", "name", "label", "result_format",
  "result_type", "force", "sqlalchemy_uri", "tab", "description", "expose_in_sqllab", "allow_dml",
];
const MAX_VALUE_CHARS = 1000;
const MAX_SQL_CHARS = 4000;

/** The Superset class an API path belongs to: /api/v1/saved_query/… → SavedQueryRestApi. */
export function apiClassOf(routePath: string): string | null {
  const m = /^\/api\/v1\/(?:security\/)?([a-z_]+)/.exec(routePath);
  if (!m) return null;
  const special = CLASS_NAMES[m[1]];
  if (special) return special;
  return m[1].split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("") + "RestApi";
}

/** Superset's method names: get_list, get, post, put, delete, bulk_delete, or the route's own verb (data, execute …). */
export function apiMethodOf(method: string, routePath: string): string {
  const segments = routePath.replace(/^\/api\/v1\/(?:security\/)?[a-z_]+/, "").split("/").filter(Boolean);
  const m = method.toUpperCase();
  const verb = [...segments].reverse().find((s) => !s.startsWith(":"));
  // /dataset/:pk/column/:column_id → delete_column; /chart/:pk/data/ → data
  if (verb) return segments[segments.length - 1].startsWith(":") ? `${m.toLowerCase()}_${verb}` : verb;
  if (segments.length === 0) return m === "GET" ? "get_list" : m === "DELETE" ? "bulk_delete" : m.toLowerCase();
  return m.toLowerCase();
}

export function actionNameOf(method: string, routePath: string): string | null {
  const named = NAMED[`${method.toUpperCase()} ${routePath}`];
  if (named) return named;
  const cls = apiClassOf(routePath);
  return cls ? `${cls}.${apiMethodOf(method, routePath)}` : null;
}

export function isLoggedAction(method: string, routePath: string): boolean {
  const m = method.toUpperCase();
  if (UNLOGGED_PREFIXES.some((p) => routePath.startsWith(p))) return false;
  if (WRITES.has(m)) return routePath !== "*" && routePath !== "/*";
  return m === "GET" && LOGGED_READS.some((re) => re.test(routePath));
}

/** The row for a finished request, or null when it is not an action Superset logs. */
export function apiActionRow(req: FinishedRequest): LogRow | null {
  if (!isLoggedAction(req.method, req.routePath)) return null;
  const action = actionNameOf(req.method, req.routePath);
  if (!action) return null;
  const bodyDetails = pickBody(req.body);
  const json: Record<string, unknown> = {
    path: req.path,
    path_no_int: req.path.replace(/\/\d+(?=\/|$)/g, ""),
    method: req.method.toUpperCase(),
    status: req.status,
    ...(Object.keys(req.params).length ? { params: req.params } : {}),
    ...(req.q ? { rison: truncate(req.q, MAX_VALUE_CHARS) } : {}),
    ...bodyDetails,
    ...(req.details ?? {}),
  };
  const pk = positiveInt(req.params.pk);
  return {
    action: action.slice(0, MAX_ACTION_CHARS),
    json: JSON.stringify(json),
    dashboard_id: positiveInt(bodyDetails.dashboard_id),
    slice_id: (req.routePath.startsWith("/api/v1/chart/:pk") ? pk : null) ?? positiveInt(bodyDetails.slice_id),
    duration_ms: Math.max(0, Math.round(req.durationMs)),
  };
}

function pickBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body)) return {};
  const src = body as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of BODY_KEYS) {
    const v = src[key];
    if (typeof v === "string") out[key] = truncate(v, key === "sql" ? MAX_SQL_CHARS : MAX_VALUE_CHARS);
    else if (typeof v === "number" || typeof v === "boolean") out[key] = v;
  }
  // chart data: the datasource and the saved chart it draws, as Superset's ChartRestApi.data logs them
  const ds = src.datasource;
  if (ds && typeof ds === "object" && !Array.isArray(ds)) {
    const { id, type } = ds as Record<string, unknown>;
    if (typeof id === "number" || typeof id === "string") out.datasource_id = id;
    if (typeof type === "string") out.datasource_type = type.slice(0, 32);
  }
  const fd = src.form_data;
  if (fd && typeof fd === "object" && !Array.isArray(fd)) {
    const sliceId = positiveInt((fd as Record<string, unknown>).slice_id);
    if (sliceId !== null && out.slice_id === undefined) out.slice_id = sliceId;
  }
  // sqlalchemy_uri may carry a password: keep the scheme and host only
  if (typeof out.sqlalchemy_uri === "string") out.sqlalchemy_uri = out.sqlalchemy_uri.replace(/\/\/[^@/]*@/, "//");
  return out;
}

function truncate(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

function positiveInt(v: unknown): number | null {
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : null;
}
