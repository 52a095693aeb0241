import { expect, test } from "vitest";
import { baseUrl, workerFetch, loginAsAdmin } from "../support/client";
import { examplesId, formPost, userWithRoles } from "../support/sqllab";

// Sharing and formatting: the legacy /kv/ store, SQL Lab permalinks, and format_sql.

test("a query shared through /kv/store/ comes back from /kv/{id}/, also for another user", async () => {
  const api = await loginAsAdmin();
  const shared = { dbId: 1, title: "Shared", schema: "main", autorun: false, sql: "SELECT 'héllo'" };
  const res = await formPost(api, "/kv/store/", { data: shared });
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: number };
  expect(Number.isInteger(id)).toBe(true);
  expect(await (await api.get(`/kv/${id}/`)).json()).toEqual(shared);
  const other = await userWithRoles(api);
  expect(await (await other.get(`/kv/${id}`)).json()).toEqual(shared);
  expect((await api.get("/kv/999999/")).status).toBe(404);
  expect((await api.post("/kv/store/", {})).status).toBe(400);
});

test("a SQL Lab permalink answers key and url and reads back the editor state", async () => {
  const api = await loginAsAdmin();
  const dbId = await examplesId(api);
  const state = { dbId, name: "Untitled Query 3", sql: "SELECT 1", schema: "main", autorun: false, templateParams: "{}" };
  const res = await api.post("/api/v1/sqllab/permalink", state);
  expect(res.status).toBe(201);
  const { key, url } = (await res.json()) as { key: string; url: string };
  expect(url).toBe(`${baseUrl()}/sqllab/p/${key}`);
  expect(key).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  expect(await (await api.get(`/api/v1/sqllab/permalink/${key}`)).json()).toEqual(state);
  expect((await api.get("/api/v1/sqllab/permalink/doesnotexist123")).status).toBe(404);
  const bad = await api.post("/api/v1/sqllab/permalink", { sql: "x" });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toEqual({ message: { dbId: ["Missing data for required field."], name: ["Missing data for required field."] } });
});

test("format_sql answers the formatted text, in the dialect of the database when one is named", async () => {
  const api = await loginAsAdmin();
  const res = await api.post("/api/v1/sqllab/format_sql/", { sql: "select a,b from t where x=1" });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ result: "SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  x = 1" });
  const dbId = await examplesId(api);
  const withDb = await api.post("/api/v1/sqllab/format_sql/", { sql: "select [a] from t", database_id: dbId });
  expect(((await withDb.json()) as { result: string }).result).toContain("[a]");
  expect((await api.post("/api/v1/sqllab/format_sql/", {})).status).toBe(400);
  expect((await api.post("/api/v1/sqllab/format_sql/", { sql: "select 'open" })).status).toBe(400);
});

test("sharing and formatting need a login", async () => {
  expect((await workerFetch(`/kv/store/`, { method: "POST", body: "data=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } })).status).toBe(401);
  expect((await workerFetch(`/api/v1/sqllab/format_sql/`, { method: "POST", body: "{}" })).status).toBe(401);
});
