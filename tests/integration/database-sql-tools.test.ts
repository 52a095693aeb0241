// function_names and validate_sql on PostgreSQL and MariaDB through the real Worker in workerd, over
// cloudflare:sockets to the servers of this machine (an unreachable one fails the test).
import { afterAll, beforeAll, expect, test } from "vitest";
import postgres from "postgres";
import { createConnection } from "mysql2/promise";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { json, unique } from "../support/access";

let admin: ApiClient;
const suffix = unique();
const fn = `probe_fn_${suffix}`;
const ids: Record<"postgresql" | "mysql", number> = { postgresql: 0, mysql: 0 };
const PG = { host: "127.0.0.1", port: 5432, user: "postgres", database: "test", max: 1, onnotice: () => {} };
const MY = { host: "127.0.0.1", port: 3306, user: "root", database: "test" };

beforeAll(async () => {
  admin = await loginAsAdmin();
  const pg = postgres(PG);
  try {
    await pg.unsafe(`CREATE FUNCTION ${fn}() RETURNS int LANGUAGE sql AS 'SELECT 1'`);
  } finally {
    await pg.end({ timeout: 1 });
  }
  const my = await createConnection(MY);
  try {
    await my.query(`CREATE FUNCTION ${fn}() RETURNS INT DETERMINISTIC RETURN 1`);
  } finally {
    await my.end();
  }
  ids.postgresql = (await json<{ id: number }>(await admin.post("/api/v1/database/", { database_name: `pg tools ${suffix}`, sqlalchemy_uri: "postgresql://postgres@127.0.0.1:5432/test" }))).id;
  ids.mysql = (await json<{ id: number }>(await admin.post("/api/v1/database/", { database_name: `my tools ${suffix}`, sqlalchemy_uri: "mysql://root@127.0.0.1:3306/test" }))).id;
});

afterAll(async () => {
  const pg = postgres(PG);
  await pg.unsafe(`DROP FUNCTION IF EXISTS ${fn}()`).finally(() => pg.end({ timeout: 1 }));
  const my = await createConnection(MY);
  await my.query(`DROP FUNCTION IF EXISTS ${fn}`).finally(() => my.end());
  for (const id of Object.values(ids)) if (id) await admin.delete(`/api/v1/database/${id}`);
});

async function functionNames(id: number): Promise<string[]> {
  const res = await admin.get(`/api/v1/database/${id}/function_names/`);
  expect(res.status).toBe(200);
  return (await json<{ function_names: string[] }>(res)).function_names;
}

test("PostgreSQL's function_names are read live from pg_proc: built-ins, aggregates and a function created just now", async () => {
  const names = await functionNames(ids.postgresql);
  for (const name of ["date_trunc", "to_char", "string_agg", "row_number", "generate_series", fn]) expect(names).toContain(name);
  // type-support functions SQL cannot call and the gate's denied functions are not offered
  for (const name of ["int4in", "boolout", "pg_read_file", "dblink"]) expect(names).not.toContain(name);
});

test("MariaDB's function_names are the built-ins plus the stored functions read live from information_schema", async () => {
  const names = await functionNames(ids.mysql);
  for (const name of ["date_format", "concat_ws", "group_concat", "json_extract", fn]) expect(names).toContain(name);
  for (const name of ["load_file", "sys_exec"]) expect(names).not.toContain(name);
});
