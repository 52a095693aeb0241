import { ApiError, badRequest } from "./http/errors";

// Event logging: what the browser sends to
// POST /tptanalytics/log/?explode=events and how one event becomes one row of the `logs` table.

/** As Superset's client logger: at most 1024 events per send, sent after a 1000 ms delay. */
export const MAX_EVENTS_PER_SEND = 1024;
export const LOG_BATCH_DELAY_MS = 1000;
/** One event is a small object; anything bigger is a client bug or abuse, not a log entry. */
export const MAX_EVENT_JSON_CHARS = 64 * 1024;
/** Column limits of Superset's `logs` table. */
export const MAX_ACTION_CHARS = 512;
export const MAX_REFERRER_CHARS = 1024;

export type LogEvent = Record<string, unknown>;

export interface LogRow {
  action: string;
  json: string;
  dashboard_id: number | null;
  slice_id: number | null;
  duration_ms: number | null;
}

/**
 * Accepts the decoded body: a JSON array of events, or `{ events: [...] }`.
 * Too many events is a 413; anything that is not a list of objects is a 400 naming the problem.
 */
export function parseEvents(value: unknown): LogEvent[] {
  let list = Array.isArray(value)
    ? value
    : value && typeof value === "object" && "events" in value
      ? (value as { events: unknown }).events
      : undefined;
  // Superset's logger also posts JSON whose `events` is the JSON text of the array (as its form field is)
  if (typeof list === "string") list = parseJsonText(list);
  if (!Array.isArray(list)) throw badRequest("Events must be a JSON array of objects (or an object with an events array)");
  if (list.length > MAX_EVENTS_PER_SEND) {
    throw new ApiError(413, `Too many events in one send: ${list.length} (at most ${MAX_EVENTS_PER_SEND})`, "INVALID_PAYLOAD_FORMAT_ERROR");
  }
  return list.map((event, i) => {
    if (!event || typeof event !== "object" || Array.isArray(event)) throw badRequest(`events[${i}] must be a JSON object`);
    if (JSON.stringify(event).length > MAX_EVENT_JSON_CHARS) throw badRequest(`events[${i}] is larger than ${MAX_EVENT_JSON_CHARS} characters`);
    return event as LogEvent;
  });
}

/** The beacon's form field `events` holds the JSON text of the array. */
export function parseEventsField(text: string | null): LogEvent[] {
  if (text === null || !text.trim()) throw badRequest("The events field is missing");
  return parseEvents(parseJsonText(text));
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw badRequest(`The events field is not valid JSON: ${(e as Error).message}`);
  }
}

/** `dashboard_id` / `slice_id` query parameters: absent, or a positive integer. */
export function optionalIdParam(raw: string | undefined | null, name: string): number | null {
  if (raw === undefined || raw === null || raw === "") return null;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw badRequest(`${name} must be a positive integer`);
  return n;
}

/**
 * One stored row per event. The query parameters name the dashboard or chart for the whole send; an event
 * can still name its own (dashboard_id / slice_id fields, or source + source_id as Superset's logger sets them).
 */
export function logRowFor(event: LogEvent, defaults: { dashboardId: number | null; sliceId: number | null }): LogRow {
  const name = typeof event.event_name === "string" && event.event_name.trim() ? event.event_name.trim() : "log";
  return {
    action: name.slice(0, MAX_ACTION_CHARS),
    json: JSON.stringify(event),
    dashboard_id: defaults.dashboardId ?? positiveInt(event.dashboard_id) ?? (event.source === "dashboard" ? positiveInt(event.source_id) : null),
    slice_id: defaults.sliceId ?? positiveInt(event.slice_id) ?? (event.source === "explore" ? positiveInt(event.source_id) : null),
    duration_ms: event.event_type === "timing" ? durationOf(event) : null,
  };
}

/** Timing events carry their duration as `duration` (Superset's logger) or `value`. */
function durationOf(event: LogEvent): number | null {
  for (const key of ["duration", "value", "duration_ms"]) {
    const v = event[key];
    if (typeof v === "number" && Number.isFinite(v) && v >= 0 && v < 2 ** 31) return Math.round(v);
  }
  return null;
}

