import type { Context } from "hono";
import { badRequest } from "../../core/http/errors";
import { decodeRison } from "../../core/http/rison-guard";

export const MAX_JSON_BODY_BYTES = 4 * 1024 * 1024;

/** The `?q=` rison argument, decoded through the guarded decoder. */
export function risonQuery<T = Record<string, unknown>>(c: Context, name = "q"): T | undefined {
  return decodeRison(c.req.query(name)) as T | undefined;
}

/** A JSON object body; anything else (array, scalar, malformed, oversized) is a clear 400. */
export async function jsonObject(c: Context): Promise<Record<string, unknown>> {
  const value = await jsonBody(c);
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw badRequest("Request body must be a JSON object");
  return value as Record<string, unknown>;
}

export async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.length > MAX_JSON_BODY_BYTES) throw badRequest("Request body is too large");
  if (!text.trim()) throw badRequest("Request body is empty");
  try {
    return JSON.parse(text);
  } catch (e) {
    throw badRequest(`Request body is not valid JSON: ${(e as Error).message}`);
  }
}

/** Path parameter as a positive integer id, or 404 as Superset answers for unknown ids. */
export function idParam(c: Context, name = "pk"): number {
  const raw = c.req.param(name);
  const n = Number(raw);
  if (!raw || !Number.isSafeInteger(n) || n < 1) throw badRequest(`Invalid id: ${raw}`);
  return n;
}
