import { expect, test } from "vitest";
import { encodeRison } from "../../core/http/rison-guard";
import { workerFetch, loginAs, loginAsAdmin, type ApiClient } from "../support/client";

// /api/v1/dataset/ against the real Worker: the examples registered at first start, CRUD, virtual
// datasets through the SQL gate, column and metric editing, validation, and who may do what.

const unique = () => Math.random().toString(36).slice(2, 10);
const q = (value: unknown) => encodeURIComponent(encodeRison(value));

interface Column { id: number; column_name: string; type: string | null; type_generic: number; is_dttm: boolean; verbose_name: string | null }
interface Metric { id: number; metric_name: string; expression: string; verbose_name: string | null; d3format: string | null }
interface Detail { id: number; table_name: string; kind: string; uid: string; sql: string | null; select_star: string; database: { id: number; database_name: string }; columns: Column[]; metrics: Metric[]; owners: { id: number }[]; main_dttm_col: string | null }

async function findExample(admin: ApiClient, name: string): Promise<{ id: number; database: { id: number } }> {
  const res = await admin.get(`/api/v1/dataset/?q=${q({ filters: [{ col: "table_name", opr: "eq", value: name }] })}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { count: number; result: { id: number; database: { id: number } }[] };
  expect(body.count).toBe(1);
  return body.result[0];
}

async function detail(client: ApiClient, id: number): Promise<Detail> {
  const res = await client.get(`/api/v1/dataset/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: Detail }).result;
}

async function createVirtual(admin: ApiClient, databaseId: number, sql: string) {
  const table_name = `virtual_${unique()}`;
  const res = await admin.post("/api/v1/dataset/", { database: databaseId, table_name, sql, schema: "main" });
  return { res, table_name };
}

test("the examples are registered at first start with typed columns and metrics", async () => {
  const admin = await loginAsAdmin();
  const list = await admin.get(`/api/v1/dataset/?q=${q({ order_column: "table_name", order_direction: "asc", page_size: 100 })}`);
  const body = (await list.json()) as { count: number; ids: number[]; result: { table_name: string; kind: string; database: { database_name: string } }[] };
  const examples = body.result.filter((d) => d.database.database_name === "examples").map((d) => d.table_name);
  expect(examples).toEqual(expect.arrayContaining(["birth_names", "cleaned_sales_data", "flights", "multiformat_time_series"]));
  expect(body.ids).toHaveLength(body.result.length);

  const births = await detail(admin, (await findExample(admin, "birth_names")).id);
  const col = (name: string) => births.columns.find((c) => c.column_name === name)!;
  expect(col("ds")).toMatchObject({ is_dttm: true, type_generic: 2, type: "DATETIME" });
  expect(col("num")).toMatchObject({ is_dttm: false, type_generic: 0 });
  expect(col("name")).toMatchObject({ type_generic: 1 });
  expect(births.metrics.map((m) => m.expression)).toEqual(expect.arrayContaining(["COUNT(*)", "SUM(num)"]));
  expect(births).toMatchObject({ kind: "physical", main_dttm_col: "ds", uid: `${births.id}__table`, database: { database_name: "examples" } });
  expect(births.select_star).toContain("birth_names");

  const flights = await detail(admin, (await findExample(admin, "flights")).id);
  expect(flights.columns.find((c) => c.column_name === "cancelled")).toMatchObject({ type_generic: 3 });
});

test("the examples database serves the example rows (a virtual dataset counts them)", async () => {
  const admin = await loginAsAdmin();
  const births = await findExample(admin, "birth_names");
  const { res } = await createVirtual(admin, births.database.id, "SELECT COUNT(*) AS n, MIN(ds) AS first_year FROM birth_names");
  expect(res.status).toBe(201);
  const created = (await res.json()) as { id: number };
  const d = await detail(admin, created.id);
  expect(d.kind).toBe("virtual");
  expect(d.columns.map((c) => c.column_name)).toEqual(["n", "first_year"]);
  expect(d.columns[0].type_generic).toBe(0);
  expect((await admin.delete(`/api/v1/dataset/${created.id}`)).status).toBe(200);
});

