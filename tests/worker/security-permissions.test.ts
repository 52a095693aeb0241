import { expect, test } from "vitest";
import { loginAsAdmin } from "../support/client";
import { gammaWith, json, q } from "../support/access";
import { userWithRoles as userWithRolesOf } from "../support/sqllab";

// GET /api/v1/security/permissions/, /resources/ and /permissions-resources/ (list and one item), against the real
// Worker and D1: FAB's list shape, rison q, admins only.

type List = { count: number; ids: number[]; result: { id: number; name: string }[]; list_columns: string[]; list_title: string };

test("permissions lists the permission names in FAB's shape, filtered, ordered and paged by q", async () => {
  const admin = await loginAsAdmin();
  const all = await json<List>(await admin.get("/api/v1/security/permissions/"));
  expect(all).toMatchObject({ list_columns: ["id", "name"], list_title: "List Permission" });
  expect(all.ids).toEqual(all.result.map((r) => r.id));
  expect(all.result.map((r) => r.name)).toEqual(expect.arrayContaining(["can_read", "can_write", "menu_access"]));
  const one = await json<List>(await admin.get(`/api/v1/security/permissions/?q=${q({ filters: [{ col: "name", opr: "eq", value: "can_read" }] })}`));
  expect(one.count).toBe(1);
  expect(one.result).toEqual([{ id: one.ids[0], name: "can_read" }]);
  const page = await json<List>(await admin.get(`/api/v1/security/permissions/?q=${q({ order_column: "name", order_direction: "desc", page: 0, page_size: 2 })}`));
  expect(page.count).toBe(all.count);
  expect(page.result).toHaveLength(2);
  expect(page.result[0].name >= page.result[1].name).toBe(true);
  const shown = await admin.get(`/api/v1/security/permissions/${one.ids[0]}`);
  expect(await json(shown)).toEqual({ id: one.ids[0], result: { id: one.ids[0], name: "can_read" }, show_columns: ["id", "name"], show_title: "Show Permission" });
});

test("resources lists the view menus, and every permission pair names one permission and one resource of these lists", async () => {
  const admin = await loginAsAdmin();
  const resources = await json<List>(await admin.get(`/api/v1/security/resources/?q=${q({ page_size: 100 })}`));
  expect(resources.list_title).toBe("List View Menu");
  expect(resources.result.map((r) => r.name)).toEqual(expect.arrayContaining(["Chart", "Dashboard", "Database"]));
  const chart = await json<List>(await admin.get(`/api/v1/security/resources/?q=${q({ filters: [{ col: "name", opr: "eq", value: "Chart" }] })}`));
  expect((await json<{ result: { name: string } }>(await admin.get(`/api/v1/security/resources/${chart.ids[0]}`))).result.name).toBe("Chart");
  const pair = await json<{ result: { id: number; permission: { name: string }; view_menu: { name: string } }[] }>(
    await admin.get(`/api/v1/security/permissions-resources/?q=${q({ page_size: 1 })}`),
  );
  const { permission, view_menu } = pair.result[0];
  const byName = (path: string, name: string) => admin.get(`/api/v1/security/${path}/?q=${q({ filters: [{ col: "name", opr: "eq", value: name }] })}`);
  expect((await json<List>(await byName("permissions", permission.name))).count).toBe(1);
  expect((await json<List>(await byName("resources", view_menu.name))).count).toBe(1);
});

test("an unknown id is 404, a malformed q or an unknown filter column is 400", async () => {
  const admin = await loginAsAdmin();
  for (const path of ["permissions", "resources"]) {
    expect((await admin.get(`/api/v1/security/${path}/987654`)).status).toBe(404);
    expect((await admin.get(`/api/v1/security/${path}/?q=(filters:!((col:name,opr:eq`)).status).toBe(400);
    expect((await admin.get(`/api/v1/security/${path}/?q=${q({ filters: [{ col: "secret", opr: "eq", value: 1 }] })}`)).status).toBe(400);
  }
});

test("only admins read them: Gamma and Alpha are refused", async () => {
  const admin = await loginAsAdmin();
  const gamma = await gammaWith(admin, []);
  const alpha = await userWithRolesOf(admin, ["Alpha"]);
  const paths = ["/api/v1/security/permissions/", "/api/v1/security/permissions/1", "/api/v1/security/resources/", "/api/v1/security/resources/1", "/api/v1/security/permissions-resources/1"];
  for (const user of [gamma, alpha]) for (const path of paths) expect((await user.get(path)).status, path).toBe(403);
});
