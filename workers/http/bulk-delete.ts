import type { Context, Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { badRequest } from "../../core/http/errors";
import type { GuardedHandler } from "./guard";
import { risonQuery } from "./input";

// Superset's bulk deletes (`DELETE /api/v1/<resource>/?q=!(1,2)`), one route shape for every resource: the
// permission declared, `q` a rison list of ids, every id checked (found, visible, owned) before anything is
// deleted — all or nothing — and the answer "Deleted N <things>".

type C = Context<AppEnv>;

export interface BulkDelete {
  /** the 400 message when `q` is not a list of ids */
  invalid: string;
  /** ids below 1 are refused as malformed (400) instead of not found (404) */
  positive?: boolean;
  /** throws (404, 403…) unless the caller may delete every one of the ids */
  check: (c: C, ids: number[]) => Promise<void>;
  remove: (c: C, ids: number[]) => Promise<void>;
  /** the message's noun: [one, many], e.g. ["chart", "charts"] */
  noun: readonly [string, string];
}

/** The distinct ids of a rison list, or a 400 with the resource's message. */
export function bulkIds(c: C, invalid: string, positive = false): number[] {
  const ids = risonQuery<unknown>(c);
  const bad = (i: unknown) => !Number.isSafeInteger(i) || (positive && (i as number) < 1);
  if (!Array.isArray(ids) || !ids.length || ids.some(bad)) throw badRequest(invalid);
  return [...new Set(ids as number[])];
}

/** "Deleted 1 chart", "Deleted 3 charts". */
export const deletedMessage = (n: number, [one, many]: readonly [string, string]) => `Deleted ${n} ${n === 1 ? one : many}`;

export function bulkDeleteRoute(app: Hono<AppEnv>, path: string, permission: GuardedHandler, spec: BulkDelete): void {
  app.delete(path, permission, async (c) => {
    const ids = bulkIds(c, spec.invalid, spec.positive);
    await spec.check(c, ids);
    await spec.remove(c, ids);
    return c.json({ message: deletedMessage(ids.length, spec.noun) });
  });
}
