import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires, requiresAdmin } from "../http/guard";
import { badRequest, forbidden } from "../../core/http/errors";
import { allowedInterval, parseMasks } from "../../core/dashboards/live";
import { refreshFrequency } from "../../core/dashboards/refresh";
import { liveSpec, refreshMetadataOf } from "../../services/dashboards/live-scope";
import { liveIndexFor } from "../../durable-objects/live-dashboard-index";
import { LIVE_VIEWER_HEADER, liveScopeFor } from "../../durable-objects/live-dashboard";
import { liveViewerOf, type LiveViewerRecord } from "../../services/dashboards/live-viewer";
import { GUEST_TOKEN_HEADER } from "../../core/security/guest-token";
import { handshakeGuestToken } from "../http/authenticate";
import { readableDashboard } from "./dashboard";
import { sameHost } from "./async-event";

// GET /api/v1/dashboard/<id_or_slug>/live?interval=<s>&masks=<json>, upgraded to a websocket: the viewer's live
// dashboard (issue 29). The handshake is an ordinary authenticated request (session cookie, bearer, X-GuestToken,
// or an embedded page's guest token offered as a `guest-token.` subprotocol, which a browser websocket can send)
// that must be allowed to read the dashboard, as GET /api/v1/dashboard/<id>; the scope object it is handed to is
// named from what the server computes for this caller (services/dashboards/live-scope.ts), never from anything
// the client names. Without an upgrade the route answers 426: the client then polls as before.

export const dashboardLiveApi = new Hono<AppEnv>({ strict: true });

dashboardLiveApi.get("/api/v1/dashboard/:id_or_slug/live", requires("can_read", "Dashboard"), async (c) => {
  const row = await readableDashboard(c, c.req.param("id_or_slug"));
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") return c.json({ message: "Connect with a websocket upgrade" }, 426);
  // cookies ride on cross-site handshakes in some browsers: only this site's pages may open one (hijacking)
  if (!sameHost(c.req.header("Origin"), c.req.url)) throw forbidden("Websocket connections are accepted from this site only");
  const saved = refreshFrequency(refreshMetadataOf(row));
  const asked = c.req.query("interval");
  const interval = asked === undefined ? saved : Number(asked);
  if (!allowedInterval(interval, saved)) throw badRequest(`interval must be one of the auto-refresh intervals (seconds) or the dashboard's saved one: ${asked ?? "none saved"}`);
  let masks: Record<string, Record<string, unknown>>;
  try {
    masks = parseMasks(c.req.query("masks"));
  } catch (e) {
    throw badRequest((e as Error).message);
  }
  const spec = await liveSpec({ db: c.var.db, env: c.env }, principalOf(c), row, interval, masks);
  if (!spec.charts.length) throw badRequest("This dashboard has no charts you can read to keep live");
  const scope = liveScopeFor(c.env, spec.key);
  await scope.configure(spec);
  // who holds the socket, so the object can re-check their rights each cycle (a client's own header is overwritten)
  const viewer = liveViewerOf(principalOf(c), c.req.header(GUEST_TOKEN_HEADER) ?? handshakeGuestToken(c));
  const headers = new Headers(c.req.raw.headers);
  headers.set(LIVE_VIEWER_HEADER, JSON.stringify({ viewer, masks } satisfies LiveViewerRecord));
  return scope.fetch(new Request("https://live-dashboard/connect", { headers }));
});

/** For operators (and bench/live-dashboard.mjs): each live scope of the dashboard, its viewers and its chart runs. */
dashboardLiveApi.get("/api/v1/dashboard/:id_or_slug/live/stats", requiresAdmin(), async (c) => {
  const row = await readableDashboard(c, c.req.param("id_or_slug"));
  const keys = await liveIndexFor(c.env, row.id).scopes();
  const result = await Promise.all(keys.map(async (key) => ({ key, ...(await liveScopeFor(c.env, key).stats()) })));
  return c.json({ result });
});
