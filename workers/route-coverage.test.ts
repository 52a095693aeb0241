import { expect, test } from "vitest";
import { Hono } from "hono";
import { describeRoutes, routeTable } from "../tests/support/route-table";
import { isPublic, requiresAdmin, requiresLogin } from "./http/guard";

// Every route of the Worker declares who may call it (workers/http/guard.ts). The table is read from the
// root app at test time, so a route added anywhere is checked without anyone editing this file.

/**
 * The only routes allowed without a guard. Keep it short: each entry says why it needs none.
 * Routes marked with isPublic(...) are guarded in this sense (the mark is the declaration) and are not listed.
 */
const PUBLIC_WITHOUT_GUARD: Record<string, string> = {
  // API-looking paths that matched no route: answers a JSON 404 and reaches no data.
  "ALL /api/*": "JSON 404 for unknown API paths",
  // Remix pages and static assets: every page loader calls requireUser/requirePermission (app/auth.server.ts),
  // and the login page is public by design.
  "GET /*": "Remix pages (loaders check the user) and static assets",
};

test("every registered route carries a permission guard or is on the public list", () => {
  const table = routeTable();
  const routes = table.filter((r) => !r.middleware);
  const unsecured = routes.filter((r) => !r.guard && !PUBLIC_WITHOUT_GUARD[`${r.method} ${r.path}`]);
  const publicRoutes = routes.filter((r) => r.guard?.startsWith("public:") || PUBLIC_WITHOUT_GUARD[`${r.method} ${r.path}`]);
  console.log(
    `route coverage: ${routes.length} routes checked (${table.length - routes.length} middleware layers), ` +
      `${publicRoutes.length} public, ${unsecured.length} unsecured`,
  );
  expect(unsecured.map((r) => `${r.method} ${r.path}`)).toEqual([]);
});

test("the public list names only routes that exist, so it cannot silently grow stale", () => {
  const keys = new Set(routeTable().map((r) => `${r.method} ${r.path}`));
  expect(Object.keys(PUBLIC_WITHOUT_GUARD).filter((k) => !keys.has(k))).toEqual([]);
});

test("the routes marked public are the login, token, health and public-list ones only", () => {
  const marked = routeTable()
    .filter((r) => r.guard?.startsWith("public:"))
    .map((r) => `${r.method} ${r.path}`);
  // A new isPublic route must be added here on purpose; it is a security decision, not a default.
  const allowed = new Set(["POST /api/v1/security/login", "POST /api/v1/security/refresh", "POST /login/", "GET /health"]);
  expect(marked.filter((k) => !allowed.has(k))).toEqual([]);
});

test("every route runs its guard first: nothing parses the body or reads D1 ahead of the permission check", () => {
  const table = routeTable();
  const workBeforeGuard = table.filter((r) => !r.middleware && r.guard && r.beforeGuard > 0).map((r) => `${r.method} ${r.path}`);
  expect(workBeforeGuard).toEqual([]);
  // The only middleware layers allowed are the root app's (identify the caller) and guard layers themselves.
  const layersThatWork = table.filter((r) => r.middleware && r.path !== "/*" && !r.guard).map((r) => `${r.method} ${r.path}`);
  expect(layersThatWork).toEqual([]);
});

test("the root app's middleware layers identify the caller but authorise nothing", () => {
  const table = routeTable();
  const rootLayers = table.filter((r) => r.middleware && r.path === "/*");
  // the root app's secret check and authentication: they identify the caller, they do not authorise
  expect(rootLayers.length).toBeGreaterThanOrEqual(1);
  expect(rootLayers.every((r) => r.guard === null)).toBe(true);
});

test("the checker itself tells guarded, inherited, unguarded and middleware entries apart", () => {
  const sample = new Hono({ strict: true })
    .use("*", async (_c, next) => next())
    .use("/api/v1/admin-only/*", requiresAdmin())
    .get("/api/v1/open/", (c) => c.text("no guard"))
    .get("/api/v1/mine/", requiresLogin(), (c) => c.text("guarded"))
    .post("/api/v1/eager/", async (_c, next) => next(), requiresLogin(), (c) => c.text("works before its guard"))
    .get("/api/v1/admin-only/:pk", (c) => c.text("guarded by the layer"))
    .post("/ping", isPublic("probe"), (c) => c.text("pong"));
  const byKey = Object.fromEntries(describeRoutes(sample).map((r) => [`${r.method} ${r.path}`, r]));
  expect(byKey["ALL /*"]).toMatchObject({ middleware: true, guard: null });
  expect(byKey["GET /api/v1/open/"]).toMatchObject({ middleware: false, guard: null });
  expect(byKey["GET /api/v1/mine/"].guard).toBe("login");
  expect(byKey["GET /api/v1/admin-only/:pk"].guard).toBe("admin (from /api/v1/admin-only/*)");
  expect(byKey["POST /ping"].guard).toBe("public: probe");
  expect(byKey["GET /api/v1/mine/"].beforeGuard).toBe(0);
  expect(byKey["POST /api/v1/eager/"]).toMatchObject({ guard: "login", beforeGuard: 1 });
});
