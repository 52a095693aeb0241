import { beforeAll, expect, test } from "vitest";
import { env } from "cloudflare:workers";
import { sign } from "hono/jwt";
import { inject } from "vitest";
import { loginAsAdmin, workerFetch, type ApiClient } from "../support/client";
import { json, q } from "../support/access";

// What real Superset clients send that Superset accepts (scripts, preset-cli, the upload dialogs, token
// refreshers): each call here was refused before. tests/integration/superset-client.test.ts makes the same
// calls through @superset-ui/core's own SupersetClient.

let admin: ApiClient;
const secret = (env as unknown as { SECRET_KEY: string }).SECRET_KEY;

beforeAll(async () => {
  admin = await loginAsAdmin();
});

test("?q= may be JSON (q=json.dumps(...)), as FAB falls back to it; broken JSON is FAB's 400", async () => {
  const args = { filters: [{ col: "table_name", opr: "eq", value: "birth_names" }], columns: ["id", "table_name"] };
  const byJson = await json(await admin.get(`/api/v1/dataset/?q=${encodeURIComponent(JSON.stringify(args))}`));
  expect(byJson.result).toEqual([{ id: expect.any(Number), table_name: "birth_names" }]);
  expect(await json(await admin.get(`/api/v1/dataset/?q=${q(args)}`))).toEqual(byJson);
  const broken = await admin.get(`/api/v1/dataset/?q=${encodeURIComponent('{"filters": [')}`);
  expect(broken.status).toBe(400);
  expect((await json(broken)).message).toBe("Not a valid rison/json argument");
});

test("a path without its trailing slash answers 308 to the slash form, query kept; the client follows it with method and body", async () => {
  const list = await admin.raw(`/api/v1/dashboard?q=${q({ page_size: 1 })}`, { redirect: "manual" });
  expect(list.status).toBe(308);
  expect(list.headers.get("location")).toBe(`/api/v1/dashboard/?q=${q({ page_size: 1 })}`);
  expect((await admin.raw("/api/v1/me", { redirect: "manual" })).headers.get("location")).toBe("/api/v1/me/");
  const post = await admin.raw("/api/v1/database/test_connection", { method: "POST", redirect: "manual" });
  expect(post.status).toBe(308);
  expect(post.headers.get("location")).toBe("/api/v1/database/test_connection/");
  // no route with the slash either, or not for this method: still the JSON 404
  expect((await admin.raw("/api/v1/no_such_thing", { redirect: "manual" })).status).toBe(404);
  expect((await admin.raw("/api/v1/me", { method: "DELETE", redirect: "manual" })).status).toBe(404);
  // followed as a client does (same method and body)
  const followed = await admin.raw(`/api/v1/dashboard/?q=${q({ page_size: 1 })}`);
  expect(followed.status).toBe(200);
});

