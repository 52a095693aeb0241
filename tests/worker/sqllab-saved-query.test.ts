import { expect, test } from "vitest";
import { encodeRison } from "../../core/http/rison-guard";
import { loginAsAdmin, workerFetch, type ApiClient } from "../support/client";

// /api/v1/saved_query/ against the real Worker and D1: CRUD, Superset's list query with the all_text
// search, bulk delete, and the schedule kept in extra_json.

async function examplesId(api: ApiClient): Promise<number> {
  const body = (await (await api.get("/api/v1/sqllab/")).json()) as { result: { databases: Record<string, { id: number; database_name: string }> } };
  const db = Object.values(body.result.databases).find((d) => d.database_name === "examples");
  if (!db) throw new Error("the examples database is not registered");
  return db.id;
}

async function create(api: ApiClient, fields: Record<string, unknown>): Promise<number> {
  const res = await api.post("/api/v1/saved_query/", fields);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test("a saved query is created, read, updated and deleted with Superset's payloads", async () => {
  const api = await loginAsAdmin();
  const dbId = await examplesId(api);
  const res = await api.post("/api/v1/saved_query/", { label: "Births", db_id: dbId, schema: "main", sql: "SELECT 1", template_parameters: '{"a":1}', catalog: null });
  expect(res.status).toBe(201);
  const created = (await res.json()) as { id: number; result: Record<string, unknown> };
  expect(created.result).toEqual({ label: "Births", db_id: dbId, schema: "main", sql: "SELECT 1", template_parameters: '{"a":1}', catalog: null });

  const got = (await (await api.get(`/api/v1/saved_query/${created.id}`)).json()) as { id: number; result: Record<string, any> };
  expect(got.id).toBe(created.id);
  expect(got.result).toMatchObject({ id: created.id, label: "Births", sql: "SELECT 1", schema: "main", database: { id: dbId, database_name: "examples" }, template_parameters: '{"a":1}' });
  expect(got.result.created_by).toMatchObject({ id: expect.any(Number) });
  expect(got.result.changed_on_delta_humanized).toMatch(/now|second/);

  const put = await api.put(`/api/v1/saved_query/${created.id}`, { label: "Births v2", sql: "SELECT 2" });
  expect(put.status).toBe(200);
  expect(await put.json()).toEqual({ id: created.id, result: { label: "Births v2", sql: "SELECT 2" } });
  const again = (await (await api.get(`/api/v1/saved_query/${created.id}`)).json()) as { result: { label: string; sql: string } };
  expect(again.result).toMatchObject({ label: "Births v2", sql: "SELECT 2" });

  const del = await api.delete(`/api/v1/saved_query/${created.id}`);
  expect(del.status).toBe(200);
  expect(await del.json()).toEqual({ message: "OK" });
  expect((await api.get(`/api/v1/saved_query/${created.id}`)).status).toBe(404);
});

test("the list filters with Superset's all_text search, database filter, order and paging", async () => {
  const api = await loginAsAdmin();
  const dbId = await examplesId(api);
  const tag = `zq${Date.now()}`;
  await create(api, { label: `${tag} alpha`, db_id: dbId, sql: "SELECT 1" });
  await create(api, { label: "other", description: `mentions ${tag}`, db_id: dbId, sql: "SELECT 2" });
  await create(api, { label: "third", db_id: dbId, sql: `SELECT '${tag}'` });
  await create(api, { label: "unrelated", db_id: dbId, sql: "SELECT 3" });
  const q = encodeRison({ filters: [{ col: "label", opr: "all_text", value: tag.toUpperCase() }, { col: "database", opr: "rel_o_m", value: dbId }], order_column: "label", order_direction: "asc", page: 0, page_size: 2 });
  const res = await api.get(`/api/v1/saved_query/?q=${q}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { count: number; ids: number[]; result: { label: string; database: { database_name: string } }[] };
  expect(body.count).toBe(3);
  expect(body.result.map((r) => r.label)).toEqual(["other", "third"]);
  expect(body.ids).toHaveLength(2);
  expect(body.result[0].database.database_name).toBe("examples");
  const bad = await api.get(`/api/v1/saved_query/?q=${encodeRison({ filters: [{ col: "user_id", opr: "eq", value: 1 }] })}`);
  expect(bad.status).toBe(400);
});

test("bulk delete removes the listed saved queries with Superset's message, and 404s on unknown ids", async () => {
  const api = await loginAsAdmin();
  const a = await create(api, { label: "bulk a", sql: "SELECT 1" });
  const b = await create(api, { label: "bulk b", sql: "SELECT 1" });
  const missing = await api.delete(`/api/v1/saved_query/?q=${encodeRison([a, 999999])}`);
  expect(missing.status).toBe(404);
  expect((await api.get(`/api/v1/saved_query/${a}`)).status).toBe(200);
  const res = await api.delete(`/api/v1/saved_query/?q=${encodeRison([a, b])}`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ message: "Deleted 2 saved queries" });
  expect((await api.get(`/api/v1/saved_query/${b}`)).status).toBe(404);
  expect((await api.delete("/api/v1/saved_query/?q=(a:1)")).status).toBe(400);
});

test("a schedule is stored in extra_json, validated, and shown with its next run", async () => {
  const api = await loginAsAdmin();
  const extra = { schedule_info: { crontab: "0 6 * * 1", start_date: "2026-01-01T00:00:00Z", end_date: null } };
  const id = await create(api, { label: "weekly", sql: "SELECT 1", extra_json: JSON.stringify(extra) });
  const got = (await (await api.get(`/api/v1/saved_query/${id}`)).json()) as { result: { extra_json: string; extra: { next_run?: string; schedule_info: unknown } } };
  expect(JSON.parse(got.result.extra_json)).toEqual(extra);
  expect(new Date(got.result.extra.next_run!).getUTCDay()).toBe(1);
  const bad = await api.put(`/api/v1/saved_query/${id}`, { extra_json: JSON.stringify({ schedule_info: { crontab: "every monday" } }) });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { message: string }).message).toMatch(/Invalid cron expression/);
});

test("bad payloads are 400s naming the field, and unknown ids 404", async () => {
  const api = await loginAsAdmin();
  const res = await api.post("/api/v1/saved_query/", { label: 5, nope: true, db_id: "x" });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ message: { label: ["Not a valid string."], nope: ["Unknown field."], db_id: ["Not a valid integer."] } });
  expect((await api.post("/api/v1/saved_query/", { db_id: 987654 })).status).toBe(404);
  expect((await api.put("/api/v1/saved_query/987654", { label: "x" })).status).toBe(404);
  expect((await api.get("/api/v1/saved_query/abc")).status).toBe(404);
});

test("anonymous callers get 401", async () => {
  expect((await workerFetch(`/api/v1/saved_query/`)).status).toBe(401);
});
