import { Hono } from "hono";
import { LinearRouter } from "hono/router/linear-router";
import type { AppEnv } from "../services/env";
import { withPlatform } from "./app";
import { chartDataApi } from "./api/chart-data";
import { chartDataBatchApi } from "./api/chart-data-batch";
import { onNotFound } from "./http/on-error";

// The hottest request, POST /api/v1/chart/data (every chart of every dashboard, warm ones answered from the
// front cache: workers/chart-data/front-cache.ts), skips the root app's route matching: the root app's
// TrieRouter (workers/app.ts says why not the RegExpRouter) walks ~400 routes, this app only the chart-data
// ones. It runs the very same middleware (withPlatform) and the very same sub-app and guard as the root app.
// POST /api/v1/chart/data/batch (a whole dashboard's charts, docs/decisions/0012) takes the same short path.
// The root app keeps the routes too: the route table and coverage tests read it there.

export function createHotApp() {
  // a handful of routes: a linear scan beats the trie the smart router settles on (chart-data's own paths
  // /chart/:pk/data/ and /chart/data/:cache_key put a parameter beside a literal, which the regexp router refuses)
  const app = new Hono<AppEnv>({ strict: true, router: new LinearRouter() });
  withPlatform(app);
  app.route("/", chartDataApi);
  app.route("/", chartDataBatchApi);
  app.notFound(onNotFound);
  return app;
}

const HOT_PATH = "/api/v1/chart/data";
const HOT_BATCH_PATH = "/api/v1/chart/data/batch";

/** Whether a request goes to the hot-path app: exactly POST /api/v1/chart/data or …/batch, any query string. */
export function isHotRequest(request: Request): boolean {
  if (request.method !== "POST") return false;
  const url = request.url;
  const start = url.indexOf("/", url.indexOf("://") + 3);
  if (start < 0) return false;
  const end = url.indexOf("?", start);
  const path = end < 0 ? url.slice(start) : url.slice(start, end);
  return path === HOT_PATH || path === HOT_BATCH_PATH;
}
