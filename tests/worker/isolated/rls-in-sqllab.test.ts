import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, useWorkerVars, type ApiClient } from "../../support/client";
import { json } from "../../support/access";
import { boundReader, type BoundReader } from "../../support/rls";
import { newClientId } from "../../support/sqllab";

// Superset's RLS_IN_SQLLAB on D1, on a Worker of its own with the flag on: a SQL Lab query that names a table
// protected by row-level security reads it through the caller's rules however the name is spelled, aliased,
// nested or joined; the admin, bound by no rule, reads every row.

let admin: ApiClient;
let girls: BoundReader;

beforeAll(async () => {
  useWorkerVars({ RLS_IN_SQLLAB: "true" });
  admin = await loginAsAdmin();
  girls = await boundReader(admin, "birth_names", "gender = 'girl'");
});

async function run(client: ApiClient, sql: string) {
  const clientId = newClientId();
  const res = await client.post("/api/v1/sqllab/execute/", { client_id: clientId, database_id: girls.databaseId, runAsync: false, sql, schema: "main" });
  const body = await json(res);
  return { status: res.status, body, clientId, genders: res.status === 200 ? [...new Set((body.data as { gender: string }[]).map((r) => r.gender))].sort() : null };
}

// each reads the gender column of birth_names one way or another
const SPELLINGS = [
  "SELECT DISTINCT gender FROM birth_names",
  "select distinct gender from BIRTH_NAMES",
  "SELECT DISTINCT gender FROM main.birth_names",
  'SELECT DISTINCT gender FROM "birth_names"',
  'SELECT DISTINCT gender FROM main."birth_names"',
  "SELECT DISTINCT gender FROM `birth_names`",
  "SELECT DISTINCT b.gender FROM birth_names b",
  "SELECT DISTINCT b.gender FROM birth_names AS b WHERE b.num > 0",
  "SELECT DISTINCT gender FROM /* a comment */ birth_names",
  "SELECT DISTINCT gender FROM birth_names -- FROM elsewhere",
  "SELECT DISTINCT gender FROM (SELECT * FROM birth_names) AS s",
  "SELECT DISTINCT gender FROM (SELECT gender FROM (SELECT * FROM birth_names))",
  "WITH g AS (SELECT gender FROM birth_names) SELECT DISTINCT gender FROM g",
  "SELECT gender FROM birth_names WHERE num > 10 UNION SELECT gender FROM birth_names",
  "SELECT DISTINCT gender FROM (SELECT 1 AS one) o, birth_names",
  "SELECT DISTINCT gender FROM (birth_names)",
  "SELECT DISTINCT gender FROM (SELECT 1 AS one) o, (SELECT 2 AS two) t, main.birth_names AS b",
  "SELECT DISTINCT gender FROM (SELECT 1 AS one) o JOIN birth_names ON 1 = 1",
  "SELECT DISTINCT gender FROM (SELECT 1 AS one) o LEFT OUTER JOIN birth_names b ON 1 = 1",
  "SELECT DISTINCT gender FROM birth_names WHERE gender IN (SELECT gender FROM birth_names)",
  "SELECT (SELECT MIN(gender) FROM birth_names) AS gender",
  "SELECT DISTINCT gender FROM birth_names WHERE gender = 'boy' OR 1 = 1",
  "SELECT DISTINCT gender FROM birth_names; SELECT DISTINCT gender FROM birth_names",
];

test("every spelling of a protected table reads only the caller's rows; the admin reads all", async () => {
  for (const sql of SPELLINGS) {
    const mine = await run(girls.client, sql);
    // a spelling the gate or the engine refuses returns no row at all, which is as safe; these all run
    expect(mine.status, `${sql}: ${JSON.stringify(mine.body)}`).toBe(200);
    expect(mine.genders, sql).toEqual(["girl"]);
    expect((await run(admin, sql)).genders, sql).toContain("boy");
  }
});

test("the executed SQL shows the rule in place of the table; a CSV export of the run holds only the caller's rows", async () => {
  const mine = await run(girls.client, "SELECT gender, COUNT(*) AS n FROM birth_names GROUP BY gender");
  expect(mine.genders).toEqual(["girl"]);
  expect(mine.body.query.executedSql).toContain("FROM (SELECT * FROM birth_names WHERE (gender = 'girl')) AS birth_names GROUP BY");
  const csv = await girls.client.get(`/api/v1/sqllab/export/${mine.clientId}/`);
  expect(csv.status).toBe(200);
  const text = await csv.text();
  expect(text).toMatch(/girl/);
  expect(text).not.toMatch(/boy/);
});

test("another table and a table function are left as they are", async () => {
  const other = await run(girls.client, "SELECT COUNT(*) AS n FROM flights");
  expect(other.status).toBe(200);
  expect(other.body.query.executedSql).toBe("SELECT COUNT(*) AS n FROM flights");
});
