import type { Context } from "hono";
import { ApiError, badRequest, statusText } from "../../core/http/errors";
import { parsePathId } from "../../core/http/path-id";
import { decodeQueryArgument } from "../../core/http/rison-guard";

export const MAX_JSON_BODY_BYTES = 4 * 1024 * 1024;

/** The `?q=` argument (rison, or JSON as FAB also reads), decoded through the guarded decoder. */
export function risonQuery<T = Record<string, unknown>>(c: Context, name = "q"): T | undefined {
  return decodeQueryArgument(c.req.query(name)) as T | undefined;
}

/** A JSON object body; anything else (array, scalar, malformed, oversized) is a clear 400. */
export async function jsonObject(c: Context): Promise<Record<string, unknown>> {
  const value = await jsonBody(c);
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw badRequest("Request body must be a JSON object");
  return value as Record<string, unknown>;
}

/** Keys that would reach an object's prototype when a body is spread or merged: refused everywhere. */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export async function jsonBody(c: Context): Promise<unknown> {
  // The body is read in full before refusing it: answering mid-upload resets the client's connection
  // instead of giving it the 413. The platform caps request bodies well above this limit.
  const text = await c.req.text();
  if (text.length > MAX_JSON_BODY_BYTES) throw new ApiError(413, "Request body is too large", "INVALID_PAYLOAD_FORMAT_ERROR");
  if (!text.trim()) throw badRequest("Request body is empty");
  let forbidden: string | null = null;
  let value: unknown;
  try {
    value = JSON.parse(text, (key, v) => {
      if (FORBIDDEN_KEYS.has(key)) forbidden = key;
      return v;
    });
  } catch (e) {
    // V8's messages name the position, never our code; a stack overflow on absurd nesting is caught here too.
    const message = e instanceof RangeError ? "it nests too deeply" : (e as Error).message;
    throw badRequest(`Request body is not valid JSON: ${message}`);
  }
  if (forbidden) throw badRequest(`Request body may not contain the key "${forbidden}"`);
  return value;
}

/**
 * Path parameter as an object id, parsed for every route here (core/http/path-id.ts): anything but plain decimal
 * digits is answered as Superset's <int:pk> router answers a path it does not match, 404 Not found.
 */
export function idParam(c: Context, name = "pk"): number {
  const id = parsePathId(c.req.param(name));
  if (id === null) throw new ApiError(404, statusText(404));
  return id;
}

/**
 * A table, schema or catalog name taken from the request. No engine allows NUL in a name and D1 fails on it
 * instead of answering "not found", so it is refused here with the name's role in the message.
 */
export function objectName<T extends string | null | undefined>(value: T, what: string): T {
  if (typeof value === "string") {
    if (value.includes("\u0000")) throw badRequest(`The ${what} name may not contain a NUL character`);
    if (value.length > 1024) throw badRequest(`The ${what} name is too long`);
  }
  return value;
}
