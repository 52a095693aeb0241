import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/cloudflare";
import type { Context } from "hono";
import type { AppEnv } from "../services/env";
import { csrfTokenFor } from "./http/session";
import { resolvePrincipal } from "./http/authenticate";
import { cachedPublicPrincipal } from "../db/security/principal-cache";
import { anonymousOwnerOfCookie, guestOwner } from "./http/key-owner";
import type { EdgeLoadContext } from "../app/load-context";
import { embeddedChartData } from "../services/dashboards/embedded-chart-data";
import { pageDrawings } from "../services/dashboards/page-drawings";
import { GRID_WIDTH_HEADER, gridWidthOf, pageDrawingInputs } from "../core/dashboards/page-drawing";

// The Remix server build is produced by `remix vite:build`; wrangler bundles it into this Worker.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- @ts-expect-error would fail once the build exists
// @ts-ignore -- build/server exists only after `npm run build` (typecheck may run first); its types are not needed
import * as build from "../build/server/index.js";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

/** Renders pages with the caller already authenticated by the Hono middleware. */
export async function renderPage(c: Context<AppEnv>): Promise<Response> {
  const principal = await resolvePrincipal(c);
  const sessionId = c.get("sessionId");
  const loadContext: EdgeLoadContext = {
    env: c.env,
    db: c.get("db"),
    principal,
    publicPrincipal: principal ? null : await cachedPublicPrincipal(c.get("db")),
    csrfToken: sessionId ? await csrfTokenFor(c.get("secret"), sessionId) : null,
    keyOwner: principal?.guest ? guestOwner(principal.guest.key) : principal ? principal.id : await anonymousOwnerOfCookie(c.get("secret"), c.req.header("Cookie") ?? null),
    waitUntil: (p) => c.executionCtx.waitUntil(p),
    cspNonce: c.get("secureHeadersNonce") ?? "",
    drawCharts: new URL(c.req.url).pathname.endsWith(".data") ? undefined : (layout, charts, cached) => {
      const results = Object.fromEntries(Object.entries(cached).map(([id, entry]) => [id, entry.result]));
      const inputs = pageDrawingInputs(layout, gridWidthOf(c.req.header("Cookie") ?? null, c.req.header(GRID_WIDTH_HEADER)), charts, results);
      return pageDrawings({ renderer: c.env.RENDERER, background: (p) => c.executionCtx.waitUntil(p) }, inputs);
    },
    pageDrawings: {},
    cachedChartData: (charts) => (principal ? embeddedChartData({ env: c.env, db: c.get("db"), secret: c.get("secret"), principal, background: (p) => c.executionCtx.waitUntil(p.catch(() => {})) }, charts) : Promise.resolve({})),
  };
  return handleRemixRequest(c.req.raw, loadContext as unknown as AppLoadContext);
}