test("bearer tokens are refused as flask-jwt-extended refuses them", async () => {
  const me = (token: string) => workerFetch("/api/v1/me/", { headers: { Authorization: `Bearer ${token}` } });
  const now = Math.floor(Date.now() / 1000);
  const adminId = (await json(await admin.get("/api/v1/me/"))).result.id;
  const expired = await sign({ sub: String(adminId), type: "access", gen: 0, iat: now - 3600, exp: now - 60 }, secret);
  expect(await answer(me(expired))).toEqual({ status: 401, body: { msg: "Token has expired" } });
  expect(await answer(me("abc"))).toEqual({ status: 422, body: { msg: "Not enough segments" } });
  const forged = await sign({ sub: String(adminId), type: "access", gen: 0, iat: now, exp: now + 60 }, "not-the-secret-not-the-secret-not-the-secret");
  expect(await answer(me(forged))).toEqual({ status: 422, body: { msg: "Signature verification failed" } });
  // a forged token that has also expired is reported for its signature, as PyJWT checks that first
  expect(await answer(me(await sign({ sub: "1", type: "access", exp: now - 60 }, "not-the-secret-not-the-secret-not-the-secret")))).toEqual({ status: 422, body: { msg: "Signature verification failed" } });

  const { username, password } = inject("admin");
  const login = (refresh: unknown) =>
    workerFetch("/api/v1/security/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username, password, provider: "db", refresh }) });
  const tokens = await json(await login("true"));
  expect(tokens).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
  expect(Object.keys(await json(await login("false")))).toEqual(["access_token"]);
  expect((await login("maybe")).status).toBe(400);
  const refresh = (token: string) => workerFetch("/api/v1/security/refresh", { method: "POST", headers: { Authorization: `Bearer ${token}` } });
  expect(await answer(refresh(tokens.access_token))).toEqual({ status: 422, body: { msg: "Only refresh tokens are allowed" } });
  expect(await answer(me(tokens.refresh_token))).toEqual({ status: 422, body: { msg: "Only non-refresh tokens are allowed" } });
  expect(await answer(workerFetch("/api/v1/security/refresh", { method: "POST" }))).toEqual({ status: 401, body: { msg: "Missing Authorization Header" } });
  const refreshed = await refresh(tokens.refresh_token);
  expect(refreshed.status).toBe(200);
  expect((await me((await json(refreshed)).access_token)).status).toBe(200);
  // a stale header does not stop a public route: the login form still serves
  expect((await workerFetch("/api/v1/security/login", { method: "POST", headers: { Authorization: "Bearer abc", "Content-Type": "application/json" }, body: JSON.stringify({ username, password, provider: "db" }) })).status).toBe(200);
});

test("the upload dialogs' database filter (upload_is_enabled) lists the databases that allow file upload", async () => {
  const made = await admin.post("/api/v1/database/", { database_name: `uploads ${Math.random().toString(36).slice(2, 10)}`, sqlalchemy_uri: "d1://EXAMPLES", allow_file_upload: true });
  expect(made.status).toBe(201);
  const all = await json(await admin.get(`/api/v1/database/?q=${q({ columns: ["id", "allow_file_upload"], page_size: 100 })}`));
  const filtered = await admin.get(`/api/v1/database/?q=${q({ filters: [{ col: "allow_file_upload", opr: "upload_is_enabled", value: true }], columns: ["id"], page_size: 100 })}`);
  expect(filtered.status).toBe(200);
  const ids = (await json(filtered)).result.map((r: { id: number }) => r.id);
  expect(ids.sort()).toEqual(all.result.filter((r: { allow_file_upload: boolean }) => r.allow_file_upload).map((r: { id: number }) => r.id).sort());
  expect(ids).toContain((await json(made)).id);
  expect(ids.length).toBeLessThan(all.result.length);
  const info = await json(await admin.get(`/api/v1/database/_info?q=${q({ keys: ["filters"] })}`));
  expect(info.filters.allow_file_upload).toContainEqual({ name: "Upload Enabled", operator: "upload_is_enabled" });
});

async function answer(res: Promise<Response>) {
  const r = await res;
  return { status: r.status, body: (await r.json()) as any };
}

test("answers carry what Superset's clients read: tab states, dataset type, 422 field errors, bootstrap user, label_map, download cookie", async () => {
  const dbId = (await json(await admin.get(`/api/v1/database/?q=${q({ filters: [{ col: "database_name", opr: "eq", value: "examples" }] })}`))).result[0].id;
  const tab = await json(await admin.post("/tabstateview/", { queryEditor: { name: `compat ${Math.random()}`, dbId } }));
  const related = await json(await admin.get(`/api/v1/database/${dbId}/related_objects/`));
  expect(related.sqllab_tab_states.result).toContainEqual({ id: tab.id, label: expect.any(String), active: expect.any(Boolean) });
  expect(related.sqllab_tab_states.count).toBe(related.sqllab_tab_states.result.length);

  const dataset = (await json(await admin.get(`/api/v1/dataset/?q=${q({ filters: [{ col: "table_name", opr: "eq", value: "birth_names" }] })}`))).result[0];
  expect((await json(await admin.get(`/api/v1/explore/?datasource_id=${dataset.id}&datasource_type=table`))).result.dataset.type).toBe("table");

  const slug = `compat-${Math.random().toString(36).slice(2, 10)}`;
  expect((await admin.post("/api/v1/dashboard/", { dashboard_title: "compat", slug })).status).toBe(201);
  expect(await answer(admin.post("/api/v1/dashboard/", { dashboard_title: "compat 2", slug }))).toEqual({ status: 422, body: { message: { slug: ["Must be unique"] } } });
  expect(await answer(admin.post("/api/v1/dashboard/", { dashboard_title: "compat 3", owners: [987654] }))).toEqual({ status: 422, body: { message: { owners: ["Owners are invalid"] } } });

  const me = (await json(await admin.get("/api/v1/me/roles/"))).result;
  expect(me).toMatchObject({ username: inject("admin").username, userId: expect.any(Number), firstName: expect.any(String), lastName: expect.any(String), isActive: true, isAnonymous: false, email: expect.any(String) });
  expect(me.createdOn).toEqual(expect.any(String));
  expect(me.roles.Admin).toEqual(expect.any(Array));

  const data = await json(await admin.post("/api/v1/chart/data", {
    datasource: { id: dataset.id, type: "table" },
    queries: [{ columns: ["gender"], metrics: ["count"], row_limit: 10 }],
  }));
  // (the split of pivoted labels into their parts is core/chart-data/label-map.test.ts's)
  expect(data.result[0].label_map).toEqual({ gender: ["gender"], count: ["count"] });

  const exported = await admin.get(`/api/v1/dataset/export/?q=${q([dataset.id])}&token=dl_abc123`);
  expect(exported.status).toBe(200);
  expect(exported.headers.get("set-cookie")).toMatch(/^dl_abc123=done; Max-Age=600; Path=\//);
  expect((await admin.get(`/api/v1/dataset/export/?q=${q([dataset.id])}&token=${encodeURIComponent("a=b; x")}`)).headers.get("set-cookie")).toBeNull();

  const run = (sql: string) => admin.post("/api/v1/sqllab/execute/", { database_id: dbId, sql, runAsync: false, client_id: Math.random().toString(36).slice(2, 13) });
  const typo = await answer(run("SELEC 1"));
  expect(typo.status).toBe(422);
  expect(typo.body.errors[0]).toMatchObject({ error_type: "INVALID_SQL_ERROR", message: "Error parsing near 'SELEC' at line 1:1" });
});

test("a cookie write with a wrong or missing CSRF token is Flask-WTF's 400", async () => {
  const { browserSession } = await import("../support/client");
  const { username, password } = inject("admin");
  const { cookie } = await browserSession(username, password);
  const post = (headers: Record<string, string>) => workerFetch("/api/v1/log/", { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json", ...headers }, body: "[]" });
  expect(await answer(post({ "X-CSRFToken": "wrong" }))).toMatchObject({ status: 400, body: { message: "The CSRF token is invalid." } });
  expect(await answer(post({}))).toMatchObject({ status: 400, body: { message: "The CSRF token is missing." } });
});
