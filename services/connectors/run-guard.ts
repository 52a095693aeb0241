import { queryStoppedError, queryTimeoutError } from "../../core/connectors/errors";

/**
 * Races a running query against its timeout and the caller's AbortSignal. On either, `cancel` asks the
 * engine to stop the statement (PostgreSQL's cancel request, MySQL's KILL QUERY) and the caller gets the
 * timeout or "stopped" error at once, without waiting for the engine to acknowledge.
 */
export async function guardQuery<T>(
  run: Promise<T>,
  options: { timeoutMs?: number; signal?: AbortSignal; cancel?: () => Promise<unknown> | void },
): Promise<T> {
  const { timeoutMs, signal, cancel } = options;
  signal?.throwIfAborted?.();
  if (!timeoutMs && !signal) return run;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  // Once we interrupt, our reason is the answer: the engine's own "canceled" error can settle the run
  // first when the driver rejects it synchronously inside cancel().
  let interruption: Error | null = null;
  const stop = (reason: Error) => {
    interruption = reason;
    try {
      const pending = cancel?.();
      if (pending && typeof (pending as Promise<unknown>).catch === "function") (pending as Promise<unknown>).catch(() => {});
    } catch {
      // the engine may already be gone; the caller still gets the timeout or stop error
    }
    return reason;
  };
  const interrupted = new Promise<never>((_, reject) => {
    if (timeoutMs) timer = setTimeout(() => reject(stop(queryTimeoutError(timeoutMs))), timeoutMs);
    if (signal) {
      onAbort = () => reject(stop(queryStoppedError()));
      signal.addEventListener("abort", onAbort, { once: true });
    }
  });
  // The losing promise must not become an unhandled rejection.
  run.catch(() => {});
  try {
    return await Promise.race([run, interrupted]);
  } catch (e) {
    throw interruption ?? e;
  } finally {
    if (timer) clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}

/** Cuts the fetched rows to the limit in place (no copy) and tells whether anything was cut. */
export function cutToLimit(rows: unknown[][], limit: number | undefined): boolean {
  if (limit === undefined || rows.length <= limit) return false;
  rows.length = limit;
  return true;
}
