import { afterAll, beforeAll, expect, test } from "vitest";
import { startSqlLabWorker, type SqlLabWorker } from "../support/sqllab-worker";
import { listAll } from "../support/access";

// The per-isolate principal cache (db/security/principal-cache.ts, ADR 0008) must never keep a right alive. Each test
// first uses the credential, so its principal is cached, then takes the right away:
// - through the API (this isolate): refused on the very next request;
// - straight in D1, as another isolate's write would be (this isolate hears nothing): refused once the
//   cache's bound (2 s) has passed, never later.
// Logout, password change and deactivation through the API are covered in auth-hardening.test.ts.

let w: SqlLabWorker;
/** a role with no permission (a user must hold at least one role) */
let nothing: number;
const unique = () => Math.random().toString(36).slice(2, 10);
const BOUND_MS = 2_000;

beforeAll(async () => {
  w = await startSqlLabWorker();
  nothing = ((await (await w.admin.post("/api/v1/security/roles/", { name: `nothing ${unique()}` })).json()) as { id: number }).id;
}, 240_000);

afterAll(async () => {
  await w?.stop();
});

async function pairId(permission: string, view: string): Promise<number> {
  const pairs = await listAll<{ id: number; permission: { name: string }; view_menu: { name: string } }>(w.admin, "/api/v1/security/permissions-resources/");
  return pairs.find((p) => p.permission.name === permission && p.view_menu.name === view)!.id;
}

/** A custom role that may read charts, and a user holding only it, signed in with a bearer token. */
async function chartReader() {
  const role = ((await (await w.admin.post("/api/v1/security/roles/", { name: `readers ${unique()}` })).json()) as { id: number }).id;
  expect((await w.admin.post(`/api/v1/security/roles/${role}/permissions`, { permission_view_menu_ids: [await pairId("can_read", "Chart")] })).status).toBe(200);
  const username = `u_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const created = await w.admin.post("/api/v1/security/users/", { username, password, first_name: "C", last_name: "R", email: `${username}@example.com`, roles: [role] });
  expect(created.status).toBe(201);
  const user = await w.login(username, password);
  const charts = () => user.get("/api/v1/chart/").then((r) => r.status);
  // twice: the second answer comes from the cache
  expect(await charts()).toBe(200);
  expect(await charts()).toBe(200);
  return { role, id: ((await created.json()) as { id: number }).id, user, charts };
}

test("a role's permission taken away through the API is refused on the next request", async () => {
  const { role, charts } = await chartReader();
  expect((await w.admin.post(`/api/v1/security/roles/${role}/permissions`, { permission_view_menu_ids: [] })).status).toBe(200);
  expect(await charts()).toBe(403);
});

test("a role taken from the user, the user taken from the role, or the role deleted: refused on the next request", async () => {
  const a = await chartReader();
  expect((await w.admin.put(`/api/v1/security/users/${a.id}`, { roles: [nothing] })).status).toBe(200);
  expect(await a.charts()).toBe(403);

  const b = await chartReader();
  expect((await w.admin.put(`/api/v1/security/roles/${b.role}/users`, { user_ids: [] })).status).toBe(200);
  expect(await b.charts()).toBe(403);

  const c = await chartReader();
  expect((await w.admin.delete(`/api/v1/security/roles/${c.role}`)).status).toBe(200);
  expect(await c.charts()).toBe(403);
});

test("GET /api/v1/me/ answers the user's own record from the principal, as D1 holds it", async () => {
  const { user } = await chartReader();
  const me = async () => ((await (await user.get("/api/v1/me/")).json()) as { result: Record<string, unknown> }).result;
  const before = await me();
  expect(before).toMatchObject({ is_active: true, is_anonymous: false, login_count: 1, first_name: "C", last_name: "R" });
  expect(before.email).toBe(`${String(before.username)}@example.com`);
  const row = w.d1<{ created_on: string; changed_on: string }>(`SELECT created_on, changed_on FROM ab_user WHERE id = ${Number(before.id)}`)[0];
  expect([before.created_on, before.changed_on]).toEqual([row.created_on, row.changed_on]);
});

/**
 * Polls until `refused` answers true, and returns how long after the write the first refused request started.
 * Fails when a request that started after the bound (with 100 ms for the two clocks) was still allowed. The bound
 * is on when a request starts, not when it ends, so a slow answer on a loaded machine (CI runs worker tests beside
 * these) cannot fail it; a cache that outlives the bound always does.
 */
async function refusedWithinBound(refused: () => Promise<boolean>, writtenAt: number) {
  for (;;) {
    const startedAt = Date.now();
    if (await refused()) return startedAt - writtenAt;
    if (startedAt - writtenAt > BOUND_MS + 100) throw new Error(`a request started ${startedAt - writtenAt} ms after the write was still allowed`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test("rights taken away in D1 behind this isolate's back (another isolate's write) stop within the bound", async () => {
  const writes: [string, (id: number, role: number) => string][] = [
    ["deactivated", (id) => `UPDATE ab_user SET active = 0 WHERE id = ${id}`],
    ["password changed (session generation)", (id) => `UPDATE ab_user SET session_generation = session_generation + 1 WHERE id = ${id}`],
    ["role removed", (id) => `DELETE FROM ab_user_role WHERE user_id = ${id}`],
    ["permission removed", (_id, role) => `DELETE FROM ab_permission_view_role WHERE role_id = ${role}`],
  ];
  for (const [what, statement] of writes) {
    const { id, role, charts } = await chartReader();
    w.d1(statement(id, role));
    const writtenAt = Date.now();
    const after = await refusedWithinBound(async () => (await charts()) !== 200, writtenAt);
    expect(after, what).toBeLessThanOrEqual(BOUND_MS + 100);
    expect([401, 403], what).toContain(await charts());
  }
});

test("a session revoked in D1 behind this isolate's back stops within the bound", async () => {
  const username = `s_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  expect((await w.admin.post("/api/v1/security/users/", { username, password, first_name: "S", last_name: "R", email: `${username}@example.com`, roles: [nothing] })).status).toBe(201);
  const login = await fetch(`${w.url}/login/`, { method: "POST", body: new URLSearchParams({ username, password, next: "/" }), redirect: "manual" });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  const meWithCookie = () => fetch(`${w.url}/api/v1/me/`, { headers: { Cookie: cookie } }).then((r) => r.status);
  expect(await meWithCookie()).toBe(200);
  expect(await meWithCookie()).toBe(200);
  // the session id sits in the signed cookie's payload
  const sid = (JSON.parse(Buffer.from(cookie.slice("session=".length).split(".")[0], "base64url").toString()) as { sid: string }).sid;
  w.d1(`INSERT INTO revoked_session (sid, expires_on) VALUES ('${sid}', '2999-01-01T00:00:00Z')`);
  const writtenAt = Date.now();
  expect(await refusedWithinBound(async () => (await meWithCookie()) === 401, writtenAt)).toBeLessThanOrEqual(BOUND_MS + 100);
});

