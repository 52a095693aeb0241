import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "../../services/env";
import { apiActionRow } from "../../core/api-action-log";
import { logAuthorOf, trimReferrer, withGuestUser } from "../../core/event-log";
import { insertLogRows, type StoredLogRow } from "../../db/logs/logs";
import { LogBatcher } from "../../core/log-batch";

// The API half of the Action Log (the browser sends page views itself): after each request a row is made from
// what answered (core/api-action-log.ts decides which requests are actions) and written after the response with
// waitUntil, so no request waits on the log, and a failed write never fails the request. The rows of this
// isolate's requests are written together (core/log-batch.ts): one D1 batch per LOG_FLUSH_MS or LOG_BATCH_ROWS.
const LOG_FLUSH_MS = 200;
const LOG_BATCH_ROWS = 44; // four inserts of 11 rows (D1's 100 parameters per statement)
const batcher = new LogBatcher<StoredLogRow>({ maxRows: LOG_BATCH_ROWS, delayMs: LOG_FLUSH_MS });

/** Details a handler adds to its log row, and the user of a request that signs in (no principal yet). */
export function noteAction(c: Context<AppEnv>, note: { userId?: number; details?: Record<string, unknown> }) {
  const prev = c.get("actionNote");
  c.set("actionNote", { userId: note.userId ?? prev?.userId, details: { ...prev?.details, ...note.details } });
}

export const actionLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  await next();
  const note = c.get("actionNote");
  const author = logAuthorOf(c.get("principal"));
  const userId = note?.userId ?? author.userId;
  // Anonymous callers (refused logins, probes) are not users with actions to audit; an embedded dashboard's guest
  // is, by its token's user name (no user id), so admins see embedded use
  if (userId === null && author.guestUser === null) return;
  const row = apiActionRow({
    method: c.req.method,
    // the route that answered (later matches such as the /api/* fallback never ran)
    routePath: routePath(c),
    path: c.req.path,
    status: c.res.status,
    params: c.req.param() as Record<string, string>,
    q: c.req.query("q") ?? null,
    body: await bodyRead(c),
    durationMs: Date.now() - started,
    details: note?.details,
  });
  if (!row) return;
  const db = c.get("db");
  const stored = { ...row, json: withGuestUser(row.json, userId === null ? author.guestUser : null), user_id: userId, referrer: trimReferrer(c.req.header("Referer")), dttm: new Date().toISOString() };
  const write = batcher.add(stored, async (rows) => {
    await insertLogRows(db, rows).catch((e: unknown) => {
      console.error(`action log write of ${rows.length} rows failed`, e);
    });
  });
  if (!write) return;
  try {
    c.executionCtx.waitUntil(write);
  } catch {
    // no execution context (app.request in a unit test): the write simply finishes on its own
  }
};

/** The JSON body, only when the handler already read it: the log never reads a body a handler refused. */
async function bodyRead(c: Context<AppEnv>): Promise<unknown> {
  const cached = c.req.bodyCache.text;
  if (!cached || !(c.req.header("Content-Type") ?? "").includes("json")) return undefined;
  try {
    return JSON.parse(await cached);
  } catch {
    return undefined;
  }
}
