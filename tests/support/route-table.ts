import { GUARD } from "../../workers/http/guard";
import { createApp } from "../../workers/app";

// The root app's route table, read the way Hono registered it, for the route-coverage and hostile-input tests.
// Both build their list from here at test time, so a route added by anyone is covered without editing a list.

// Hono wraps a sub-app's handlers when that sub-app has its own onError; the original sits under this key.
const COMPOSED_HANDLER = "__COMPOSED_HANDLER";

type Handler = ((...args: unknown[]) => unknown) & { [GUARD]?: string; [COMPOSED_HANDLER]?: Handler };

export interface RouteDefinition {
  method: string;
  path: string;
  /** the guard's description (e.g. "can_read on Chart", "admin", "public: the login form"), or null */
  guard: string | null;
  /** `app.use(...)` layers: ALL on a wildcard path whose handlers all pass control on with next() */
  middleware: boolean;
  /** handlers the route runs before its own guard (middleware placed ahead of it on the same route) */
  beforeGuard: number;
}

function unwrap(handler: Handler): Handler {
  let h = handler;
  while (h[COMPOSED_HANDLER]) h = h[COMPOSED_HANDLER];
  return h;
}

/** Every (method, path) of the root app (createApp in workers/app.ts), with its guard. */
export function routeTable(): RouteDefinition[] {
  // The renderer is never called here: only the registrations are read.
  return describeRoutes(createApp(async () => new Response("page")));
}

/** Every (method, path) of a Hono app with its guard; a route registered in several calls is merged. */
export function describeRoutes(app: { routes: { method: string; path: string; handler: unknown }[] }): RouteDefinition[] {
  const groups = new Map<string, { method: string; path: string; handlers: Handler[] }>();
  for (const r of app.routes) {
    const key = `${r.method} ${r.path}`;
    const group = groups.get(key) ?? { method: r.method, path: r.path, handlers: [] };
    group.handlers.push(unwrap(r.handler as Handler));
    groups.set(key, group);
  }
  const definitions = [...groups.values()].map(({ method, path, handlers }) => {
    const guardAt = handlers.findIndex((h) => typeof h[GUARD] === "string");
    return {
      method,
      path,
      guard: guardAt >= 0 ? (handlers[guardAt][GUARD] as string) : null,
      middleware: method === "ALL" && path.endsWith("*") && handlers.every((h) => h.length >= 2),
      beforeGuard: Math.max(guardAt, 0),
    };
  });
  // A wildcard middleware that is itself a guard (`use("/api/v1/x/*", requiresAdmin())`) guards what it covers.
  const guardLayers = definitions.filter((d) => d.middleware && d.guard);
  return definitions.map((d) => {
    if (d.guard || d.middleware) return d;
    const layer = guardLayers.find((l) => pathPattern(l.path).test(samplePath(d.path)));
    return layer ? { ...d, guard: `${layer.guard} (from ${layer.path})` } : d;
  });
}

/** A Hono path pattern as a regular expression over concrete paths. */
export function pathPattern(path: string): RegExp {
  const source = path
    .split(/(\*|:[A-Za-z_][A-Za-z0-9_]*(?:\{[^}]*\})?)/)
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}

/** A concrete path for a route: each path parameter becomes `value` (1 by default), wildcards become "x". */
export function samplePath(path: string, value = "1"): string {
  return path.replace(/:[A-Za-z_][A-Za-z0-9_]*(\{[^}]*\})?\??/g, value).replace(/\*/g, "x");
}