test("create, read, update and delete a virtual dataset; owners come from the caller", async () => {
  const admin = await loginAsAdmin();
  const me = ((await (await admin.get("/api/v1/me/")).json()) as { result: { id: number } }).result;
  const { database } = await findExample(admin, "birth_names");
  const { res, table_name } = await createVirtual(admin, database.id, "SELECT name, gender, SUM(num) AS total FROM birth_names GROUP BY name, gender");
  expect(res.status).toBe(201);
  const { id, result } = (await res.json()) as { id: number; result: { table_name: string; owners: number[] } };
  expect(result).toMatchObject({ table_name, owners: [me.id] });

  const before = await detail(admin, id);
  expect(before.owners.map((o) => o.id)).toEqual([me.id]);
  const count = before.metrics.find((m) => m.metric_name === "count")!;
  const total = before.columns.find((c) => c.column_name === "total")!;
  const put = await admin.put(`/api/v1/dataset/${id}`, {
    description: "names and totals",
    columns: before.columns.map((c) => (c.id === total.id ? { id: c.id, column_name: c.column_name, verbose_name: "Total births", groupby: false } : { id: c.id, column_name: c.column_name })),
    metrics: [
      { id: count.id, metric_name: "count", expression: "COUNT(*)", verbose_name: "Rows" },
      { metric_name: "sum__total", expression: "SUM(total)", d3format: ",d", verbose_name: "Births" },
    ],
  });
  expect(put.status).toBe(200);
  const after = await detail(admin, id);
  expect(after.metrics.map((m) => [m.metric_name, m.verbose_name, m.d3format])).toEqual([["count", "Rows", null], ["sum__total", "Births", ",d"]]);
  expect(after.columns.find((c) => c.column_name === "total")).toMatchObject({ verbose_name: "Total births", groupby: false });

  // removing a metric from the list deletes it
  const sum = after.metrics.find((m) => m.metric_name === "sum__total")!;
  expect((await admin.put(`/api/v1/dataset/${id}`, { metrics: [{ id: sum.id, metric_name: "sum__total", expression: "SUM(total)" }] })).status).toBe(200);
  expect((await detail(admin, id)).metrics.map((m) => m.metric_name)).toEqual(["sum__total"]);

  expect((await admin.delete(`/api/v1/dataset/${id}`)).status).toBe(200);
  expect((await admin.get(`/api/v1/dataset/${id}`)).status).toBe(404);
});

test("a virtual dataset that writes is refused by the SQL gate", async () => {
  const admin = await loginAsAdmin();
  const { database } = await findExample(admin, "birth_names");
  for (const sql of ["DELETE FROM birth_names", "SELECT 1; DROP TABLE birth_names", "WITH x AS (DELETE FROM flights RETURNING *) SELECT * FROM x"]) {
    const { res } = await createVirtual(admin, database.id, sql);
    expect(res.status, sql).toBe(400);
    const body = (await res.json()) as { errors: { error_type: string }[] };
    expect(body.errors[0].error_type).toMatch(/DML_NOT_ALLOWED_ERROR|INVALID_SQL_ERROR/);
  }
  // the table is intact
  const { res } = await createVirtual(admin, database.id, "SELECT COUNT(*) AS n FROM birth_names");
  expect(res.status).toBe(201);
  await admin.delete(`/api/v1/dataset/${((await res.json()) as { id: number }).id}`);
});

test("physical datasets read their columns from the source; unknown tables and duplicates are 422", async () => {
  const admin = await loginAsAdmin();
  const { database } = await findExample(admin, "cleaned_sales_data");
  const missing = await admin.post("/api/v1/dataset/", { database: database.id, table_name: "no_such_table", schema: "main" });
  expect(missing.status).toBe(422);
  expect(await missing.json()).toEqual({ message: { table: ["Table [no_such_table] could not be found, please double check your database connection, schema, and table name"] } });
  const dup = await admin.post("/api/v1/dataset/", { database: database.id, table_name: "cleaned_sales_data", schema: "main" });
  expect(dup.status).toBe(422);
  expect(await dup.json()).toEqual({ message: { table: ["Dataset main.cleaned_sales_data already exists"] } });
  const noDb = await admin.post("/api/v1/dataset/", { database: 999999, table_name: "x" });
  expect(await noDb.json()).toEqual({ message: { database: ["Database does not exist"] } });

  // get_or_create finds the registered one
  const existing = await admin.post("/api/v1/dataset/get_or_create/", { database_id: database.id, table_name: "cleaned_sales_data", schema: "main" });
  expect(existing.status).toBe(200);
  expect(((await existing.json()) as { result: { table_id: number } }).result.table_id).toBe((await findExample(admin, "cleaned_sales_data")).id);

  // refresh re-reads the table's columns and keeps the settings of the ones still there
  const sales = await detail(admin, (await findExample(admin, "cleaned_sales_data")).id);
  expect((await admin.put(`/api/v1/dataset/${sales.id}/refresh`)).status).toBe(200);
  const refreshed = await detail(admin, sales.id);
  expect(refreshed.columns.map((c) => c.column_name).sort()).toEqual(sales.columns.map((c) => c.column_name).sort());
  expect(refreshed.columns.find((c) => c.column_name === "sales")?.verbose_name).toBe("Sales");
});

