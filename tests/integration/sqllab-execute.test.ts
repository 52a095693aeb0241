import { expect, test } from "vitest";
import { encodeRison } from "../../core/http/rison-guard";
import { baseUrl, loginAsAdmin } from "../support/client";
import { examplesId, newClientId, userWithRoles } from "../support/sqllab";

// POST /api/v1/sqllab/execute/ on the examples D1 database, the query API that reads the runs back,
// results, CSV export, estimate, and a scheduled saved query run by the cron.

interface Payload {
  status: string;
  query_id: number;
  query: Record<string, any>;
  columns: { column_name: string; name: string; type: string | null; is_dttm: boolean; type_generic: number }[];
  selected_columns: unknown[];
  expanded_columns: unknown[];
  data: Record<string, unknown>[];
}

test("a synchronous run answers Superset's payload with row objects, and the run is recorded", async () => {
  const api = await loginAsAdmin();
  const dbId = await examplesId(api);
  const client_id = newClientId();
  const res = await api.post("/api/v1/sqllab/execute/", {
    client_id, database_id: dbId, json: true, runAsync: false, catalog: null, schema: null, sql: "SELECT name, num FROM birth_names ORDER BY num DESC, name",
    sql_editor_id: "7", tab: "Untitled Query 1", tmp_table_name: "", select_as_cta: false, ctas_method: "TABLE", templateParams: "{}", queryLimit: 5, expand_data: true,
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Payload;
  expect(body.status).toBe("success");
  expect(body.data).toHaveLength(5);
  expect(Object.keys(body.data[0]).sort()).toEqual(["name", "num"]);
  expect(body.columns.map((c) => c.column_name)).toEqual(["name", "num"]);
  expect(body.columns[1]).toMatchObject({ name: "num", is_dttm: false });
  expect(body.selected_columns).toEqual(body.columns);
  expect(body.expanded_columns).toEqual([]);
  expect(body.query).toMatchObject({
    id: client_id, queryId: body.query_id, serverId: body.query_id, dbId, db: "examples", state: "success", progress: 100, rows: 5,
    limit: 5, limitingFactor: "DROPDOWN", sqlEditorId: "7", tab: "Untitled Query 1", ctas: false, user: expect.any(String),
  });
  expect(body.query.startDttm).toBeLessThanOrEqual(body.query.endDttm);

  const one = (await (await api.get(`/api/v1/query/${body.query_id}`)).json()) as { id: number; result: Record<string, unknown> };
  expect(one.result).toMatchObject({ client_id, status: "success", rows: 5, database: { id: dbId }, sql_editor_id: "7", limit: 5 });
  const list = (await (await api.get(`/api/v1/query/?q=${encodeRison({ filters: [{ col: "database", opr: "rel_o_m", value: dbId }, { col: "status", opr: "eq", value: "success" }], order_column: "start_time", order_direction: "desc" })}`)).json()) as { count: number; result: { client_id: string; database: { database_name: string }; user: { id: number } }[] };
  expect(list.result[0]).toMatchObject({ client_id, database: { database_name: "examples" } });
  const since = (await (await api.get(`/api/v1/query/updated_since?q=${encodeRison({ last_updated_ms: Date.now() - 60_000 })}`)).json()) as { result: { id: string; state: string }[] };
  expect(since.result.find((q) => q.id === client_id)).toMatchObject({ state: "success" });
  const none = (await (await api.get(`/api/v1/query/updated_since?q=${encodeRison({ last_updated_ms: Date.now() + 60_000 })}`)).json()) as { result: unknown[] };
  expect(none.result).toEqual([]);
});

test("a result that fits is NOT_LIMITED; the stored result reads back through results/ with a display cut", async () => {
  const api = await loginAsAdmin();
  const dbId = await examplesId(api);
  const res = await api.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: dbId, sql: "SELECT 1 AS a UNION ALL SELECT 2 UNION ALL SELECT 3", queryLimit: 100 });
  const body = (await res.json()) as Payload;
  expect(body.query.limitingFactor).toBe("NOT_LIMITED");
  expect(body.query.resultsKey).toEqual(expect.any(String));
  let stored: Response | null = null;
  for (let i = 0; i < 50 && stored?.status !== 200; i++) {
    stored = await api.get(`/api/v1/sqllab/results/?q=${encodeRison({ key: body.query.resultsKey, rows: 2 })}`);
    if (stored.status !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  expect(stored!.status).toBe(200);
  const read = (await stored!.json()) as Payload & { displayLimitReached?: boolean };
  expect(read.data).toEqual([{ a: 1 }, { a: 2 }]);
  expect(read.displayLimitReached).toBe(true);
  expect(read.query.id).toBe(body.query.id);
  expect((await api.get(`/api/v1/sqllab/results/?q=${encodeRison({ key: "nope" })}`)).status).toBe(404);
  expect((await api.get("/api/v1/sqllab/results/")).status).toBe(400);
});

test("template parameters are rendered before the run; bad ones are a 400", async () => {
  const api = await loginAsAdmin();
  const dbId = await examplesId(api);
  const res = await api.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: dbId, sql: "SELECT {{ n }} AS n, '{{ current_username() }}' AS who", templateParams: '{"n": 42}' });
  expect(res.status).toBe(200);
  expect(((await res.json()) as Payload).data).toEqual([{ n: 42, who: "admin" }]);
  const bad = await api.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: dbId, sql: "SELECT 1", templateParams: "{nope" });
  expect(bad.status).toBe(400);
});

