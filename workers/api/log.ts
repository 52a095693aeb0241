import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires, requiresLogin } from "../http/guard";
import { idParam, jsonBody, MAX_JSON_BODY_BYTES, risonQuery } from "../http/input";
import { ApiError, badRequest, forbidden, notFound } from "../../core/http/errors";
import { parseListArgs } from "../../core/http/list-query";
import { logAuthorOf, logRowFor, optionalIdParam, withGuestUser, parseEvents, parseEventsField, trimReferrer, type LogEvent } from "../../core/event-log";
import { parseRecentActivityArgs, recentActivityItem } from "../../core/recent-activity";
import { getLog, insertLogs, listLogs, recentActivity } from "../../db/logs/logs";
import { itemAnswer, listAnswer } from "../http/fab-answer";
import { LOG } from "../../core/http/fab-resources";

// Event logging: the browser's batched events come in on Superset's legacy path;
// admins read them back through Superset's LogRestApi (/api/v1/log/).

const write = requires("can_write", "Log");

export const logApi = new Hono<AppEnv>()
  // Superset's legacy paths for the browser's batched events (the beacon and its fetch fallback)
  .post("/tptanalytics/log/", write, async (c) => c.json({ count: (await storeEvents(c)).length }))
  .post("/superset/log/", write, async (c) => c.json({ count: (await storeEvents(c)).length }))
  // LogRestApi's create: the same event bodies, answered as FAB answers a create (201, the new row's id)
  .post("/api/v1/log/", write, async (c) => {
    const ids = await storeEvents(c);
    return c.json({ id: ids[0] ?? null, result: { count: ids.length, ids } }, 201);
  })
  .get("/api/v1/log/", requires("can_read", "Log"), async (c) => {
    const args = parseListArgs(risonQuery(c));
    const { count, rows } = await listLogs(c.var.db, args);
    return listAnswer(c, LOG, args, { count, ids: rows.map((r) => r.id), result: rows });
  })
  // The caller's own recent views: any signed-in user may read their own history (the home page's
  // "Recents"), so this needs a login rather than can_read on Log, which only admins hold.
  .get("/api/v1/log/recent_activity/", requiresLogin(), async (c) => {
    // a guest or an anonymous viewer has no user record, so no history of its own (principal 0 is nobody's)
    if (principalOf(c).anonymous) throw forbidden();
    const args = parseRecentActivityArgs(risonQuery(c));
    const now = new Date();
    const rows = await recentActivity(c.var.db, { ...args, userId: principalOf(c).id, now });
    return c.json({ result: rows.map((r) => recentActivityItem(r, now.getTime())) });
  })
  .get("/api/v1/log/:pk", requires("can_read", "Log"), async (c) => {
    const id = idParam(c);
    const result = await getLog(c.var.db, id);
    if (!result) throw notFound();
    return itemAnswer(c, LOG, { id, result });
  });

/** Reads a send's events and stores one row each; answers the new rows' ids. */
async function storeEvents(c: Context<AppEnv>): Promise<number[]> {
  // Superset's client always sends explode=events (one row per event); anything else has no meaning here.
  const explode = c.req.query("explode");
  if (explode !== undefined && explode !== "events") throw badRequest("explode must be events");
  const dashboardId = optionalIdParam(c.req.query("dashboard_id"), "dashboard_id");
  const sliceId = optionalIdParam(c.req.query("slice_id"), "slice_id");
  const events = await readEvents(c);
  // a guest's events (the embedded page's beacon) are the token's user's: no user id, guest_user in each row
  const { userId, guestUser } = logAuthorOf(principalOf(c));
  const rows = events.map((e) => logRowFor(e, { dashboardId, sliceId })).map((r) => ({ ...r, json: withGuestUser(r.json, guestUser) }));
  return insertLogs(c.var.db, rows, { userId, referrer: trimReferrer(c.req.header("Referer")) });
}

/**
 * The beacon sends multipart form data (`events` as JSON text, maybe `guest_token`); the fetch fallback and
 * scripts send a JSON array or `{ events: [...] }`. The guest token is a credential: authenticate.ts verifies it
 * (the beacon cannot send X-GuestToken), this checks its shape; it is never stored.
 */
async function readEvents(c: Context<AppEnv>): Promise<LogEvent[]> {
  const length = Number(c.req.header("Content-Length") ?? 0);
  if (length > MAX_JSON_BODY_BYTES) throw new ApiError(413, "Request body is too large", "INVALID_PAYLOAD_FORMAT_ERROR");
  const type = c.req.header("Content-Type") ?? "";
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    const form = await c.req.raw.formData().catch(() => null);
    if (!form) throw badRequest("The form body could not be read");
    const guest = form.get("guest_token");
    if (guest !== null && typeof guest !== "string") throw badRequest("guest_token must be text");
    const events = form.get("events");
    if (events !== null && typeof events !== "string") throw badRequest("The events field must be JSON text, not a file");
    if (events !== null && events.length > MAX_JSON_BODY_BYTES) throw new ApiError(413, "Request body is too large", "INVALID_PAYLOAD_FORMAT_ERROR");
    return parseEventsField(events);
  }
  return parseEvents(await jsonBody(c));
}
