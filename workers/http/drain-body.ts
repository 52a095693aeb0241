import type { MiddlewareHandler } from "hono";

// A request answered before its body was read (an upload refused with 403 for want of can_upload, a 401, a 404
// for the database, a form the parser gave up on) still has that body on the wire. workerd then sends the answer
// and closes the connection while the client is still writing, and the client (a browser's upload, Node's fetch)
// reports a connection reset (EPIPE) instead of the answer. So the body a route left unread is read away here,
// before the answer leaves: the client sees its 403. A body larger than any route takes (the upload limit) is
// cancelled instead: reading it would only cost time, and such a client is not waiting for a polite answer.

/** The largest body read away: the upload limit (workers/api/database-upload.ts) and its form's fields. */
export const DRAIN_LIMIT_BYTES = 101 * 1024 * 1024;

export const drainUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  await drainBody(c.req.raw, DRAIN_LIMIT_BYTES);
};

/**
 * Reads and drops what is left of the request's body, up to `limit` bytes (past it, or when the declared length
 * is over it, the body is cancelled). A body a route is reading (a streamed answer) or has read is left alone.
 */
export async function drainBody(req: Request, limit: number): Promise<void> {
  const body = req.body;
  if (!body || body.locked) return;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = body.getReader();
  } catch {
    return; // already read whole
  }
  try {
    if (Number(req.headers.get("content-length") ?? 0) > limit) {
      await reader.cancel();
      return;
    }
    for (let read = 0; ;) {
      const r = await reader.read();
      if (r.done) return;
      read += r.value.byteLength;
      if (read > limit) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // the client went away, or the body was already read: nothing is left to drain
  } finally {
    reader.releaseLock();
  }
}
