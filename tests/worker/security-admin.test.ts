import { expect, test } from "vitest";
import { encodeRison } from "../../core/http/rison-guard";
import { workerFetch, browserSession, loginAs, loginAsAdmin, type ApiClient } from "../support/client";
import { listAll } from "../support/access";

// The security admin API (users, roles, permission pairs) against the real Worker and D1.

const unique = () => Math.random().toString(36).slice(2, 8);

async function roleId(admin: ApiClient, name: string): Promise<number> {
  const q = encodeRison({ filters: [{ col: "name", opr: "eq", value: name }] });
  const body = (await (await admin.get(`/api/v1/security/roles/?q=${q}`)).json()) as { result: { id: number }[] };
  expect(body.result).toHaveLength(1);
  return body.result[0].id;
}

async function createUser(admin: ApiClient, roleNames: string[], extra: Record<string, unknown> = {}) {
  const username = `user_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const roles = await Promise.all(roleNames.map((r) => roleId(admin, r)));
  const res = await admin.post("/api/v1/security/users/", {
    username,
    first_name: "Test",
    last_name: "User",
    email: `${username}@example.com`,
    password,
    roles,
    ...extra,
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { id: number; result: Record<string, unknown> };
  return { id: body.id, username, password, body };
}

test("an admin creates a Gamma user who can log in; the password is never returned", async () => {
  const admin = await loginAsAdmin();
  const user = await createUser(admin, ["Gamma"]);
  expect(user.body.result).toMatchObject({ username: user.username, active: true });
  expect(JSON.stringify(user.body)).not.toContain(user.password);
  const shown = await admin.get(`/api/v1/security/users/${user.id}`);
  expect(shown.status).toBe(200);
  const text = await shown.text();
  expect(text).not.toContain("password");
  expect(JSON.parse(text).result).toMatchObject({ username: user.username, roles: [{ name: "Gamma" }], active: true });
  const gamma = await loginAs(user.username, user.password);
  expect(((await (await gamma.get("/api/v1/me/")).json()) as { result: { username: string } }).result.username).toBe(user.username);
});

test("the user list filters, orders and pages with Superset's q argument", async () => {
  const admin = await loginAsAdmin();
  const a = await createUser(admin, ["Alpha"]);
  const q = encodeRison({ filters: [{ col: "username", opr: "eq", value: a.username }], order_column: "username", order_direction: "desc", page: 0, page_size: 5 });
  const res = await admin.get(`/api/v1/security/users/?q=${q}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { count: number; ids: number[]; result: { username: string; roles: { name: string }[] }[] };
  expect(body.count).toBe(1);
  expect(body.ids).toEqual([a.id]);
  expect(body.result[0].roles.map((r) => r.name)).toEqual(["Alpha"]);
  const byRole = await admin.get(`/api/v1/security/users/?q=${encodeRison({ filters: [{ col: "roles", opr: "rel_m_m", value: await roleId(admin, "Alpha") }] })}`);
  expect(((await byRole.json()) as { result: { username: string }[] }).result.map((u) => u.username)).toContain(a.username);
  const search = await admin.get(`/api/v1/security/users/?q=${encodeRison({ filters: [{ col: "username", opr: "all_text", value: a.username.slice(5) }] })}`);
  expect(((await search.json()) as { count: number }).count).toBe(1);
  const badColumn = await admin.get(`/api/v1/security/users/?q=${encodeRison({ filters: [{ col: "password", opr: "sw", value: "pbkdf2" }] })}`);
  expect(badColumn.status).toBe(400);
  expect(await badColumn.json()).toMatchObject({ message: "Filter column not allowed: password" });
});

test("duplicate usernames and emails, missing fields and unknown roles are field errors", async () => {
  const admin = await loginAsAdmin();
  const taken = await createUser(admin, ["Gamma"]);
  const gammaId = await roleId(admin, "Gamma");
  const dup = await admin.post("/api/v1/security/users/", {
    username: taken.username,
    first_name: "X",
    last_name: "Y",
    email: `${taken.username}@EXAMPLE.com`,
    password: "another-password",
    roles: [gammaId],
  });
  expect(dup.status).toBe(400);
  expect(await dup.json()).toEqual({
    message: { username: ["A user with this username already exists."], email: ["A user with this email already exists."] },
  });
  const missing = await admin.post("/api/v1/security/users/", { username: "only-a-name" });
  expect(missing.status).toBe(400);
  expect(((await missing.json()) as { message: Record<string, string[]> }).message).toMatchObject({
    email: ["Email is required."],
    password: ["Password is required."],
    roles: ["Choose at least one role."],
  });
  const unknownRole = await admin.post("/api/v1/security/users/", {
    username: `u_${unique()}`, first_name: "X", last_name: "Y", email: `${unique()}@example.com`, password: "pw-123456", roles: [987654],
  });
  expect(unknownRole.status).toBe(400);
  expect(await unknownRole.json()).toEqual({ message: { roles: ["Unknown role id: 987654."] } });
});

