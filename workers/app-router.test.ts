import { expect, test } from "vitest";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { UnsupportedPathError } from "hono/router";
import { createApp } from "./app";

// The root app names its router (workers/app.ts, rootRouter): the TrieRouter, because the RegExpRouter refuses
// its route table. These tests keep that choice honest both ways: the day the table stops clashing, the first
// one fails and says to switch to the RegExpRouter; and the root app never goes back to building one per cold
// isolate only to throw it away.

const app = createApp(async () => new Response("page"));

function regExpRouterOver(routes: { method: string; path: string }[]) {
  const router = new RegExpRouter<number>();
  routes.forEach((r, i) => router.add(r.method, r.path, i));
  router.match("GET", "/health");
  return router;
}

test("the RegExpRouter refuses the root app's routes: a literal and a parameter share a place", () => {
  expect(() => regExpRouterOver(app.routes)).toThrow(UnsupportedPathError);
  // the kind of pair that does it, with identical URLs to Superset's: not a matter of parameter names
  expect(() => regExpRouterOver([{ method: "GET", path: "/api/v1/log/recent_activity/" }, { method: "GET", path: "/api/v1/log/:pk" }])).toThrow(UnsupportedPathError);
  expect(() => regExpRouterOver([{ method: "GET", path: "/a/:pk/x" }, { method: "GET", path: "/a/:role_id/y" }])).not.toThrow();
});

test("the root app uses the TrieRouter from the first request, and it matches parameters and literals side by side", () => {
  expect(app.router.name).toBe("TrieRouter");
  const [handlers] = app.router.match("GET", "/api/v1/log/7");
  const paths = handlers.map(([[, route]]) => route.path);
  expect(paths).toContain("/api/v1/log/:pk");
  expect(paths).not.toContain("/api/v1/log/recent_activity/");
  const [recent] = app.router.match("GET", "/api/v1/log/recent_activity/");
  expect(recent.map(([[, route]]) => route.path)).toContain("/api/v1/log/recent_activity/");
});
