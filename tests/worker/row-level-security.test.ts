import { beforeAll, expect, test } from "vitest";
import { loginAs, loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, json, pairFor, pairs, q, roleId, unique } from "../support/access";
import { databasePermName } from "../../core/security/permissions";

// Row-level security end to end in the Worker: rules written through /api/v1/rowlevelsecurity/ bind readers by
// role on every path where rows leave a dataset (chart data, legacy explore_json, samples and drill to detail,
// filter values), and the chart-data cache is shared by readers bound by the same rules only.
// The rules name a virtual dataset made here, so other test files reading birth_names are untouched.

let admin: ApiClient;
let datasetId: number;
let databaseId: number;

interface Reader { client: ApiClient; roleId: number }

/** A Gamma user with a fresh role that may read the examples database. */
async function reader(): Promise<Reader> {
  const role = await json<{ id: number }>(await admin.post("/api/v1/security/roles/", { name: `rls_${unique()}` }));
  const grant = pairFor(await pairs(admin), "database_access", databasePermName("examples", databaseId))!;
  expect((await admin.post(`/api/v1/security/roles/${role.id}/permissions`, { permission_view_menu_ids: [grant.id] })).status).toBe(200);
  const username = `rls_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const made = await admin.post("/api/v1/security/users/", {
    username, first_name: "Row", last_name: "Reader", email: `${username}@example.com`, password, roles: [await roleId(admin, "Gamma"), role.id],
  });
  expect(made.status).toBe(201);
  return { client: await loginAs(username, password), roleId: role.id };
}

beforeAll(async () => {
  admin = await loginAsAdmin();
  databaseId = (await exampleDataset(admin, "birth_names")).database.id;
  const ds = await admin.post("/api/v1/dataset/", { database: databaseId, schema: "main", table_name: `rls_births_${unique()}`, sql: "SELECT name, gender, state, num FROM birth_names" });
  expect(ds.status).toBe(201);
  datasetId = (await json<{ id: number }>(ds)).id;
});

const byGender = (extra: Record<string, unknown> = {}) => ({
  datasource: { id: datasetId, type: "table" },
  queries: [{ columns: ["gender"], metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" }], orderby: [["gender", true]], row_limit: 10, ...extra }],
  result_format: "json", result_type: "full",
});

async function chartData(client: ApiClient, body: unknown) {
  const res = await client.post("/api/v1/chart/data", body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ result: Record<string, any>[] }>(res)).result[0];
}

const genders = (result: Record<string, any>) => (result.data as { gender: string }[]).map((r) => r.gender);

test("readers see only the rows their rules allow on every data path; the same rules share the cache, other rules never do", async () => {
  const [girlsA, girlsB, boys] = [await reader(), await reader(), await reader()];
  const made = await admin.post("/api/v1/rowlevelsecurity/", {
    name: `girls ${unique()}`, filter_type: "Regular", tables: [datasetId], roles: [girlsA.roleId, girlsB.roleId], clause: "gender = 'girl'", group_key: "gender",
  });
  expect(made.status, await made.clone().text()).toBe(201);
  const boysRule = await admin.post("/api/v1/rowlevelsecurity/", {
    name: `boys ${unique()}`, filter_type: "Regular", tables: [datasetId], roles: [boys.roleId], clause: "gender = 'boy' AND {{ current_user_id() }} > 0", group_key: "gender",
  });
  expect(boysRule.status).toBe(201);

  // the admin holds neither role and no Base rule binds it: every row
  const everything = await chartData(admin, byGender());
  expect(genders(everything)).toEqual(["boy", "girl"]);

  const a = await chartData(girlsA.client, byGender());
  expect(genders(a)).toEqual(["girl"]);
  expect(a.data[0].n).toBe(everything.data[1].n);
  expect(a.query).toContain("gender = 'girl'");
  const b = await chartData(boys.client, byGender());
  expect(genders(b)).toEqual(["boy"]);
  // other rules, another key: no answer crosses between them
  expect(new Set([a.cache_key, b.cache_key, everything.cache_key]).size).toBe(3);
  // the same rules, the same key: the second reader of that group reads the first one's cached answer
  const a2 = await chartData(girlsB.client, byGender());
  expect(a2.cache_key).toBe(a.cache_key);
  expect(a2.is_cached).toBe(true);
  expect(genders(a2)).toEqual(["girl"]);
  // the cached answer by key is the rows it was computed with
  const byKey = await girlsA.client.get(`/api/v1/chart/data/${a.cache_key}`);
  expect(genders((await json<{ result: Record<string, any>[] }>(byKey)).result[0])).toEqual(["girl"]);

  // filter values (a select filter's query: the column's distinct values)
  const values = await chartData(boys.client, { ...byGender(), queries: [{ columns: ["gender"], metrics: [], row_limit: 1000 }] });
  expect(new Set(genders(values))).toEqual(new Set(["boy"]));
  // samples and drill to detail
  const samples = await chartData(girlsA.client, byGender({ result_type: "samples" }));
  expect(new Set(genders(samples))).toEqual(new Set(["girl"]));
  const drill = await json<{ result: { data: { gender: string }[]; total_count: number } }>(
    await boys.client.post(`/datasource/samples?datasource_type=table&datasource_id=${datasetId}&per_page=50`, {}),
  );
  expect(new Set(drill.result.data.map((r) => r.gender))).toEqual(new Set(["boy"]));
  expect(drill.result.total_count).toBeLessThan(Number(everything.data[0].n) + Number(everything.data[1].n));
  // legacy explore_json, CSV too
  const formData = { datasource: `${datasetId}__table`, viz_type: "table", groupby: ["gender"], metrics: ["count"], time_range: "No filter" };
  const legacy = await json<{ data: { gender: string }[] }>(await girlsB.client.post("/tptanalytics/explore_json/", { form_data: formData }));
  expect(legacy.data.map((r) => r.gender)).toEqual(["girl"]);
  const csv = await (await boys.client.get(`/tptanalytics/explore_json/?csv=true&form_data=${encodeURIComponent(JSON.stringify(formData))}`)).text();
  expect(csv).toContain("boy");
  expect(csv).not.toContain("girl");

  // a rule edited is applied at once (the front cache's kept answer is stale with it)
  const girlsId = (await json<{ id: number }>(made)).id;
  expect((await admin.put(`/api/v1/rowlevelsecurity/${girlsId}`, { clause: "gender = 'boy'" })).status).toBe(200);
  expect(genders(await chartData(girlsA.client, byGender()))).toEqual(["boy"]);
  // a Base rule binds everyone but its roles, the admin included
  const base = await json<{ id: number }>(await admin.post("/api/v1/rowlevelsecurity/", {
    name: `base ${unique()}`, filter_type: "Base", tables: [datasetId], roles: [boys.roleId], clause: "state = 'CA'",
  }));
  const adminNow = await chartData(admin, byGender());
  expect(adminNow.query).toContain("state = 'CA'");
  expect(Number(adminNow.data[0].n)).toBeLessThan(Number(everything.data[0].n));
  expect((await chartData(boys.client, byGender())).query).not.toContain("state = 'CA'");
  expect((await admin.delete(`/api/v1/rowlevelsecurity/?q=${q([girlsId, base.id, (await json<{ id: number }>(boysRule)).id])}`)).status).toBe(200);
  expect(genders(await chartData(girlsA.client, byGender()))).toEqual(["boy", "girl"]);
});

test("the RLS API: list, filters, order, _info, related, and every bad save refused whole", async () => {
  const r = await reader();
  const name = `api ${unique()}`;
  const created = await admin.post("/api/v1/rowlevelsecurity/", { name, filter_type: "Regular", tables: [datasetId], roles: [r.roleId], clause: "num > 10", description: "big" });
  expect(created.status).toBe(201);
  const { id, result } = await json<{ id: number; result: Record<string, unknown> }>(created);
  expect(result).toEqual({ name, filter_type: "Regular", tables: [datasetId], roles: [r.roleId], clause: "num > 10", description: "big" });

  const one = await json<{ result: Record<string, any> }>(await admin.get(`/api/v1/rowlevelsecurity/${id}`));
  expect(one.result).toMatchObject({ id, name, filter_type: "Regular", clause: "num > 10", group_key: "", description: "big", roles: [{ id: r.roleId }] });
  expect(one.result.tables).toEqual([{ id: datasetId, schema: "main", table_name: expect.stringMatching(/^rls_births_/) }]);

  const listed = await json<{ count: number; result: { id: number; roles: unknown[] }[] }>(await admin.get(`/api/v1/rowlevelsecurity/?q=${q({
    filters: [{ col: "name", opr: "ct", value: name.slice(4) }, { col: "roles", opr: "rel_m_m", value: r.roleId }], order_column: "name", order_direction: "asc",
  })}`));
  expect(listed.count).toBe(1);
  expect(listed.result[0].id).toBe(id);
  expect((await admin.get(`/api/v1/rowlevelsecurity/?q=${q({ order_column: "roles" })}`)).status).toBe(400);

  const info = await json<{ permissions: string[]; add_columns: { name: string }[] }>(await admin.get("/api/v1/rowlevelsecurity/_info"));
  expect(info.permissions).toEqual(["can_read", "can_write"]);
  const related = await json<{ result: { value: number; text: string }[] }>(await admin.get(`/api/v1/rowlevelsecurity/related/tables?q=${q({ filter: "rls_births" })}`));
  expect(related.result.map((t) => t.value)).toContain(datasetId);
  expect((await admin.get("/api/v1/rowlevelsecurity/related/roles")).status).toBe(200);

  const before = (await json<{ count: number }>(await admin.get("/api/v1/rowlevelsecurity/"))).count;
  const bad = async (body: Record<string, unknown>) => {
    const res = await admin.post("/api/v1/rowlevelsecurity/", { name: `bad ${unique()}`, filter_type: "Regular", tables: [datasetId], roles: [r.roleId], clause: "1 = 1", ...body });
    return { status: res.status, body: await json<{ message: Record<string, string[]> }>(res) };
  };
  expect(await bad({ clause: "1 = 1; DELETE FROM birth_names" })).toEqual({ status: 422, body: { message: { clause: ["Clause contains multiple statements"] } } });
  expect(await bad({ clause: "1 = 1) OR (1 = 1" })).toEqual({ status: 422, body: { message: { clause: ["Closing unclosed parenthesis in filter clause"] } } });
  expect(await bad({ roles: [r.roleId, 987654], tables: [datasetId, 876543] })).toEqual({
    status: 422, body: { message: { roles: ["Roles do not exist: 987654"], tables: ["Datasets do not exist: 876543"] } },
  });
  expect(await bad({ name })).toEqual({ status: 422, body: { message: { name: ["A rule with this name already exists."] } } });
  expect((await bad({ filter_type: "Other", tables: [] })).body.message).toEqual({ filter_type: ["Must be one of: Regular, Base."], tables: ["Shorter than minimum length 1."] });
  // a bad edit leaves the rule as it was
  expect((await admin.put(`/api/v1/rowlevelsecurity/${id}`, { clause: "num > 1 -- ok", roles: [424242] })).status).toBe(422);
  expect((await json<{ result: { clause: string; roles: { id: number }[] } }>(await admin.get(`/api/v1/rowlevelsecurity/${id}`))).result).toMatchObject({ clause: "num > 10", roles: [{ id: r.roleId }] });
  expect((await json<{ count: number }>(await admin.get("/api/v1/rowlevelsecurity/"))).count).toBe(before);

  // admin business: a Gamma reader may neither read nor write rules
  expect((await r.client.get("/api/v1/rowlevelsecurity/")).status).toBe(403);
  expect((await r.client.post("/api/v1/rowlevelsecurity/", { name: "x" })).status).toBe(403);
  expect((await admin.delete(`/api/v1/rowlevelsecurity/?q=${q([id, 99999999])}`)).status).toBe(404);
  expect((await admin.delete(`/api/v1/rowlevelsecurity/${id}`)).status).toBe(200);
  expect((await admin.get(`/api/v1/rowlevelsecurity/${id}`)).status).toBe(404);
});
