import { expect, test } from "vitest";
import { encodeRison } from "../../core/http/rison-guard";
import { baseUrl, browserSession, loginAs, loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, unique } from "../support/access";
import { examplesId, newClientId } from "../support/sqllab";

// The Action Log records API actions (Superset's event logger), not only page views: logins, logouts, queries,
// saves, deletes, chart views and data requests, each with its details, written after the response.

interface Row { action: string; json: string; slice_id: number | null; duration_ms: number | null; user: { username: string } | null }

/** A fresh admin, so its rows are only this test's. */
async function freshAdmin(admin: ApiClient) {
  const roles = (await (await admin.get(`/api/v1/security/roles/?q=${encodeRison({ filters: [{ col: "name", opr: "eq", value: "Admin" }] })}`)).json()) as { result: { id: number }[] };
  const username = `act_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const res = await admin.post("/api/v1/security/users/", { username, first_name: "Act", last_name: "Log", email: `${username}@example.com`, password, roles: [roles.result[0].id] });
  expect(res.status).toBe(201);
  return { id: ((await res.json()) as { id: number }).id, username, password };
}

/** The rows are written after the response (waitUntil): read until the expected number is there. */
async function rowsOf(reader: ApiClient, userId: number, atLeast: number): Promise<Row[]> {
  const q = encodeRison({ filters: [{ col: "user", opr: "rel_o_m", value: userId }], order_column: "dttm", order_direction: "asc", page_size: 100 });
  let rows: Row[] = [];
  for (let i = 0; i < 50 && rows.length < atLeast; i++) {
    if (i) await new Promise((r) => setTimeout(r, 100));
    rows = ((await (await reader.get(`/api/v1/log/?q=${q}`)).json()) as { result: Row[] }).result;
  }
  return rows;
}

const details = (rows: Row[], action: string) => rows.filter((r) => r.action === action).map((r) => JSON.parse(r.json) as Record<string, unknown>);

test("logins, queries, saves, chart views, data requests, deletes and logout are logged with their details", async () => {
  const admin = await loginAsAdmin();
  const me = await freshAdmin(admin);
  const { cookie, csrfToken } = await browserSession(me.username, me.password);
  const api = await loginAs(me.username, me.password);

  const sql = `SELECT 1 AS n /* ${unique()} */`;
  const run = await api.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: await examplesId(api), sql, runAsync: false, json: true });
  expect(run.status).toBe(200);

  const birthNames = await exampleDataset(api, "birth_names");
  const name = `Logged ${unique()}`;
  const params = JSON.stringify({ viz_type: "table", metrics: ["count"], groupby: ["gender"] });
  const created = await api.post("/api/v1/chart/", { slice_name: name, viz_type: "table", datasource_id: birthNames.id, datasource_type: "table", params });
  expect(created.status).toBe(201);
  const chartId = ((await created.json()) as { id: number }).id;
  expect((await api.get(`/api/v1/chart/${chartId}`)).status).toBe(200);
  const data = await api.post("/api/v1/chart/data", {
    datasource: { id: birthNames.id, type: "table" }, form_data: { slice_id: chartId }, queries: [{ columns: ["gender"], metrics: ["count"] }],
  });
  expect(data.status).toBe(200);
  expect((await api.delete(`/api/v1/chart/${chartId}`)).status).toBe(200);
  const refused = await api.post("/api/v1/database/", { database_name: "", sqlalchemy_uri: "postgresql://u:hunter2@127.0.0.1/test" });
  expect(refused.status).toBe(400);

  const out = await fetch(`${baseUrl()}/logout/`, { method: "POST", headers: { Cookie: cookie, "X-CSRFToken": csrfToken }, redirect: "manual" });
  expect(out.status).toBe(303);

  const rows = await rowsOf(admin, me.id, 10);
  const actions = rows.map((r) => r.action);
  expect(actions.filter((a) => a === "login")).toHaveLength(2); // the form and the token login
  for (const a of ["SqlLabRestApi.execute", "ChartRestApi.post", "ChartRestApi.get", "ChartRestApi.data", "ChartRestApi.delete", "DatabaseRestApi.post", "logout"]) {
    expect(actions).toContain(a);
  }
  expect(rows.every((r) => r.user?.username === me.username)).toBe(true);
  expect(details(rows, "login")).toContainEqual(expect.objectContaining({ username: me.username, path: "/login/", status: 303 }));
  expect(details(rows, "SqlLabRestApi.execute")[0]).toMatchObject({ sql, status: 200, method: "POST" });
  expect(details(rows, "ChartRestApi.post")[0]).toMatchObject({ slice_name: name, datasource_id: birthNames.id, status: 201 });
  expect(rows.find((r) => r.action === "ChartRestApi.get")).toMatchObject({ slice_id: chartId });
  expect(rows.find((r) => r.action === "ChartRestApi.data")).toMatchObject({ slice_id: chartId });
  expect(details(rows, "ChartRestApi.data")[0]).toMatchObject({ datasource_id: birthNames.id, datasource_type: "table" });
  expect(details(rows, "ChartRestApi.delete")[0]).toMatchObject({ path: `/api/v1/chart/${chartId}`, params: { pk: String(chartId) } });
  // a refused save is logged with its status; the password in the connection string is not kept
  expect(details(rows, "DatabaseRestApi.post")[0]).toMatchObject({ status: 400, sqlalchemy_uri: "postgresql://127.0.0.1/test" });
  expect(JSON.stringify(rows)).not.toContain("hunter2");
  expect(JSON.stringify(rows)).not.toContain(me.password);
  // list reads and the log's own reads are not actions
  expect(actions).not.toContain("ChartRestApi.get_list");
  expect(actions).not.toContain("LogRestApi.get_list");
});

test("users and roles changes are logged for the admin who made them", async () => {
  const admin = await loginAsAdmin();
  const me = await freshAdmin(admin);
  const api = await loginAs(me.username, me.password);
  const role = await api.post("/api/v1/security/roles/", { name: `role_${unique()}` });
  expect(role.status).toBe(201);
  const roleId = ((await role.json()) as { id: number }).id;
  expect((await api.put(`/api/v1/security/users/${me.id}`, { first_name: "Changed" })).status).toBe(200);
  expect((await api.delete(`/api/v1/security/roles/${roleId}`)).status).toBe(200);
  const rows = await rowsOf(admin, me.id, 4);
  expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(["login", "RoleRestApi.post", "UserRestApi.put", "RoleRestApi.delete"]));
  expect(details(rows, "UserRestApi.put")[0]).toMatchObject({ params: { pk: String(me.id) }, status: 200 });
});