test("engine errors and refused writes are Superset's error payloads, and the run is recorded as failed", async () => {
  const api = await loginAsAdmin();
  const dbId = await examplesId(api);
  const client_id = newClientId();
  const res = await api.post("/api/v1/sqllab/execute/", { client_id, database_id: dbId, sql: "SELECT * FROM no_such_table" });
  expect(res.status).toBe(400);
  const body = (await res.json()) as { errors: { message: string; error_type: string }[] };
  expect(body.errors[0].message).toMatch(/no_such_table/);
  expect(body.errors[0].error_type).toBeTruthy();
  const since = (await (await api.get(`/api/v1/query/updated_since?q=${encodeRison({ last_updated_ms: Date.now() - 60_000 })}`)).json()) as { result: { id: string; state: string; errorMessage: string }[] };
  expect(since.result.find((q) => q.id === client_id)).toMatchObject({ state: "failed", errorMessage: expect.stringMatching(/no_such_table/) });

  const write = await api.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: dbId, sql: "DELETE FROM birth_names" });
  expect(write.status).toBe(400);
  expect(((await write.json()) as { errors: { error_type: string }[] }).errors[0].error_type).toBe("DML_NOT_ALLOWED_ERROR");
  const count = (await (await api.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: dbId, sql: "SELECT count(*) AS n FROM birth_names" })).json()) as Payload;
  expect(Number(count.data[0].n)).toBeGreaterThan(0);

  const ctas = await api.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: dbId, sql: "SELECT 1", select_as_cta: true, tmp_table_name: "t1" });
  expect(ctas.status).toBe(400);
  expect(((await ctas.json()) as { errors: { error_type: string }[] }).errors[0].error_type).toBe("INVALID_CTAS_QUERY_ERROR");
});

test("bad execute payloads are 400s; unknown databases 404", async () => {
  const api = await loginAsAdmin();
  const missing = await api.post("/api/v1/sqllab/execute/", { sql: "SELECT 1" });
  expect(missing.status).toBe(400);
  expect(await missing.json()).toMatchObject({ message: { database_id: ["Missing data for required field."] } });
  expect((await api.post("/api/v1/sqllab/execute/", { database_id: 1, sql: "SELECT 1", client_id: "bad id with spaces" })).status).toBe(400);
  expect((await api.post("/api/v1/sqllab/execute/", { database_id: 1, sql: "   " })).status).toBe(400);
  const unknown = await api.post("/api/v1/sqllab/execute/", { database_id: 987654, sql: "SELECT 1" });
  expect(unknown.status).toBe(404);
  expect(((await unknown.json()) as { errors: { error_type: string }[] }).errors[0].error_type).toBe("DATABASE_NOT_FOUND_ERROR");
});

test("CSV export is UTF-8 with a BOM and named after the tab", async () => {
  const api = await loginAsAdmin();
  const dbId = await examplesId(api);
  const client_id = newClientId();
  await api.post("/api/v1/sqllab/execute/", { client_id, database_id: dbId, tab: "My Tab", sql: "SELECT 'héllo, world' AS greeting, 2 AS n" });
  const res = await api.get(`/api/v1/sqllab/export/${client_id}/`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/text\/csv/);
  expect(res.headers.get("content-disposition")).toMatch(/sqllab_my_tab_\d{8}T\d{6}\.csv/);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(new TextDecoder().decode(bytes.slice(3))).toBe('greeting,n\r\n"héllo, world",2\r\n');
  expect((await api.get(`/api/v1/sqllab/export/${newClientId()}/`)).status).toBe(404);
});

