import { Hono } from "hono";
import type { AppEnv } from "../../services/env";
import { requires, principalOf } from "../http/guard";
import { idParam, jsonObject } from "../http/input";
import { insertKeyValue, keyValueById, keyValueByKey } from "../../db/key-values/store";
import { badRequest, notFound } from "../../core/http/errors";
import { checkFields } from "../../core/sqllab/fields";
import { legacyPayload } from "../sqllab/legacy-body";

// Sharing a SQL Lab query: Superset's legacy key-value store (`/kv/store/` → an integer id that forms a
// share link, resource 'app') and its SQL Lab permalinks (`/api/v1/sqllab/permalink`, an opaque key).

const MAX_SHARED_BYTES = 1024 * 1024;

export const sqlLabShareApi = new Hono<AppEnv>({ strict: true });

sqlLabShareApi.post("/kv/store/", requires("can_write", "KV"), async (c) => {
  const payload = await legacyPayload(c);
  if (!("data" in payload) || payload.data === null || payload.data === undefined) throw badRequest("data is required");
  const value = typeof payload.data === "string" ? payload.data : JSON.stringify(payload.data);
  if (value.length > MAX_SHARED_BYTES) throw badRequest("data is too large to share");
  const id = await insertKeyValue(c.var.db, { uuid: crypto.randomUUID(), resource: "app", value, created_by_fk: principalOf(c).id });
  return c.json({ id });
});

const readKv = requires("can_read", "KV");
for (const path of ["/kv/:id/", "/kv/:id"]) {
  sqlLabShareApi.get(path, readKv, async (c) => {
    const row = await keyValueById(c.var.db, "app", idParam(c, "id"));
    if (!row) throw notFound();
    return c.body(row.value, 200, { "Content-Type": "application/json; charset=utf-8" });
  });
}

const PERMALINK_FIELDS = {
  dbId: { kind: "integer", required: true },
  name: { kind: "string", required: true },
  sql: { kind: "string", required: true },
  schema: { kind: "string", nullable: true },
  catalog: { kind: "string", nullable: true },
  autorun: { kind: "boolean" },
  templateParams: { kind: "string", nullable: true },
} as const;

sqlLabShareApi.post("/api/v1/sqllab/permalink", requires("can_write", "SqlLabPermalinkRestApi"), async (c) => {
  const state = checkFields(await jsonObject(c), PERMALINK_FIELDS);
  const value = JSON.stringify(state);
  if (value.length > MAX_SHARED_BYTES) throw badRequest("The query is too large to share");
  const key = randomKey();
  await insertKeyValue(c.var.db, { uuid: key, resource: "sqllab_permalink", value, created_by_fk: principalOf(c).id });
  const origin = new URL(c.req.url).origin;
  return c.json({ key, url: `${origin}/sqllab/p/${key}` }, 201);
});

sqlLabShareApi.get("/api/v1/sqllab/permalink/:key", requires("can_read", "SqlLabPermalinkRestApi"), async (c) => {
  const key = c.req.param("key");
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(key)) throw notFound();
  const row = await keyValueByKey(c.var.db, "sqllab_permalink", key);
  if (!row) throw notFound();
  return c.body(row.value, 200, { "Content-Type": "application/json; charset=utf-8" });
});

/** 128 random bits, base64url: unguessable, unlike the legacy integer ids. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