test("malformed requests get clear 400s", async () => {
  const admin = await loginAsAdmin();
  const empty = await admin.post("/api/v1/dataset/", {});
  expect(empty.status).toBe(400);
  expect(await empty.json()).toEqual({ message: { database: ["Missing data for required field."], table_name: ["Missing data for required field."] } });
  const notJson = await admin.raw("/api/v1/dataset/", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{oops" });
  expect(notJson.status).toBe(400);
  const badList = await admin.get("/api/v1/dataset/?q=(filters:!((col:password,opr:eq,value:x)))");
  expect(badList.status).toBe(400);
  expect((await admin.get("/api/v1/dataset/abc")).status).toBe(404); // not an id: Superset's router answers 404
  expect((await admin.get("/api/v1/dataset/987654")).status).toBe(404);
  const badPut = await admin.put(`/api/v1/dataset/${(await findExample(admin, "flights")).id}`, { metrics: [{ metric_name: "a", expression: "1" }, { metric_name: "a", expression: "2" }] });
  expect(badPut.status).toBe(422);
  expect(await badPut.json()).toEqual({ message: { metrics: ["One or more metrics are duplicated"] } });
  expect((await admin.delete("/api/v1/dataset/?q=(a:1)")).status).toBe(400);
});

test("duplicate, related objects, column and metric deletes, bulk delete", async () => {
  const admin = await loginAsAdmin();
  const { database } = await findExample(admin, "flights");
  const { res } = await createVirtual(admin, database.id, "SELECT airline, AVG(departure_delay) AS delay FROM flights GROUP BY airline");
  const { id } = (await res.json()) as { id: number };
  const copyName = `copy_${unique()}`;
  const dup = await admin.post("/api/v1/dataset/duplicate", { base_model_id: id, table_name: copyName });
  expect(dup.status).toBe(201);
  const copy = (await dup.json()) as { id: number; result: { table_name: string } };
  expect(copy.result.table_name).toBe(copyName);
  const copied = await detail(admin, copy.id);
  expect(copied.columns.map((c) => c.column_name)).toEqual(["airline", "delay"]);

  expect(await (await admin.get(`/api/v1/dataset/${id}/related_objects`)).json()).toEqual({ charts: { count: 0, result: [] }, dashboards: { count: 0, result: [] } });

  const column = copied.columns.find((c) => c.column_name === "delay")!;
  expect((await admin.delete(`/api/v1/dataset/${copy.id}/column/${column.id}`)).status).toBe(200);
  expect((await admin.delete(`/api/v1/dataset/${copy.id}/column/${column.id}`)).status).toBe(404);
  expect((await admin.delete(`/api/v1/dataset/${copy.id}/metric/${copied.metrics[0].id}`)).status).toBe(200);
  const trimmed = await detail(admin, copy.id);
  expect([trimmed.columns.length, trimmed.metrics.length]).toEqual([1, 0]);

  const bulk = await admin.delete(`/api/v1/dataset/?q=${q([id, copy.id])}`);
  expect(bulk.status).toBe(200);
  expect(await bulk.json()).toEqual({ message: "Deleted 2 datasets" });
  expect((await admin.get(`/api/v1/dataset/${copy.id}`)).status).toBe(404);
});

test("Gamma may list datasets (none without data access) but not create, change or delete them", async () => {
  const admin = await loginAsAdmin();
  const roles = (await (await admin.get(`/api/v1/security/roles/?q=${q({ filters: [{ col: "name", opr: "eq", value: "Gamma" }] })}`)).json()) as { result: { id: number }[] };
  const username = `gamma_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const made = await admin.post("/api/v1/security/users/", { username, first_name: "G", last_name: "Amma", email: `${username}@example.com`, password, roles: [roles.result[0].id] });
  expect(made.status).toBe(201);
  const gamma = await loginAs(username, password);
  const births = await findExample(admin, "birth_names");

  const list = await gamma.get("/api/v1/dataset/");
  expect(list.status).toBe(200);
  expect(((await list.json()) as { count: number }).count).toBe(0);
  expect((await gamma.get(`/api/v1/dataset/${births.id}`)).status).toBe(404);
  expect((await gamma.post("/api/v1/dataset/", { database: births.database.id, table_name: "x", sql: "SELECT 1" })).status).toBe(403);
  expect((await gamma.put(`/api/v1/dataset/${births.id}`, { description: "mine now" })).status).toBe(403);
  expect((await gamma.delete(`/api/v1/dataset/${births.id}`)).status).toBe(403);
  expect((await workerFetch(`/api/v1/dataset/`)).status).toBe(401);
});
