import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { requires } from "../http/guard";
import { jsonBody } from "../http/input";
import { errorAnswer } from "../http/on-error";
import { badRequest } from "../../core/http/errors";
import { BATCH_CONCURRENCY, eachLimited, ndjsonLine, parseBatch, type BatchLine } from "../../core/chart-data/batch";
import { chartDataAnswer } from "../chart-data/answer";

// POST /api/v1/chart/data/batch: a dashboard's query contexts in one request (docs/decisions/0012). The
// answer is NDJSON, one line per context as soon as it is answered, so a quick chart is drawn while a slow one
// still runs. Each context goes through exactly what POST /api/v1/chart/data does for it alone (its dataset's
// access, the cache, the async job), and its failure is its own line's error envelope: one forbidden or broken
// chart never fails the others. Only JSON answers: a csv/xlsx context is refused on its line.

export const chartDataBatchApi = new Hono<AppEnv>({ strict: true });

chartDataBatchApi.post("/api/v1/chart/data/batch", requires("can_read", "Chart"), async (c) => {
  const contexts = parseBatch(await jsonBody(c));
  const force = c.req.query("force") === "true";
  const where = "POST /api/v1/chart/data/batch";
  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();

  const answerOne = async (body: Record<string, unknown>, index: number): Promise<BatchLine> => {
    try {
      if ((body.result_format ?? "json") !== "json") throw badRequest("A batch answers JSON only: ask for csv or xlsx with POST /api/v1/chart/data");
      const answered = await chartDataAnswer(c, body, force);
      if (answered.status === 200 || answered.status === 202) return { index, status: answered.status, body: answered.body };
      throw badRequest("A batch answers JSON only");
    } catch (e) {
      return { index, ...errorAnswer(e, `${where} (contexts[${index}])`) };
    }
  };
  const work = eachLimited(contexts, BATCH_CONCURRENCY, answerOne, (line) => writer.write(encoder.encode(ndjsonLine(line))))
    .catch(() => {}) // a write fails only when the reader went away: nothing is left to tell
    .finally(() => writer.close().catch(() => {}));
  c.executionCtx.waitUntil(work);
  return c.body(readable, 200, { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store" });
});
