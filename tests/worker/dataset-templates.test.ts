import { expect, test } from "vitest";
import { encodeRison } from "../../core/http/rison-guard";
import { loginAsAdmin, type ApiClient } from "../support/client";

// Virtual datasets whose SQL is a Jinja template: rendered with the dataset's template_params
// before the SQL gate and before the columns are read, on the examples D1 database.

const unique = () => Math.random().toString(36).slice(2, 10);
const q = (value: unknown) => encodeURIComponent(encodeRison(value));

interface ErrorBody { message: unknown; errors?: { message: string; error_type: string }[] }

async function examplesId(admin: ApiClient): Promise<number> {
  const res = await admin.get(`/api/v1/dataset/?q=${q({ filters: [{ col: "table_name", opr: "eq", value: "birth_names" }] })}`);
  return ((await res.json()) as { result: { database: { id: number } }[] }).result[0].database.id;
}

async function columnsOf(admin: ApiClient, id: number): Promise<string[]> {
  const res = await admin.get(`/api/v1/dataset/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { columns: { column_name: string }[] } }).result.columns.map((c) => c.column_name);
}

const create = (admin: ApiClient, database: number, sql: string, template_params?: string) =>
  admin.post("/api/v1/dataset/", { database, schema: "main", table_name: `templated_${unique()}`, sql, ...(template_params === undefined ? {} : { template_params }) });

test("a templated virtual dataset is rendered with its template_params before its columns are read", async () => {
  const admin = await loginAsAdmin();
  const database = await examplesId(admin);
  const sql = "SELECT name, num{% if with_gender %}, gender{% endif %} FROM birth_names LIMIT {{ limit_rows }}";
  const res = await create(admin, database, sql, JSON.stringify({ limit_rows: 5, with_gender: true }));
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  expect(await columnsOf(admin, id)).toEqual(["name", "num", "gender"]);

  // the stored SQL keeps its template; new parameters read the columns again
  const put = await admin.put(`/api/v1/dataset/${id}`, { template_params: JSON.stringify({ limit_rows: 5, with_gender: false }) });
  expect(put.status).toBe(200);
  const after = ((await put.json()) as { result: { sql: string; template_params: string; columns: { column_name: string }[] } }).result;
  expect(after.sql).toBe(sql);
  expect(JSON.parse(after.template_params)).toEqual({ limit_rows: 5, with_gender: false });
  expect(after.columns.map((c) => c.column_name)).toEqual(["name", "num"]);
  expect((await admin.delete(`/api/v1/dataset/${id}`)).status).toBe(200);
});

test("template values are quoted, never spliced as SQL", async () => {
  const admin = await loginAsAdmin();
  const database = await examplesId(admin);
  const params = JSON.stringify({ who: "x'; DROP TABLE birth_names; --" });
  const res = await create(admin, database, "SELECT name AS who FROM birth_names WHERE name = {{ who }}", params);
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  expect(await columnsOf(admin, id)).toEqual(["who"]);
  await admin.delete(`/api/v1/dataset/${id}`);
  // the table is still there
  const check = await create(admin, database, "SELECT COUNT(*) AS n FROM birth_names");
  expect(check.status).toBe(201);
  await admin.delete(`/api/v1/dataset/${((await check.json()) as { id: number }).id}`);
});

test("bad template_params JSON is a 400 that says why", async () => {
  const admin = await loginAsAdmin();
  const database = await examplesId(admin);
  const broken = await create(admin, database, "SELECT {{ n }} AS n", "{n: 1}");
  expect(broken.status).toBe(400);
  const body = (await broken.json()) as { message: Record<string, string[]> };
  expect(Object.keys(body.message)).toEqual(["template_params"]);
  expect(body.message.template_params[0]).toMatch(/^Template parameters must be valid JSON: /);

  const notObject = await create(admin, database, "SELECT {{ n }} AS n", "[1]");
  expect(notObject.status).toBe(400);
  expect(await notObject.json()).toEqual({ message: { template_params: ['Template parameters must be a JSON object, for example {"name": "value"}.'] } });
});

test("an undefined template parameter and a template that renders a write are refused before anything runs", async () => {
  const admin = await loginAsAdmin();
  const database = await examplesId(admin);
  const missing = await create(admin, database, "SELECT name FROM birth_names LIMIT {{ limit_rows }}");
  expect(missing.status).toBe(400);
  const missingBody = (await missing.json()) as ErrorBody;
  expect(missingBody.errors?.[0]).toMatchObject({ error_type: "MISSING_TEMPLATE_PARAMS_ERROR" });
  expect(missingBody.errors?.[0].message).toMatch(/^The parameter limit_rows in your query is undefined\./);

  const write = await create(admin, database, "{% if go %}DELETE FROM birth_names{% else %}SELECT 1 AS one{% endif %}", '{"go": true}');
  expect(write.status).toBe(400);
  expect(((await write.json()) as ErrorBody).errors?.[0].error_type).toBe("DML_NOT_ALLOWED_ERROR");

  const malformed = await create(admin, database, "SELECT {% if %} 1", "{}");
  expect(malformed.status).toBe(400);
  expect(((await malformed.json()) as ErrorBody).errors?.[0].error_type).toBe("INVALID_TEMPLATE_PARAMS_ERROR");
});
