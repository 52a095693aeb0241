import { expect, inject, test } from "vitest";
import { encodeRison } from "../../core/http/rison-guard";
import { baseUrl, workerFetch, browserSession, loginAs, loginAsAdmin, type ApiClient } from "../support/client";

// Event logging: the beacon and JSON sends, the 1024 cap, and the admin's read-back.

const unique = () => Math.random().toString(36).slice(2, 10);
const LOG = "/tptanalytics/log/?explode=events";

interface LogEntry {
  id: number;
  action: string;
  user: { username: string } | null;
  user_id: number;
  json: string;
  dashboard_id: number | null;
  slice_id: number | null;
  duration_ms: number | null;
  referrer: string | null;
  dttm: string;
}

async function logsWithAction(admin: ApiClient, action: string): Promise<{ count: number; ids: number[]; result: LogEntry[] }> {
  const q = encodeRison({ filters: [{ col: "action", opr: "eq", value: action }], page_size: 100 });
  const res = await admin.get(`/api/v1/log/?q=${q}`);
  expect(res.status).toBe(200);
  return res.json() as never;
}

async function createUser(admin: ApiClient, role: string) {
  const roles = (await (await admin.get(`/api/v1/security/roles/?q=${encodeRison({ filters: [{ col: "name", opr: "eq", value: role }] })}`)).json()) as {
    result: { id: number }[];
  };
  const username = `log_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const res = await admin.post("/api/v1/security/users/", {
    username, first_name: "Log", last_name: "Tester", email: `${username}@example.com`, password, roles: [roles.result[0].id],
  });
  expect(res.status).toBe(201);
  return { username, password };
}

test("a beacon form send stores one row per event, with the user, ids, referrer and duration", async () => {
  const admin = inject("admin");
  const { cookie, csrfToken } = await browserSession(admin.username, admin.password);
  const name = `beacon_${unique()}`;
  const events = [
    { source: "dashboard", source_id: 5, impression_id: "imp1", version: "v2", ts: Date.now(), event_name: name, event_type: "user", event_id: "e1" },
    { impression_id: "imp1", version: "v2", ts: Date.now(), event_name: name, event_type: "timing", trigger_event: "e1", duration: 123.4 },
  ];
  const form = new FormData();
  form.append("events", JSON.stringify(events));
  form.append("csrf_token", csrfToken);
  form.append("guest_token", "guest-secret-value");
  const res = await workerFetch(`${LOG}&slice_id=42`, { method: "POST", body: form, headers: { Cookie: cookie, Referer: `${baseUrl()}/some/page/` } });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ count: 2 });

  const list = await logsWithAction(await loginAsAdmin(), name);
  expect(list.count).toBe(2);
  expect(list.ids).toHaveLength(2);
  const [user, timing] = [...list.result].sort((a, b) => a.id - b.id);
  expect(user).toMatchObject({ action: name, user: { username: admin.username }, dashboard_id: 5, slice_id: 42, duration_ms: null, referrer: `${baseUrl()}/some/page/` });
  expect(JSON.parse(user.json)).toEqual(events[0]);
  expect(timing).toMatchObject({ duration_ms: 123, slice_id: 42 });
  // The guest token is a credential: accepted, never stored.
  expect(JSON.stringify(list)).not.toContain("guest-secret-value");
});

test("a beacon without the CSRF token is refused on a cookie session", async () => {
  const admin = inject("admin");
  const { cookie } = await browserSession(admin.username, admin.password);
  const form = new FormData();
  form.append("events", JSON.stringify([{ event_name: "x" }]));
  const res = await workerFetch(`${LOG}`, { method: "POST", body: form, headers: { Cookie: cookie } });
  expect(res.status).toBe(400);
});

test("JSON sends: an array or {events}, with dashboard_id from the query", async () => {
  const admin = await loginAsAdmin();
  const name = `json_${unique()}`;
  expect((await admin.post(`${LOG}&dashboard_id=7`, [{ event_name: name }, { event_name: name, slice_id: 3 }])).status).toBe(200);
  expect((await admin.post(LOG, { events: [{ event_name: name }] })).status).toBe(200);
  const list = await logsWithAction(admin, name);
  expect(list.count).toBe(3);
  expect(list.result.map((r) => r.dashboard_id).sort()).toEqual([7, 7, null]);
  expect(list.result.find((r) => r.slice_id === 3)).toBeTruthy();
  // An event without a name is stored under Superset's generic action.
  const before = (await logsWithAction(admin, "log")).count;
  expect(await (await admin.post(LOG, [{ note: "no name" }])).json()).toEqual({ count: 1 });
  expect((await logsWithAction(admin, "log")).count).toBe(before + 1);
});

test("at most 1024 events per send; more is a 413 with a clear message", async () => {
  const admin = await loginAsAdmin();
  const name = `cap_${unique()}`;
  const ok = await admin.post(LOG, Array.from({ length: 1024 }, (_, i) => ({ event_name: name, i })));
  expect(ok.status).toBe(200);
  expect((await logsWithAction(admin, name)).count).toBe(1024);
  const tooMany = await admin.post(LOG, Array.from({ length: 1025 }, () => ({ event_name: name })));
  expect(tooMany.status).toBe(413);
  expect(await tooMany.json()).toMatchObject({ message: "Too many events in one send: 1025 (at most 1024)" });
  expect((await logsWithAction(admin, name)).count).toBe(1024);
});

test("malformed sends are 400s that say what is wrong", async () => {
  const admin = await loginAsAdmin();
  const cases: [string, RequestInit, string][] = [
    [LOG, { body: "not json", headers: { "Content-Type": "application/json" } }, "Request body is not valid JSON"],
    [LOG, { body: "", headers: { "Content-Type": "application/json" } }, "Request body is empty"],
    [LOG, { body: JSON.stringify({ nope: 1 }), headers: { "Content-Type": "application/json" } }, "Events must be a JSON array"],
    [LOG, { body: JSON.stringify([{}, "x"]), headers: { "Content-Type": "application/json" } }, "events[1] must be a JSON object"],
    [LOG, { body: new URLSearchParams({ events: "[{" }) }, "The events field is not valid JSON"],
    [LOG, { body: new URLSearchParams({ other: "1" }) }, "The events field is missing"],
    [`${LOG}&dashboard_id=abc`, { body: "[]", headers: { "Content-Type": "application/json" } }, "dashboard_id must be a positive integer"],
    ["/tptanalytics/log/?explode=nope", { body: "[]", headers: { "Content-Type": "application/json" } }, "explode must be events"],
  ];
  for (const [path, init, message] of cases) {
    const res = await admin.raw(path, { method: "POST", ...init });
    expect(res.status, `${path} ${String(init.body)}`).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(message);
  }
});

test("anonymous callers may not log; Gamma may log but not read the log", async () => {
  expect((await workerFetch(`${LOG}`, { method: "POST", body: "[]", headers: { "Content-Type": "application/json" } })).status).toBe(401);
  const admin = await loginAsAdmin();
  const gammaUser = await createUser(admin, "Gamma");
  const gamma = await loginAs(gammaUser.username, gammaUser.password);
  const name = `gamma_${unique()}`;
  expect((await gamma.post(LOG, [{ event_name: name }])).status).toBe(200);
  expect((await gamma.get("/api/v1/log/")).status).toBe(403);
  const mine = await logsWithAction(admin, name);
  expect(mine.result[0].user).toEqual({ username: gammaUser.username });
  expect((await gamma.get(`/api/v1/log/${mine.ids[0]}`)).status).toBe(403);
  const sqlLabUser = await createUser(admin, "sql_lab");
  expect((await (await loginAs(sqlLabUser.username, sqlLabUser.password)).post(LOG, [{ event_name: name }])).status).toBe(200);
});

test("GET /api/v1/log/{pk} shows one entry; unknown ids are 404, bad ids 400", async () => {
  const admin = await loginAsAdmin();
  const name = `show_${unique()}`;
  await admin.post(LOG, [{ event_name: name, event_type: "timing", value: 9 }]);
  const id = (await logsWithAction(admin, name)).ids[0];
  const res = await admin.get(`/api/v1/log/${id}`);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ id, result: { id, action: name, duration_ms: 9, user: { username: inject("admin").username } } });
  expect((await admin.get("/api/v1/log/99999999")).status).toBe(404);
  expect((await admin.get("/api/v1/log/abc")).status).toBe(404);
});

test("the list filters by user, orders and pages like Superset's list API", async () => {
  const admin = await loginAsAdmin();
  const name = `page_${unique()}`;
  await admin.post(LOG, Array.from({ length: 5 }, (_, i) => ({ event_name: name, event_type: "timing", duration: i * 10 })));
  const q = (o: unknown) => `/api/v1/log/?q=${encodeRison(o)}`;
  const filters = [{ col: "action", opr: "eq", value: name }, { col: "user", opr: "ct", value: inject("admin").username }];
  const page = (await (await admin.get(q({ filters, order_column: "duration_ms", order_direction: "asc", page: 1, page_size: 2 }))).json()) as {
    count: number;
    result: LogEntry[];
  };
  expect(page.count).toBe(5);
  expect(page.result.map((r) => r.duration_ms)).toEqual([20, 30]);
  const nobody = (await (await admin.get(q({ filters: [{ col: "action", opr: "eq", value: name }, { col: "user", opr: "ct", value: "no-such-user" }] }))).json()) as { count: number };
  expect(nobody.count).toBe(0);
  expect((await admin.get(q({ order_column: "password" }))).status).toBe(400);
  expect((await admin.get(q({ filters: [{ col: "secret", opr: "eq", value: 1 }] }))).status).toBe(400);
});

test("recent activity answers the caller's views in Superset's shape and validates its arguments", async () => {
  const admin = await loginAsAdmin();
  const res = await admin.get(`/api/v1/log/recent_activity/?q=${encodeRison({ page_size: 6 })}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { result: unknown[] };
  expect(Array.isArray(body.result)).toBe(true);
  expect((await admin.get(`/api/v1/log/recent_activity/?q=${encodeRison({ page_size: 0 })}`)).status).toBe(400);
  expect((await workerFetch(`/api/v1/log/recent_activity/`)).status).toBe(401);
});

test("the Action Log page lists events for admins and is refused to Gamma", async () => {
  const admin = inject("admin");
  const { cookie } = await browserSession(admin.username, admin.password);
  const name = `page_${unique()}`;
  await (await loginAsAdmin()).post(LOG, [{ event_name: name, path: "/shown/path/" }]);
  const page = await workerFetch(`/logs/?action=${name}`, { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Action Log");
  expect(html).toContain(name);
  expect(html).toContain("/shown/path/");
  const gammaUser = await createUser(await loginAsAdmin(), "Gamma");
  const gamma = await browserSession(gammaUser.username, gammaUser.password);
  expect((await workerFetch(`/logs/`, { headers: { Cookie: gamma.cookie } })).status).toBe(403);
});
