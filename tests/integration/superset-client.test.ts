import { beforeAll, expect, inject, test } from "vitest";
import { encodeRison } from "../../core/http/rison-guard";
import { baseUrl, browserSession, loginAsAdmin } from "../support/client";
import { examplesId, newClientId, userWithRoles } from "../support/sqllab";
import { errorOf, loadSupersetUi, supersetClient, type SupersetClientInstance } from "../support/superset-ui";
import { openApiAvailable, shapeProblems } from "../support/openapi";

// Superset compatibility (issue 14) proven with Superset's own client library: every call below goes through
// @superset-ui/core's SupersetClient (cookie session, CSRF token from /api/v1/security/csrf_token/) or its
// chart plugins' buildQuery, against the real Worker.

let client: SupersetClientInstance;
let dbId: number;
const q = (value: unknown) => encodeRison(value);
const marker = `compat-${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  client = await supersetClient();
  dbId = await examplesId(await loginAsAdmin());
});

test("SupersetClient's init fetches the CSRF token, and its writes carry it (a cookie write without one is refused)", async () => {
  expect(client.csrfToken).toMatch(/^\S{16,}$/);
  const { cookie } = await browserSession(inject("admin").username, inject("admin").password);
  const bare = await fetch(`${baseUrl()}/api/v1/log/`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: "[]" });
  expect(bare.status).toBe(400);
  const { json, response } = await client.post({ endpoint: "/api/v1/log/", jsonPayload: [{ event_name: `${marker}-csrf` }] });
  expect(response.status).toBe(201);
  expect(json.id).toEqual(expect.any(Number));
});

test("POST /api/v1/log/ and /superset/log/ take form data, a JSON events array and events as JSON text", async () => {
  const form = await client.post({ endpoint: "/api/v1/log/?explode=events", postPayload: { events: [{ event_name: `${marker}-form`, n: 1 }, { event_name: `${marker}-form`, n: 2 }] } });
  expect(form.response.status).toBe(201);
  expect(form.json).toEqual({ id: expect.any(Number), result: { count: 2, ids: [form.json.id, form.json.id + 1] } });
  const array = await client.post({ endpoint: "/api/v1/log/", jsonPayload: { events: [{ event_name: `${marker}-json` }] } });
  expect(array.json.result.count).toBe(1);
  const text = await client.post({ endpoint: "/api/v1/log/", jsonPayload: { events: JSON.stringify([{ event_name: `${marker}-text` }]) } });
  expect(text.json.result.count).toBe(1);
  const legacy = await client.post({ endpoint: "/superset/log/?explode=events", postPayload: { events: [{ event_name: `${marker}-legacy` }] } });
  expect(legacy.json).toEqual({ count: 1 });
  // each send is stored as the event log reads it back
  const { json } = await client.get({ endpoint: `/api/v1/log/?q=${q({ filters: [{ col: "action", opr: "sw", value: marker }], page_size: 100 })}` });
  expect(json.result.map((r: any) => r.action).sort()).toEqual([`${marker}-csrf`, `${marker}-form`, `${marker}-form`, `${marker}-json`, `${marker}-legacy`, `${marker}-text`]);
  const one = await client.get({ endpoint: `/api/v1/log/${text.json.id}` });
  expect(JSON.parse(one.json.result.json)).toEqual({ event_name: `${marker}-text` });
  const bad = await errorOf(client.post({ endpoint: "/api/v1/log/", jsonPayload: { events: "[{" } }));
  expect(bad.status).toBe(400);
});

test("rison page_size -1 or above the maximum is capped at the maximum (FAB_API_MAX_PAGE_SIZE, 100), as FAB does", async () => {
  const events = Array.from({ length: 75 }, (_, i) => ({ event_name: `${marker}-bulk`, i }));
  for (let i = 0; i < 2; i++) await client.post({ endpoint: "/api/v1/log/", jsonPayload: events });
  for (const pageSize of [-1, 5000]) {
    const { json } = await client.get({ endpoint: `/api/v1/log/?q=${q({ filters: [{ col: "action", opr: "eq", value: `${marker}-bulk` }], page_size: pageSize })}` });
    expect(json.count).toBe(150);
    expect(json.result).toHaveLength(100);
  }
});

async function savedQuery(label: string, sql: string, schema: string | null): Promise<number> {
  const { json } = await client.post({ endpoint: "/api/v1/saved_query/", jsonPayload: { db_id: dbId, label, sql, schema } });
  return json.id;
}

test("rison columns select the fields and keys the metadata of list and get answers", async () => {
  const id = await savedQuery(`${marker} cols`, "SELECT * FROM birth_names b JOIN main.flights f ON 1 = 1", "main");
  const filters = [{ col: "label", opr: "eq", value: `${marker} cols` }];
  const full = await client.get({ endpoint: `/api/v1/saved_query/?q=${q({ filters })}` });
  expect(full.json).toMatchObject({ count: 1, list_title: "List Saved Query", description_columns: {} });
  expect(full.json.list_columns).toContain("sql_tables");
  expect(full.json.label_columns["changed_by.first_name"]).toBe("Changed By First Name");
  const picked = await client.get({ endpoint: `/api/v1/saved_query/?q=${q({ filters, columns: ["id", "label", "database.database_name", "nope"], keys: ["none"] })}` });
  expect(picked.json).toEqual({ count: 1, ids: [id], result: [{ id, label: `${marker} cols`, database: { database_name: "examples" } }] });
  const someKeys = await client.get({ endpoint: `/api/v1/saved_query/?q=${q({ filters, columns: ["id"], keys: ["list_columns", "list_title"] })}` });
  expect(someKeys.json).toEqual({ count: 1, ids: [id], result: [{ id }], list_columns: ["id"], list_title: "List Saved Query" });
  // get: columns and keys, and Superset's sql_tables
  const item = await client.get({ endpoint: `/api/v1/saved_query/${id}?q=${q({ columns: ["id", "sql_tables"], keys: ["show_title"] })}` });
  expect(item.json).toEqual({
    id, show_title: "Show Saved Query",
    result: { id, sql_tables: [{ table: "birth_names", schema: null, catalog: null }, { table: "flights", schema: "main", catalog: null }] },
  });
  const dbItem = await client.get({ endpoint: `/api/v1/database/${dbId}?q=${q({ columns: ["database_name", "backend"] })}` });
  expect(dbItem.json.result).toEqual({ database_name: "examples", backend: expect.any(String) });
  expect(dbItem.json.show_columns).toEqual(["database_name", "backend"]);
});

test("_info answers FAB's keys for database, dataset and saved_query, and is absent where Superset has none", async () => {
  const perms = await client.get({ endpoint: `/api/v1/database/_info?q=${q({ keys: ["permissions"] })}` });
  expect(Object.keys(perms.json)).toEqual(["permissions"]);
  expect(perms.json.permissions).toEqual(expect.arrayContaining(["can_read", "can_write"]));
  const dataset = await client.get({ endpoint: "/api/v1/dataset/_info" });
  expect(Object.keys(dataset.json).sort()).toEqual(["add_columns", "add_title", "edit_columns", "edit_title", "filters", "permissions"]);
  expect(dataset.json.filters.table_name).toContainEqual({ name: "Starts with", operator: "sw" });
  expect(dataset.json.add_columns).toContainEqual({ name: "table_name", label: "Table Name", description: "", type: "String", required: true, unique: false });
  const saved = await client.get({ endpoint: `/api/v1/saved_query/_info?q=${q({ keys: ["add_columns", "filters"] })}` });
  expect(saved.json.add_columns.map((c: any) => c.name)).toEqual(["db_id", "description", "label", "catalog", "schema", "sql", "template_parameters", "extra_json"]);
  expect(saved.json.filters.label[0]).toEqual({ name: "All Text", operator: "all_text" });
  // the filters _info offers are the ones the list applies
  const listed = await client.get({ endpoint: `/api/v1/saved_query/?q=${q({ filters: [{ col: "label", opr: "all_text", value: marker }], keys: ["none"] })}` });
  expect(listed.json.count).toBeGreaterThanOrEqual(1);
  const chart = await client.get({ endpoint: `/api/v1/chart/_info?q=${q({ keys: ["permissions"] })}` });
  expect(chart.json.permissions).toContain("can_read");
  // Superset's QueryRestApi and LogRestApi leave _info out (include_route_methods): not served here either
  // (their /:pk routes refuse "_info" as an id, 400 where Flask's int converter answers 404)
  for (const resource of ["query", "log"]) expect([400, 404]).toContain((await errorOf(client.get({ endpoint: `/api/v1/${resource}/_info` }))).status);
});

test("related/ lists users and visible databases; distinct/ lists a column's values within what the caller sees", async () => {
  const admin = await loginAsAdmin();
  const other = await userWithRoles(admin, ["Alpha", "sql_lab"]);
  const owners = await client.get({ endpoint: `/api/v1/dataset/related/owners?q=${q({ filter: other.username })}` });
  expect(owners.json).toEqual({ count: 1, result: [{ value: other.id, text: "Sql Lab", extra: { active: true, email: `${other.username}@example.com` } }] });
  // include_ids: the users a form already shows come back even when the text would leave them out
  const kept = await client.get({ endpoint: `/api/v1/dataset/related/owners?q=${q({ filter: `${marker}-nobody`, include_ids: [other.id] })}` });
  expect(kept.json.result.map((r: any) => r.value)).toEqual([other.id]);
  const byName = await client.get({ endpoint: `/api/v1/chart/related/created_by?q=${q({ filter: "sql lab", page_size: 100 })}` });
  expect(byName.json.result.map((r: any) => r.value)).toContain(other.id);
  const dbs = await client.get({ endpoint: `/api/v1/saved_query/related/database?q=${q({ filter: "examp" })}` });
  expect(dbs.json.result).toContainEqual({ value: dbId, text: "examples" });
  expect((await client.get({ endpoint: "/api/v1/query/related/user" })).json.count).toBeGreaterThanOrEqual(2);
  for (const path of ["/api/v1/database/related/database", "/api/v1/dataset/related/password", "/api/v1/dataset/distinct/sql", "/api/v1/database/distinct/database_name"])
    expect((await errorOf(client.get({ endpoint: path }))).status).toBe(404);

  await savedQuery(`${marker} a`, "SELECT 1", `${marker}_s1`);
  await savedQuery(`${marker} b`, "SELECT 1", `${marker}_s2`);
  await savedQuery(`${marker} c`, "SELECT 1", `${marker}_s2`);
  const distinct = await client.get({ endpoint: `/api/v1/saved_query/distinct/schema?q=${q({ filter: marker })}` });
  expect(distinct.json).toEqual({ count: 2, result: [{ value: `${marker}_s1`, text: `${marker}_s1` }, { value: `${marker}_s2`, text: `${marker}_s2` }] });
  // another user's saved queries are not theirs to see, nor their values
  const otherClient = await supersetClient(other);
  expect((await otherClient.get({ endpoint: `/api/v1/saved_query/distinct/schema?q=${q({ filter: marker })}` })).json.count).toBe(0);
  const schemas = await client.get({ endpoint: `/api/v1/dataset/distinct/schema` });
  expect(schemas.json.count).toBe(schemas.json.result.length);
});

async function execute(sql: string, queryLimit: number) {
  return client.post({
    endpoint: "/api/v1/sqllab/execute/",
    jsonPayload: { client_id: newClientId(), database_id: dbId, json: true, runAsync: false, schema: null, sql, sql_editor_id: "1", tab: "t", tmp_table_name: "", select_as_cta: false, ctas_method: "TABLE", templateParams: "{}", queryLimit, expand_data: true },
  });
}

test("SQL Lab's limitingFactor names what bounded the rows: the SQL's LIMIT, the dropdown, both, or nothing", async () => {
  const cases: [string, number, string, number][] = [
    ["SELECT name FROM birth_names LIMIT 3", 10, "QUERY", 3],
    ["SELECT name FROM birth_names LIMIT 10", 10, "QUERY_AND_DROPDOWN", 10],
    ["SELECT name FROM birth_names LIMIT 50", 10, "DROPDOWN", 10],
    ["SELECT name FROM birth_names", 5, "DROPDOWN", 5],
    ["SELECT name FROM birth_names LIMIT 20", 100, "QUERY", 20],
    ["SELECT 1 AS one", 10, "NOT_LIMITED", 1],
  ];
  for (const [sql, limit, factor, rows] of cases) {
    const { json } = await execute(sql, limit);
    expect({ sql, factor: json.query.limitingFactor, rows: json.data.length }).toEqual({ sql, factor, rows });
  }
});

test("engine errors carry Superset's issue codes (1002 for a missing table or column)", async () => {
  for (const sql of ["SELECT * FROM no_such_table_x", "SELECT no_such_column FROM birth_names"]) {
    const { status, body } = await errorOf(execute(sql, 10));
    expect(status).toBe(400);
    expect(body.errors[0]).toMatchObject({ error_type: "GENERIC_DB_ENGINE_ERROR" });
    expect(body.errors[0].extra.issue_codes).toEqual([{ code: 1002, message: "Issue 1002 - The database returned an unexpected error." }]);
  }
});

test("a chart type's real buildQuery makes a request body the chart-data API answers", async () => {
  const { buildQueryByVizType } = await loadSupersetUi();
  const { json: datasets } = await client.get({ endpoint: `/api/v1/dataset/?q=${q({ filters: [{ col: "table_name", opr: "eq", value: "birth_names" }], columns: ["id"] })}` });
  const datasetId = datasets.result[0].id;
  const body = buildQueryByVizType.table({
    datasource: `${datasetId}__table`, viz_type: "table", query_mode: "aggregate", groupby: ["gender"], metrics: ["count"],
    adhoc_filters: [], row_limit: 10, order_desc: true, time_range: "No filter",
  });
  expect(body.queries[0]).toMatchObject({ columns: ["gender"], metrics: ["count"], row_limit: 10 });
  const { json } = await client.post({ endpoint: "/api/v1/chart/data", jsonPayload: body });
  const rows = json.result[0].data as { gender: string; count: number }[];
  expect(rows.map((r) => r.gender).sort()).toEqual(["boy", "girl"]);
  expect(rows.reduce((n, r) => n + r.count, 0)).toBe(88398);
});

test("function_names, validate_sql and the security permission and resource lists answer SupersetClient in Superset's shapes", async () => {
  const shape = (method: string, template: string, body: unknown) => (openApiAvailable ? shapeProblems(method, template, 200, body) : []);
  const names = await client.get({ endpoint: `/api/v1/database/${dbId}/function_names/` });
  expect(names.json.function_names).toContain("strftime");
  expect(shape("get", "/api/v1/database/{pk}/function_names/", names.json)).toEqual([]);
  const valid = await client.post({ endpoint: `/api/v1/database/${dbId}/validate_sql/`, jsonPayload: { sql: "SELECT name FROM birth_names", schema: null } });
  expect(valid.json).toEqual({ result: [] });
  const invalid = await client.post({ endpoint: `/api/v1/database/${dbId}/validate_sql/`, jsonPayload: { sql: "SELECT name\nFROM no_such_table" } });
  expect(invalid.json.result).toEqual([{ line_number: 2, start_column: 6, end_column: 18, message: expect.stringContaining("no such table") }]);
  expect(shape("post", "/api/v1/database/{pk}/validate_sql/", invalid.json)).toEqual([]);
  for (const resource of ["permissions", "resources", "permissions-resources"]) {
    const list = await client.get({ endpoint: `/api/v1/security/${resource}/?q=${q({ page_size: 5 })}` });
    expect(list.json.count).toBeGreaterThan(5);
    expect(list.json.ids).toHaveLength(5);
    expect(shape("get", `/api/v1/security/${resource}/`, list.json)).toEqual([]);
    const item = await client.get({ endpoint: `/api/v1/security/${resource}/${list.json.ids[0]}` });
    expect(item.json.result).toEqual(list.json.result[0]);
    expect(shape("get", `/api/v1/security/${resource}/{pk}`, item.json)).toEqual([]);
  }
});