test("the estimate answers the engine's plan rows", async () => {
  const api = await loginAsAdmin();
  const dbId = await examplesId(api);
  const res = await api.post("/api/v1/sqllab/estimate/", { database_id: dbId, sql: "SELECT * FROM birth_names WHERE num > 10", template_params: {} });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { result: Record<string, unknown>[] };
  expect(body.result.length).toBeGreaterThan(0);
  const refused = await api.post("/api/v1/sqllab/estimate/", { database_id: dbId, sql: "DROP TABLE birth_names" });
  expect(refused.status).toBe(400);
});

test("stop answers OK for a run and already_complete for a finished one; unknown ids 404", async () => {
  const api = await loginAsAdmin();
  const dbId = await examplesId(api);
  const client_id = newClientId();
  await api.post("/api/v1/sqllab/execute/", { client_id, database_id: dbId, sql: "SELECT 1" });
  expect(await (await api.post("/api/v1/query/stop", { client_id })).json()).toEqual({ result: "already_complete" });
  expect((await api.post("/api/v1/query/stop", { client_id: newClientId() })).status).toBe(404);
  expect((await api.post("/api/v1/query/stop", {})).status).toBe(400);
});

test("a user without access to the database is refused, and sees none of another user's runs", async () => {
  const admin = await loginAsAdmin();
  const dbId = await examplesId(admin);
  const client_id = newClientId();
  const ran = (await (await admin.post("/api/v1/sqllab/execute/", { client_id, database_id: dbId, sql: "SELECT 1" })).json()) as Payload;
  const user = await userWithRoles(admin);
  const res = await user.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: dbId, sql: "SELECT 1" });
  expect(res.status).toBe(403);
  expect(((await res.json()) as { errors: { error_type: string }[] }).errors[0].error_type).toBe("DATABASE_SECURITY_ACCESS_ERROR");
  expect((await user.get(`/api/v1/query/${ran.query_id}`)).status).toBe(404);
  expect(((await (await user.get("/api/v1/query/")).json()) as { count: number }).count).toBe(0);
  expect((await user.post("/api/v1/query/stop", { client_id })).status).toBe(404);
  expect((await user.get(`/api/v1/sqllab/export/${client_id}/`)).status).toBe(404);
  const gamma = await userWithRoles(admin, ["Gamma"]);
  expect((await gamma.post("/api/v1/sqllab/execute/", { database_id: dbId, sql: "SELECT 1" })).status).toBe(403);
  expect((await gamma.get("/api/v1/saved_query/")).status).toBe(403);
  expect((await fetch(`${baseUrl()}/api/v1/sqllab/execute/`, { method: "POST", body: "{}" })).status).toBe(401);
});

test("a scheduled saved query is run by the cron and records its last run", async () => {
  const api = await loginAsAdmin();
  const dbId = await examplesId(api);
  const extra = { schedule_info: { crontab: "* * * * *", start_date: null, end_date: null } };
  const created = (await (await api.post("/api/v1/saved_query/", { label: "every minute", db_id: dbId, sql: "SELECT name FROM birth_names LIMIT 3", extra_json: JSON.stringify(extra) })).json()) as { id: number };
  const broken = (await (await api.post("/api/v1/saved_query/", { label: "broken", db_id: dbId, sql: "SELECT * FROM nowhere", extra_json: JSON.stringify(extra) })).json()) as { id: number };
  const tick = await fetch(`${baseUrl()}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`, { headers: { Connection: "close" } });
  expect(tick.status).toBe(200);
  const got = (await (await api.get(`/api/v1/saved_query/${created.id}`)).json()) as { result: { rows: number; last_run: string; extra: { last_run: { status: string; rows: number; at: string } } } };
  expect(got.result.extra.last_run).toMatchObject({ status: "success", rows: 3 });
  expect(got.result.rows).toBe(3);
  expect(got.result.last_run).toEqual(expect.any(String));
  const bad = (await (await api.get(`/api/v1/saved_query/${broken.id}`)).json()) as { result: { extra: { last_run: { status: string; error: string } } } };
  expect(bad.result.extra.last_run).toMatchObject({ status: "failed", error: expect.stringMatching(/nowhere/) });
  // a second tick in the same minute does not run it again
  await fetch(`${baseUrl()}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`, { headers: { Connection: "close" } });
  const again = (await (await api.get(`/api/v1/saved_query/${created.id}`)).json()) as { result: { extra: { last_run: { at: string } } } };
  expect(again.result.extra.last_run.at).toBe(got.result.extra.last_run.at);
});
