import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { jsonBody } from "../http/input";
import { errorAnswer } from "../http/on-error";
import { badRequest } from "../../core/http/errors";
import { BATCH_CONCURRENCY, eachLimited, ndjsonLine, ndjsonTextLine, parseBatch } from "../../core/chart-data/batch";
import { chartDataAnswer } from "../chart-data/answer";
import { frontContextKey, frontHit, recorderFor } from "../chart-data/front-cache";
import { freshDashboardOf, predrawDashboard, type AnsweredContext } from "../../services/dashboards/predraw";
import { gridWidthOf } from "../../core/dashboards/page-drawing";

// POST /api/v1/chart/data/batch: a dashboard's query contexts in one request (docs/decisions/0012). The
// answer is NDJSON, one line per context as soon as it is answered, so a quick chart is drawn while a slow one
// still runs. Each context goes through exactly what POST /api/v1/chart/data does for it alone (its dataset's
// access, the cache, the async job), and its failure is its own line's error envelope: one forbidden or broken
// chart never fails the others. Only JSON answers: a csv/xlsx context is refused on its line. A warm context
// is answered from the same per-isolate front cache as that route (keyed by the context's JSON text, the query
// string and the caller's id and roles; the caller's access to the dataset checked again on every hit), its
// line marked `front: true`; a fresh answer is kept there for the next dashboard load (docs/decisions/0013).

export const chartDataBatchApi = new Hono<AppEnv>({ strict: true });

chartDataBatchApi.post("/api/v1/chart/data/batch", requires("can_read", "Chart"), async (c) => {
  const contexts = parseBatch(await jsonBody(c));
  const force = c.req.query("force") === "true";
  const where = "POST /api/v1/chart/data/batch";
  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();

  // answers from the front cache are left out: they were drawn ahead already, or are not a page's
  const fresh: AnsweredContext[] = [];
  const answerOne = async (body: Record<string, unknown>, index: number): Promise<string> => {
    try {
      if ((body.result_format ?? "json") !== "json") throw badRequest("A batch answers JSON only: ask for csv or xlsx with POST /api/v1/chart/data");
      const key = frontContextKey(c, body);
      const kept = await frontHit(c, key);
      if (kept !== null) return ndjsonTextLine(index, 200, kept, true);
      const front = recorderFor(key);
      const answered = await chartDataAnswer(c, body, force, null, front);
      if (answered.status === 200) {
        fresh.push({ body, result: answered.body.result as Record<string, unknown>[] });
        return ndjsonTextLine(index, 200, front.remember(answered.context, answered.body.result, answered.datasource));
      }
      if (answered.status === 202) return ndjsonLine({ index, status: 202, body: answered.body });
      throw badRequest("A batch answers JSON only");
    } catch (e) {
      return ndjsonLine({ index, ...errorAnswer(e, `${where} (contexts[${index}])`) });
    }
  };
  const work = eachLimited(contexts, BATCH_CONCURRENCY, answerOne, (line) => writer.write(encoder.encode(line)))
    .catch(() => {}) // a write fails only when the reader went away: nothing is left to tell
    .finally(() => writer.close().catch(() => {}));
  c.executionCtx.waitUntil(work.then(() => predrawAfter(c, fresh)));
  return c.body(readable, 200, { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store" });
});

/** Once a dashboard's fresh answers are sent, its next view's first paint is drawn and kept (ADR 0015). */
function predrawAfter(c: Context<AppEnv>, answered: AnsweredContext[]): Promise<void> {
  const dashboardId = freshDashboardOf(answered);
  if (dashboardId === null) return Promise.resolve();
  const deps = { renderer: c.env.RENDERER, db: c.get("db"), env: c.env };
  return predrawDashboard(deps, principalOf(c), dashboardId, gridWidthOf(c.req.header("Cookie") ?? null), answered).catch(() => {});
}
