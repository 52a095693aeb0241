import { Hono } from "hono";
import type { AppEnv } from "../services/env";
import { openDatabase } from "../db/client";
import { authenticate } from "./http/authenticate";
import { securityHeaders } from "./http/security-headers";
import { onError, onNotFound } from "./http/on-error";
import { securityApi } from "./api/security";
import { sessionPages } from "./api/session-pages";
import { ensureStarted } from "./startup";
import { apiRoutes } from "./api/routes";
import { actionLog } from "./http/action-log";

/**
 * The root Hono app. API paths are declared exactly as Superset writes them (Hono is strict about
 * trailing slashes); every other GET falls through to Remix.
 */
export function createApp(render: (c: import("hono").Context<AppEnv>) => Promise<Response>) {
  const app = new Hono<AppEnv>({ strict: true });
  withPlatform(app);
  app.route("/", securityApi);
  app.route("/", sessionPages);
  for (const sub of apiRoutes) app.route("/", sub);
  // API-looking paths that matched nothing get a JSON 404, not an HTML page.
  app.all("/api/*", onNotFound);
  app.get("*", (c) => render(c));
  app.notFound(onNotFound);
  return app;
}

/**
 * What every request passes before its route, in order: errors mapped in one place, security headers, the
 * secret and database, first-start work, the caller (authenticate) and the action log. The root app and the
 * hot-path app (workers/hot-app.ts) both start with it, so a request meets the same checks on either.
 */
export function withPlatform(app: Hono<AppEnv>): void {
  app.onError(onError);
  app.use("*", securityHeaders);
  app.use("*", async (c, next) => {
    const secret = c.env.SECRET_KEY;
    if (!secret || secret.length < 32) {
      // No default secrets: a deployment without SECRET_KEY refuses to serve rather than sign with a known key.
      return c.text("SECRET_KEY is not set (or shorter than 32 characters): refusing to serve.", 503);
    }
    c.set("secret", secret);
    c.set("db", openDatabase(c.env.DB));
    await ensureStarted(c.env, c.var.db);
    await next();
  });
  app.use("*", authenticate);
  app.use("*", actionLog);
}