function positiveInt(v: unknown): number | null {
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Who a log row is of: a user's id, or an embedded dashboard's guest (no user record) by its token's user name. */
export interface LogAuthor {
  userId: number | null;
  /** the guest token's `user.username`, kept in the row's json as `guest_user` */
  guestUser: string | null;
}

/**
 * The author of a caller's log rows. A guest has no user id (principal 0 is nobody's), so its rows carry
 * `guest_user` instead and admins still see embedded use; other anonymous callers write no user.
 */
export function logAuthorOf(p: { id: number; anonymous?: boolean; username: string; guest?: unknown } | null | undefined): LogAuthor {
  if (!p) return { userId: null, guestUser: null };
  if (p.guest) return { userId: null, guestUser: p.username.slice(0, MAX_GUEST_USER_CHARS) };
  return { userId: p.anonymous ? null : p.id, guestUser: null };
}
const MAX_GUEST_USER_CHARS = 256;

/** A row's json with the guest named in it (the guest's own `guest_user` field, if any, is replaced). */
export function withGuestUser(json: string, guestUser: string | null): string {
  if (guestUser === null) return json;
  const value = JSON.parse(json) as unknown;
  const object = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  return JSON.stringify({ ...object, guest_user: guestUser });
}

/** The Action Log's "User" of a row without a user: "<name> (guest)" when an embedded guest wrote it. */
export function guestUserOf(json: string | null): string | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as { guest_user?: unknown };
    return typeof value?.guest_user === "string" ? value.guest_user : null;
  } catch {
    return null;
  }
}

/**
 * The row of an embedded dashboard's opening by its guest (Superset's EmbeddedView.embedded, with its extra
 * payload): the page data hands over the dashboard and the cached data of its charts at once, so this row also
 * says which charts' rows left with it (the others are logged by their own chart-data requests).
 */
export function embeddedViewRow(view: { uuid: string; dashboardId: number; charts: number[]; chartsWithData: number[]; guestUser: string; durationMs: number }): LogRow {
  return {
    action: "EmbeddedView.embedded",
    json: JSON.stringify({
      path: `/embedded/${view.uuid}`, embedded_dashboard_id: view.uuid, dashboard_id: view.dashboardId, dashboard_version: "v2",
      charts: view.charts.length, charts_with_data: view.chartsWithData, guest_user: view.guestUser,
    }),
    dashboard_id: view.dashboardId,
    slice_id: null,
    duration_ms: Math.max(0, Math.round(view.durationMs)),
  };
}

export function trimReferrer(referrer: string | null | undefined): string | null {
  return referrer ? referrer.slice(0, MAX_REFERRER_CHARS) : null;
}

// ---- the browser side: the event shape Superset's logger middleware produces ----

export interface NavigationContext {
  path: string;
  search: string;
  impressionId: string;
  eventId: string;
  ts: number;
  visibility: string;
}

/**
 * The `spa_navigation` user event for a page load or client-side navigation. The source is derived from
 * the page, as Superset's middleware derives it from the dashboard, explore or SQL Lab state.
 */
export function navigationEvent(ctx: NavigationContext): LogEvent {
  return {
    ...sourceOf(ctx.path, ctx.search),
    impression_id: ctx.impressionId,
    version: "v2",
    ts: ctx.ts,
    event_name: "spa_navigation",
    event_type: "user",
    event_id: ctx.eventId,
    visibility: ctx.visibility,
    path: ctx.path,
  };
}

function sourceOf(path: string, search: string): { source: string; source_id: number | string | null } {
  const dashboard = /^\/(?:superset\/)?dashboard\/([^/]+)\/?$/.exec(path);
  if (dashboard) {
    const key = decodeURIComponent(dashboard[1]);
    return { source: "dashboard", source_id: /^\d+$/.test(key) ? Number(key) : key };
  }
  if (/^\/explore\/?$/.test(path)) {
    const slice = new URLSearchParams(search).get("slice_id");
    return { source: "explore", source_id: slice && /^\d+$/.test(slice) ? Number(slice) : 0 };
  }
  if (/^\/sqllab\/?/.test(path)) return { source: "sqlLab", source_id: null };
  return { source: "spa", source_id: null };
}
