import type { Context, Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { onNotFound } from "./on-error";

/**
 * Werkzeug's strict-slash redirect, in one place: a path that matches no route but would match one with a
 * trailing slash (`GET /api/v1/dashboard`, `POST /api/v1/database/test_connection`) answers 308 to the slash form,
 * query string kept. Superset's routes end in "/" and its clients (scripts, preset-cli) often drop it; a 308 is
 * followed with the same method and body. Anything else is the JSON 404.
 */
export function slashRedirectOrNotFound(app: Hono<AppEnv>) {
  return (c: Context<AppEnv>) => {
    const url = new URL(c.req.url);
    if (!url.pathname.endsWith("/") && hasRoute(app, c.req.method, `${url.pathname}/`)) {
      return new Response(null, { status: 308, headers: { Location: `${url.pathname}/${url.search}` } });
    }
    return onNotFound(c);
  };
}

/** Whether a real route (not a middleware layer or catch-all, which are declared on wildcard paths) takes the path. */
function hasRoute(app: Hono<AppEnv>, method: string, path: string): boolean {
  const [matches] = app.router.match(method === "HEAD" ? "GET" : method, path);
  return matches.some(([[, route]]) => !route.path.endsWith("*"));
}
