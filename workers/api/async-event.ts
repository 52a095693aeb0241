import { Hono } from "hono";
import type { AppEnv, Env } from "../../services/env";
import { principalOf, requiresLogin } from "../http/guard";
import { forbidden } from "../../core/http/errors";
import { formatEventId, parseLastId } from "../../core/async-events";
import type { EventChannel } from "../../durable-objects/event-channel";

// Async events: each user has one EventChannel. Polling reads it after last_id;
// the same path upgraded to a websocket is handed to the channel, which replays after last_id and then
// pushes events live.

export function eventChannelFor(env: Env, userId: number): DurableObjectStub<EventChannel> {
  const ns = env.EVENT_CHANNEL as unknown as DurableObjectNamespace<EventChannel>;
  return ns.get(ns.idFromName(`user:${userId}`));
}

export const asyncEventApi = new Hono<AppEnv>().get("/api/v1/async_event/", requiresLogin(), async (c) => {
  const user = principalOf(c);
  // Validate here so a bad last_id is a 400 for both the poll and the websocket handshake.
  const lastId = formatEventId(parseLastId(c.req.query("last_id")));
  // a guest of an embedded dashboard starts no jobs (answered at once: workers/chart-data/answer.ts) and has no
  // channel of its own: principal 0's would be every guest's
  if (user.anonymous) {
    if (c.req.header("Upgrade")?.toLowerCase() === "websocket") throw forbidden("No event channel for guests");
    return c.json({ result: [] });
  }
  const channel = eventChannelFor(c.env, user.id);
  if (c.req.header("Upgrade")?.toLowerCase() === "websocket") {
    // Browsers send cookies on cross-site websocket handshakes that SameSite does not cover in every
    // case; a handshake from another origin is refused (cross-site websocket hijacking).
    if (!sameHost(c.req.header("Origin"), c.req.url)) throw forbidden("Websocket connections are accepted from this site only");
    const url = new URL("https://event-channel/connect");
    url.searchParams.set("last_id", lastId);
    return channel.fetch(new Request(url, { headers: c.req.raw.headers }));
  }
  return c.json({ result: await channel.read(lastId) });
});

/** No Origin (scripts) is fine; a browser's Origin must name this host (TLS may end before the Worker, so the scheme may differ). */
export function sameHost(origin: string | undefined, requestUrl: string): boolean {
  if (!origin) return true;
  try {
    return new URL(origin).host === new URL(requestUrl).host;
  } catch {
    return false;
  }
}