// The same bound for the dataset rows chart data compiles from (db/datasets/cache.ts): an edit through the API
// shows on the next request, one written straight into D1 within the bound. Access is never cached with them.
test("chart data sees a dataset's metric edited through the API at once, and in D1 behind its back within the bound", async () => {
  const list = await listAll<{ id: number; table_name: string }>(w.admin, "/api/v1/dataset/");
  const births = list.find((d) => d.table_name === "birth_names")!.id;
  const querySql = async () => {
    const res = await w.admin.post("/api/v1/chart/data", { datasource: { id: births, type: "table" }, queries: [{ metrics: ["soak_metric"], columns: [] }], result_type: "query" });
    return res.ok ? ((await res.json()) as { result: { query: string }[] }).result[0].query : `status ${res.status}`;
  };
  const detail = (await (await w.admin.get(`/api/v1/dataset/${births}`)).json()) as { result: { metrics: { id: number; metric_name: string; expression: string }[] } };
  const metrics = detail.result.metrics.map(({ id, metric_name, expression }) => ({ id, metric_name, expression }));
  expect((await w.admin.put(`/api/v1/dataset/${births}`, { metrics: [...metrics, { metric_name: "soak_metric", expression: "SUM(num) * 2" }] })).status).toBe(200);
  expect(await querySql()).toContain("SUM(num) * 2");
  expect(await querySql()).toContain("SUM(num) * 2");
  w.d1(`UPDATE sql_metrics SET expression = 'SUM(num) * 3' WHERE metric_name = 'soak_metric' AND table_id = ${births}`);
  const writtenAt = Date.now();
  expect(await refusedWithinBound(async () => (await querySql()).includes("SUM(num) * 3"), writtenAt)).toBeLessThanOrEqual(BOUND_MS + 100);
  // a Gamma user without access to the dataset is refused, however warm the dataset's rows are
  const username = `g_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  expect((await w.admin.post("/api/v1/security/users/", { username, password, first_name: "G", last_name: "U", email: `${username}@example.com`, roles: [nothing] })).status).toBe(201);
  const gamma = await w.login(username, password);
  expect((await gamma.post("/api/v1/chart/data", { datasource: { id: births, type: "table" }, queries: [{ metrics: ["count"], columns: [] }] })).status).toBe(403);
});
