import type { Context } from "hono";
import { badRequest } from "../../core/http/errors";
import { jsonObject, MAX_JSON_BODY_BYTES } from "../http/input";

/**
 * Superset's legacy views (/tabstateview/, /tableschemaview/, /kv/store/) receive form posts in which every
 * value is JSON text (SupersetClient's `postPayload`). Our own UI may send a JSON object instead; both read
 * the same. A form value that is not JSON is kept as the raw text.
 */
export async function legacyPayload(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    if (Number(c.req.header("Content-Length") ?? 0) > MAX_JSON_BODY_BYTES) throw badRequest("Request body is too large");
    const form = await c.req.formData().catch(() => {
      throw badRequest("Request body is not a valid form");
    });
    const out: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value !== "string") throw badRequest(`Form field ${key} must be text`);
      if (key === "csrf_token") continue;
      try {
        out[key] = JSON.parse(value);
      } catch {
        out[key] = value;
      }
    }
    return out;
  }
  return jsonObject(c);
}

/** A field that Superset sends as a JSON object (queryEditor, table), given as an object or JSON text. */
export function objectField(payload: Record<string, unknown>, name: string): Record<string, unknown> {
  let v = payload[name];
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      throw badRequest(`${name} must be a JSON object`);
    }
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) throw badRequest(`${name} must be a JSON object`);
  return v as Record<string, unknown>;
}
