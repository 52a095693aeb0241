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
    await pg.unsafe(`CREATE TABLE ${fn}_t (n int)`);
  } finally {
    await pg.end({ timeout: 1 });
  }
  const my = await createConnection(MY);
  try {
    await my.query(`CREATE FUNCTION ${fn}() RETURNS INT DETERMINISTIC RETURN 1`);
    await my.query(`CREATE TABLE ${fn}_t (n INT)`);
  } finally {
    await my.end();
  }
  ids.postgresql = (await json<{ id: number }>(await admin.post("/api/v1/database/", { database_name: `pg tools ${suffix}`, sqlalchemy_uri: "postgresql://postgres@127.0.0.1:5432/test" }))).id;
  ids.mysql = (await json<{ id: number }>(await admin.post("/api/v1/database/", { database_name: `my tools ${suffix}`, sqlalchemy_uri: "mysql://root@127.0.0.1:3306/test" }))).id;
});

afterAll(async () => {
  const pg = postgres(PG);
  await pg.unsafe(`DROP FUNCTION IF EXISTS ${fn}(); DROP TABLE IF EXISTS ${fn}_t`).finally(() => pg.end({ timeout: 1 }));
  const my = await createConnection(MY);
  await my.query(`DROP FUNCTION IF EXISTS ${fn}`).then(() => my.query(`DROP TABLE IF EXISTS ${fn}_t`)).finally(() => my.end());
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

async function validate(id: number, sql: string) {
  const res = await admin.post(`/api/v1/database/${id}/validate_sql/`, { sql });
  expect(res.status).toBe(200);
  return (await json<{ result: { line_number: number; start_column: number; end_column: number; message: string }[] }>(res)).result;
}

test("PostgreSQL validates with EXPLAIN: valid SQL is clean, a syntax error and a missing relation are placed", async () => {
  expect(await validate(ids.postgresql, `SELECT relname, ${fn}() FROM pg_class`)).toEqual([]);
  expect(await validate(ids.postgresql, "SELECT 1;\nSELECT relname\nFROM pg_clas")).toEqual([
    { line_number: 3, start_column: 6, end_column: 12, message: expect.stringContaining('relation "pg_clas" does not exist') },
  ]);
  expect(await validate(ids.postgresql, "SELECT relname,\n  FROM pg_class")).toEqual([
    { line_number: 2, start_column: 3, end_column: 6, message: expect.stringContaining('syntax error at or near "FROM"') },
  ]);
  // the gate answers before the server: a write on a read-only database
  expect(await validate(ids.postgresql, "DROP TABLE pg_class")).toEqual([expect.objectContaining({ line_number: 1, message: "Only SELECT statements are allowed against this database." })]);
});

test("MariaDB validates with EXPLAIN: valid SQL is clean, a syntax error and a missing table are placed", async () => {
  expect(await validate(ids.mysql, `SELECT TABLE_NAME, ${fn}() FROM information_schema.TABLES`)).toEqual([]);
  expect(await validate(ids.mysql, "SELECT 1;\nSELECT *\n  FROMM information_schema.TABLES")).toEqual([
    { line_number: 3, start_column: 3, end_column: 7, message: expect.stringContaining("near 'FROMM") },
  ]);
  expect(await validate(ids.mysql, "SELECT * FROM no_such_tbl")).toEqual([
    { line_number: 1, start_column: 15, end_column: 25, message: expect.stringContaining("no_such_tbl' doesn't exist") },
  ]);
});

test("on a database that allows DML, a write validates through EXPLAIN and is not carried out", async () => {
  const rows = {
    postgresql: async () => {
      const pg = postgres(PG);
      try {
        return Number((await pg.unsafe(`SELECT count(*) AS n FROM ${fn}_t`))[0].n);
      } finally {
        await pg.end({ timeout: 1 });
      }
    },
    mysql: async () => {
      const my = await createConnection(MY);
      try {
        return Number(((await my.query(`SELECT count(*) AS n FROM ${fn}_t`))[0] as { n: number }[])[0].n);
      } finally {
        await my.end();
      }
    },
  };
  const uris = { postgresql: "postgresql://postgres@127.0.0.1:5432/test", mysql: "mysql://root@127.0.0.1:3306/test" };
  for (const engine of ["postgresql", "mysql"] as const) {
    const made = await json<{ id: number }>(await admin.post("/api/v1/database/", { database_name: `${engine} dml ${suffix}`, sqlalchemy_uri: uris[engine], allow_dml: true }));
    try {
      expect(await validate(made.id, `INSERT INTO ${fn}_t VALUES (1);\nDELETE FROM ${fn}_t`), engine).toEqual([]);
      expect(await validate(made.id, `INSERT INTO ${fn}_t VALUES (1, 2, 3)`), engine).toHaveLength(1);
      expect(await rows[engine](), engine).toBe(0);
    } finally {
      await admin.delete(`/api/v1/database/${made.id}`);
    }
  }
});
