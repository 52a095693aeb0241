import type { Context, Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { badRequest } from "../../core/http/errors";
import type { GuardedHandler } from "./guard";
import { idParam, risonQuery } from "./input";

// Superset's deletes, one route shape for every resource: `DELETE /api/v1/<resource>/<pk>` answering "OK", and
// the bulk `DELETE /api/v1/<resource>/?q=!(1,2)`: the permission declared, `q` a rison list of ids, every id
// checked (found, visible, owned) before anything is deleted — all or nothing — and "Deleted N <things>".

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

export interface Deletes extends Omit<BulkDelete, "check"> {
  /** throws (404, 403…) unless the caller may delete this one */
  checkOne: (c: C, id: number) => Promise<unknown>;
  /** the bulk check; by default checkOne for each id, in turn */
  check?: BulkDelete["check"];
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

/** The bulk delete alone, at `path`. */
export function bulkDeleteRoute(app: Hono<AppEnv>, path: string, permission: GuardedHandler, spec: BulkDelete): void {
  app.delete(path, permission, async (c) => {
    const ids = bulkIds(c, spec.invalid, spec.positive);
    await spec.check(c, ids);
    await spec.remove(c, ids);
    return c.json({ message: deletedMessage(ids.length, spec.noun) });
  });
}

/** Registers `<base>:pk` and the bulk `<base>` (base ends in a slash, e.g. "/api/v1/chart/"). */
export function deleteRoutes(app: Hono<AppEnv>, base: string, permission: GuardedHandler, spec: Deletes): void {
  app.delete(`${base}:pk`, permission, async (c) => {
    const id = idParam(c);
    await spec.checkOne(c, id);
    await spec.remove(c, [id]);
    return c.json({ message: "OK" });
  });
  const checkEach = async (c: C, ids: number[]) => {
    for (const id of ids) await spec.checkOne(c, id);
  };
  bulkDeleteRoute(app, base, permission, { ...spec, check: spec.check ?? checkEach });
}
