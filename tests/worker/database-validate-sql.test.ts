import { expect, test } from "vitest";
import { loginAsAdmin } from "../support/client";
import { gammaWith, json } from "../support/access";
import { examplesId, userWithRoles } from "../support/sqllab";

// POST /api/v1/database/<pk>/validate_sql/ on the D1 examples database (EXPLAIN QUERY PLAN), through the real Worker.

type Answer = { result: { line_number: number; start_column: number; end_column: number; message: string }[] };

async function validate(sql: string, extra: Record<string, unknown> = {}) {
  const admin = await loginAsAdmin();
  const res = await admin.post(`/api/v1/database/${await examplesId(admin)}/validate_sql/`, { sql, ...extra });
  return { status: res.status, body: await json<Answer & Record<string, unknown>>(res) };
}

test("valid SQL answers an empty result list", async () => {
  expect(await validate("SELECT name, num FROM birth_names WHERE num > 10")).toEqual({ status: 200, body: { result: [] } });
  expect(await validate("SELECT 1;\nSELECT count(*) FROM birth_names", { schema: "main", catalog: null, template_params: null })).toEqual({ status: 200, body: { result: [] } });
});

test("a syntax error and a missing table are annotated where they are, one per faulty statement", async () => {
  const { status, body } = await validate("SELECT 1;\nSELECT name\nFORM birth_names;\nSELECT * FROM no_such_table");
  expect(status).toBe(200);
  expect(body.result).toEqual([
    { line_number: 3, start_column: 6, end_column: 16, message: expect.stringContaining('near "birth_names"') },
    { line_number: 4, start_column: 15, end_column: 27, message: expect.stringContaining("no such table") },
  ]);
});

test("template parameters are rendered before the check", async () => {
  expect((await validate("SELECT * FROM {{ table }}", { template_params: { table: "birth_names" } })).body).toEqual({ result: [] });
  expect((await validate("SELECT * FROM {{ table }}", { template_params: { table: "nowhere" } })).body.result).toHaveLength(1);
});

test("SQL the gate refuses is annotated and never run: a write on a read-only database, a denied function", async () => {
  const admin = await loginAsAdmin();
  const id = await examplesId(admin);
  const count = async () => {
    const res = await admin.post("/api/v1/sqllab/execute/", { database_id: id, sql: "SELECT count(*) AS n FROM birth_names", runAsync: false, client_id: Math.random().toString(36).slice(2, 13).padEnd(11, "x") });
    return (await json<{ data: { n: number }[] }>(res)).data[0].n;
  };
  const before = await count();
  const write = await validate("DELETE FROM birth_names");
  expect(write.status).toBe(200);
  expect(write.body.result).toEqual([{ line_number: 1, start_column: 1, end_column: 23, message: "Only SELECT statements are allowed against this database." }]);
  expect(await count()).toBe(before);
  const denied = await validate("SELECT 1,\n  load_extension('x')");
  expect(denied.body.result).toEqual([{ line_number: 2, start_column: 3, end_column: 16, message: expect.stringContaining("disallowed function(s): load_extension") }]);
});

test("a body without sql is a 400 naming the field; an unknown database is a 404", async () => {
  const admin = await loginAsAdmin();
  const missing = await admin.post(`/api/v1/database/${await examplesId(admin)}/validate_sql/`, { schema: "main" });
  expect(missing.status).toBe(400);
  expect(JSON.stringify(await missing.json())).toContain("sql");
  expect((await admin.post("/api/v1/database/987654/validate_sql/", { sql: "SELECT 1" })).status).toBe(404);
});

test("validate_sql needs read access to the database: Alpha may, Gamma is refused", async () => {
  const admin = await loginAsAdmin();
  const id = await examplesId(admin);
  const alpha = await userWithRoles(admin, ["Alpha"]);
  expect((await alpha.post(`/api/v1/database/${id}/validate_sql/`, { sql: "SELECT 1" })).status).toBe(200);
  const gamma = await gammaWith(admin, []);
  expect((await gamma.post(`/api/v1/database/${id}/validate_sql/`, { sql: "SELECT 1" })).status).toBe(403);
});
