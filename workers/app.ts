import { Hono } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import type { H, RouterRoute } from "hono/types";
import type { AppEnv } from "../services/env";
import { openDatabase } from "../db/client";
import { authenticate } from "./http/authenticate";
import { securityHeaders } from "./http/security-headers";
import { onError } from "./http/on-error";
import { slashRedirectOrNotFound } from "./http/slash-redirect";
import { securityApi } from "./api/security";
import { sessionPages } from "./api/session-pages";
import { ensureStarted } from "./startup";
import { apiRoutes } from "./api/routes";
import { actionLog } from "./http/action-log";
import { drainUnreadBody } from "./http/drain-body";
import { mountOpenApi } from "./api/openapi";

/**
 * The root Hono app. API paths are declared exactly as Superset writes them (Hono is strict about
 * trailing slashes); every other GET falls through to Remix.
 */
export function createApp(render: (c: import("hono").Context<AppEnv>) => Promise<Response>) {
  const app = new Hono<AppEnv>({ strict: true, router: rootRouter() });
  withPlatform(app);
  app.route("/", securityApi);
  app.route("/", sessionPages);
  for (const sub of apiRoutes) app.route("/", sub);
  mountOpenApi(app);
  // API-looking paths that matched nothing get a JSON 404 (or Werkzeug's 308 to the slash form), not an HTML page.
  const unmatched = slashRedirectOrNotFound(app);
  app.all("/api/*", unmatched);
  app.get("*", (c) => render(c));
  app.notFound(unmatched);
  return app;
}

/**
 * The root app's router, named rather than left to Hono's SmartRouter. SmartRouter tries the RegExpRouter first
 * and falls back when it refuses the table; ours it refuses for good, because Superset's URLs put a literal
 * and a parameter at the same place (/roles/search/ beside /roles/:pk, /chart/data beside /chart/:pk): one
 * regular expression cannot answer both routes a path matches, and Hono hands every matching route to the
 * request. Parameter names are not the cause (the trie keys a parameter by its pattern, not its name). So each
 * cold isolate paid for building the RegExpRouter and throwing it away (1-8 ms on the first request) to end
 * on the TrieRouter anyway; a warm match over the ~400 routes costs 1-2 us. workers/app-router.test.ts keeps
 * both facts checked.
 */
export function rootRouter() {
  return new TrieRouter<[H, RouterRoute]>();
}

/**
 * What every request passes before its route, in order: errors mapped in one place, a body the answer left unread
 * read away (so a refused upload's client sees the refusal, not a reset), security headers, the secret and
 * database, first-start work, the caller (authenticate) and the action log. The root app and the
 * hot-path app (workers/hot-app.ts) both start with it, so a request meets the same checks on either.
 */
export function withPlatform(app: Hono<AppEnv>): void {
  app.onError(onError);
  app.use("*", drainUnreadBody);
  app.use("*", securityHeaders);
  app.use("*", async (c, next) => {
    const secret = c.env.SECRET_KEY;
    if (!secret || secret.length < 32) {
      // No default secrets: a deployment without SECRET_KEY refuses to serve rather than sign with a known key.
      return c.text("SECRET_KEY is not set (or shorter than 32 characters): refusing to serve.", 503);
    }
    c.set("secret", secret);
    c.set("db", openDatabase(c.env.DB));
    await ensureStarted(c.env, c.get("db"));
    await next();
  });
  app.use("*", authenticate);
  app.use("*", actionLog);
}
