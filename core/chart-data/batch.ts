import { badRequest } from "../http/errors";

// POST /api/v1/chart/data/batch (docs/decisions/0012-chart-data-batch.md): many query contexts in one request,
// answered as NDJSON, one line per context in the order they finish. Each line carries what
// POST /api/v1/chart/data would have answered for that context alone: `{ index, status, body }`, the body
// being { result }, Superset's AsyncJobMetadata for a 202, or the error envelope, exactly as that route's.

/** At most this many query contexts in one batch (a dashboard's charts; a larger one is sent in parts). */
export const MAX_BATCH_CONTEXTS = 100;
/** Contexts run at once: a Worker invocation opens at most six connections at a time; more only queue. */
export const BATCH_CONCURRENCY = 6;

export interface BatchLine {
  /** the context's position in the request's `contexts` */
  index: number;
  /** the HTTP status POST /api/v1/chart/data would have answered */
  status: number;
  /** present (true) when the per-isolate front cache answered the context */
  front?: true;
  body: Record<string, unknown>;
}

/** The request body's contexts: `{ contexts: [<query context>, …] }`, 1 to MAX_BATCH_CONTEXTS objects. */
export function parseBatch(body: unknown): Record<string, unknown>[] {
  const contexts = body && typeof body === "object" && !Array.isArray(body) ? (body as { contexts?: unknown }).contexts : undefined;
  if (!Array.isArray(contexts) || contexts.length === 0) throw badRequest("The body needs contexts: a list of query contexts");
  if (contexts.length > MAX_BATCH_CONTEXTS) throw badRequest(`At most ${MAX_BATCH_CONTEXTS} query contexts per batch`);
  return contexts.map((ctx, i) => {
    if (!ctx || typeof ctx !== "object" || Array.isArray(ctx)) throw badRequest(`contexts[${i}] must be a JSON object (a query context)`);
    return ctx as Record<string, unknown>;
  });
}

/** One NDJSON line (JSON never holds a raw newline, so the line ends only at the "\n"). */
export const ndjsonLine = (line: BatchLine): string => `${JSON.stringify(line)}\n`;

/**
 * A line whose body is JSON text already (an answer as the front cache keeps it: not parsed to be written
 * again). `front` marks an answer served from the per-isolate front cache, as the single route's
 * Server-Timing header does: `{ index, status, front: true, body }`.
 */
export const ndjsonTextLine = (index: number, status: number, bodyJson: string, front = false): string =>
  `{"index":${index},"status":${status}${front ? ',"front":true' : ""},"body":${bodyJson}}\n`;

/** Runs `work` over the items, at most `limit` at once, calling `done` as each finishes (in finishing order). */
export async function eachLimited<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>, done: (result: R, index: number) => Promise<void> | void): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      await done(await work(items[i], i), i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Splits a stream of text into NDJSON values as chunks arrive: `push` answers the complete lines' values so
 * far, `end` whatever remains (a last line without its newline). Blank lines are skipped.
 */
export function ndjsonReader<T = unknown>() {
  let rest = "";
  const parse = (lines: string[]) => lines.filter((l) => l.trim()).map((l) => JSON.parse(l) as T);
  return {
    push(chunk: string): T[] {
      rest += chunk;
      const lines = rest.split("\n");
      rest = lines.pop() ?? "";
      return parse(lines);
    },
    end(): T[] {
      const last = rest;
      rest = "";
      return parse([last]);
    },
  };
}