test("deactivating a user ends their access at once; reactivating lets them sign in again, old tokens stay revoked", async () => {
  const admin = await loginAsAdmin();
  const user = await createUser(admin, ["Gamma"]);
  const client = await loginAs(user.username, user.password);
  expect((await client.get("/api/v1/me/")).status).toBe(200);
  expect((await admin.put(`/api/v1/security/users/${user.id}`, { active: false })).status).toBe(200);
  expect((await client.get("/api/v1/me/")).status).toBe(401);
  const login = await workerFetch(`/api/v1/security/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: user.username, password: user.password, provider: "db" }),
  });
  expect(login.status).toBe(401);
  expect((await admin.put(`/api/v1/security/users/${user.id}`, { active: true })).status).toBe(200);
  expect((await client.get("/api/v1/me/")).status).toBe(401);
  expect((await (await loginAs(user.username, user.password)).get("/api/v1/me/")).status).toBe(200);
});

test("an admin changes a user's password and roles", async () => {
  const admin = await loginAsAdmin();
  const user = await createUser(admin, ["Gamma"]);
  const alphaId = await roleId(admin, "Alpha");
  const res = await admin.put(`/api/v1/security/users/${user.id}`, { password: "a-brand-new-password", roles: [alphaId] });
  expect(res.status).toBe(200);
  expect(JSON.stringify(await res.json())).not.toContain("a-brand-new-password");
  await expect(loginAs(user.username, user.password)).rejects.toThrow(/401/);
  const client = await loginAs(user.username, "a-brand-new-password");
  const roles = (await (await client.get("/api/v1/me/roles/")).json()) as { result: { roles: Record<string, unknown> } };
  expect(Object.keys(roles.result.roles)).toEqual(["Alpha"]);
});

test("an admin cannot deactivate, demote or delete their own user", async () => {
  const admin = await loginAsAdmin();
  const me = ((await (await admin.get("/api/v1/me/")).json()) as { result: { id: number } }).result.id;
  expect((await admin.put(`/api/v1/security/users/${me}`, { active: false })).status).toBe(422);
  expect((await admin.put(`/api/v1/security/users/${me}`, { roles: [await roleId(admin, "Gamma")] })).status).toBe(422);
  const del = await admin.delete(`/api/v1/security/users/${me}`);
  expect(del.status).toBe(422);
  expect(await del.json()).toMatchObject({ message: "You cannot delete your own user." });
});

test("deleting a user removes them; unknown ids are 404", async () => {
  const admin = await loginAsAdmin();
  const user = await createUser(admin, ["Gamma"]);
  const res = await admin.delete(`/api/v1/security/users/${user.id}`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ message: "OK" });
  expect((await admin.get(`/api/v1/security/users/${user.id}`)).status).toBe(404);
  expect((await admin.delete(`/api/v1/security/users/${user.id}`)).status).toBe(404);
  expect((await admin.put("/api/v1/security/users/999999", { active: false })).status).toBe(404);
});

test("/api/v1/me/roles/ lists each role with its own permission pairs", async () => {
  const admin = await loginAsAdmin();
  const user = await createUser(admin, ["Gamma", "sql_lab"]);
  const client = await loginAs(user.username, user.password);
  const body = (await (await client.get("/api/v1/me/roles/")).json()) as {
    result: { username: string; roles: Record<string, [string, string][]>; permissions: Record<string, string[]> };
  };
  expect(body.result.username).toBe(user.username);
  expect(Object.keys(body.result.roles).sort()).toEqual(["Gamma", "sql_lab"]);
  expect(body.result.roles.sql_lab).toContainEqual(["can_sqllab", "Superset"]);
  expect(body.result.roles.Gamma).not.toContainEqual(["can_sqllab", "Superset"]);
  expect(body.result.roles.Gamma).toContainEqual(["can_read", "Dashboard"]);
});

test("non-admins are refused the security admin API", async () => {
  const admin = await loginAsAdmin();
  const alpha = await createUser(admin, ["Alpha"]);
  const client = await loginAs(alpha.username, alpha.password);
  for (const path of ["/api/v1/security/users/", "/api/v1/security/roles/", "/api/v1/security/users/1", "/api/v1/security/permissions-resources/"]) {
    expect((await client.get(path)).status, path).toBe(403);
  }
  expect((await client.post("/api/v1/security/roles/", { name: "Sneaky" })).status).toBe(403);
  expect((await workerFetch(`/api/v1/security/users/`)).status).toBe(401);
});

test("custom roles: create, rename, give permissions, assign users, delete", async () => {
  const admin = await loginAsAdmin();
  const name = `Analysts ${unique()}`;
  const created = await admin.post("/api/v1/security/roles/", { name });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await admin.post("/api/v1/security/roles/", { name: name.toUpperCase() })).status).toBe(400);
  expect((await admin.put(`/api/v1/security/roles/${id}`, { name: `${name} v2` })).status).toBe(200);
  expect(((await (await admin.get(`/api/v1/security/roles/${id}`)).json()) as { result: { name: string } }).result.name).toBe(`${name} v2`);

  const pairs = await listAll<{ id: number; permission: { name: string }; view_menu: { name: string } }>(admin, "/api/v1/security/permissions-resources/");
  const readChart = pairs.find((p) => p.permission.name === "can_read" && p.view_menu.name === "Chart")!;
  expect(readChart).toBeDefined();
  const set = await admin.post(`/api/v1/security/roles/${id}/permissions`, { permission_view_menu_ids: [readChart.id] });
  expect(set.status).toBe(200);
  const perms = (await (await admin.get(`/api/v1/security/roles/${id}/permissions/`)).json()) as { result: unknown[] };
  expect(perms.result).toEqual([{ id: readChart.id, permission_name: "can_read", view_menu_name: "Chart" }]);
  const unknownPerm = await admin.post(`/api/v1/security/roles/${id}/permissions`, { permission_view_menu_ids: [999999] });
  expect(unknownPerm.status).toBe(400);

  const user = await createUser(admin, ["Gamma"]);
  expect((await admin.put(`/api/v1/security/roles/${id}/users`, { user_ids: [user.id] })).status).toBe(200);
  const search = (await (await admin.get(`/api/v1/security/roles/search/?q=${encodeRison({ filters: [{ col: "user_ids", value: [user.id] }] })}`)).json()) as {
    result: { id: number; name: string; user_ids: number[]; permission_ids: number[] }[];
  };
  expect(search.result.find((r) => r.id === id)).toEqual({ id, name: `${name} v2`, user_ids: [user.id], permission_ids: [readChart.id] });

  expect((await admin.delete(`/api/v1/security/roles/${id}`)).status).toBe(200);
  expect((await admin.get(`/api/v1/security/roles/${id}`)).status).toBe(404);
  const after = (await (await admin.get(`/api/v1/security/users/${user.id}`)).json()) as { result: { roles: { name: string }[] } };
  expect(after.result.roles.map((r) => r.name)).toEqual(["Gamma"]);
});

test("built-in roles cannot be renamed, deleted or given other permissions", async () => {
  const admin = await loginAsAdmin();
  const gamma = await roleId(admin, "Gamma");
  expect((await admin.put(`/api/v1/security/roles/${gamma}`, { name: "Renamed" })).status).toBe(422);
  expect((await admin.delete(`/api/v1/security/roles/${gamma}`)).status).toBe(422);
  const res = await admin.post(`/api/v1/security/roles/${gamma}/permissions`, { permission_view_menu_ids: [] });
  expect(res.status).toBe(422);
  expect(await res.json()).toMatchObject({ message: "The permissions of the built-in role Gamma are fixed." });
});

test("cookie-session writes to the admin API need the CSRF token", async () => {
  const { username, password } = await import("vitest").then((v) => v.inject("admin"));
  const { cookie, csrfToken } = await browserSession(username, password);
  const body = JSON.stringify({ name: `Cookie role ${unique()}` });
  const headers = { Cookie: cookie, "Content-Type": "application/json" };
  const without = await workerFetch(`/api/v1/security/roles/`, { method: "POST", headers, body });
  expect(without.status).toBe(400);
  expect(((await without.json()) as { message: string }).message).toBe("The CSRF token is missing.");
  const withToken = await workerFetch(`/api/v1/security/roles/`, { method: "POST", headers: { ...headers, "X-CSRFToken": csrfToken }, body });
  expect(withToken.status).toBe(201);
});
