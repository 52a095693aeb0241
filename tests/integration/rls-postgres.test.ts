import { afterAll, beforeAll, expect, test } from "vitest";
import { json, pairFor, pairs, roleId, unique } from "../support/access";
import type { ApiClient } from "../support/client";
import { newClientId } from "../support/sqllab";
import { startSqlLabWorker, waitForEvent, type SqlLabWorker } from "../support/sqllab-worker";

// Row-level security on the tables SQL names, on the real PostgreSQL (127.0.0.1:5432), with a Worker of its own
// where RLS_IN_SQLLAB is on: SQL Lab (synchronous and through the QueryJob) and a virtual dataset's chart data
// read a protected table through the caller's rules however PostgreSQL lets it be named.

let w: SqlLabWorker;
let pgRo: number;
let pgRw: number;
let reader: ApiClient;
const SCHEMA = "rls_it";

beforeAll(async () => {
  w = await startSqlLabWorker({ RLS_IN_SQLLAB: "true" });
  pgRo = w.addDatabase("pg_rls", "postgresql://postgres:test@127.0.0.1:5432/test", { allow_run_async: true });
  pgRw = w.addDatabase("pg_rls_setup", "postgresql://postgres:test@127.0.0.1:5432/test", { allow_dml: true, allow_run_async: false });
  const setup = await w.admin.post("/api/v1/sqllab/execute/", {
    client_id: newClientId(), database_id: pgRw,
    sql: `DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}; CREATE TABLE ${SCHEMA}.orders (id int, region text, amount int); ` +
      `INSERT INTO ${SCHEMA}.orders VALUES (1, 'EU', 10), (2, 'EU', 20), (3, 'US', 30), (4, 'APAC', 40)`,
  });
  expect(setup.status, await setup.clone().text()).toBe(200);
  const dataset = await w.admin.post("/api/v1/dataset/", { database: pgRo, schema: SCHEMA, table_name: "orders" });
  expect(dataset.status, await dataset.clone().text()).toBe(201);
  const role = await json<{ id: number }>(await w.admin.post("/api/v1/security/roles/", { name: `rls_pg_${unique()}` }));
  const all = pairFor(await pairs(w.admin), "all_database_access", "all_database_access")!;
  expect((await w.admin.post(`/api/v1/security/roles/${role.id}/permissions`, { permission_view_menu_ids: [all.id] })).status).toBe(200);
  const username = `rls_pg_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const roles = [await roleId(w.admin, "Gamma"), await roleId(w.admin, "sql_lab"), role.id];
  expect((await w.admin.post("/api/v1/security/users/", { username, first_name: "Eu", last_name: "Reader", email: `${username}@example.com`, password, roles })).status).toBe(201);
  const rule = await w.admin.post("/api/v1/rowlevelsecurity/", {
    name: `eu ${unique()}`, filter_type: "Regular", tables: [(await json(dataset)).id], roles: [role.id], clause: "region = 'EU' AND {{ current_user_id() }} > 0",
  });
  expect(rule.status, await rule.clone().text()).toBe(201);
  reader = await w.login(username, password);
}, 240_000);

afterAll(async () => {
  if (process.env.SHOW_WORKER_LOGS) console.log(w?.logs());
  await w?.admin.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: pgRw, sql: `DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE` });
  await w?.stop();
});

const regions = (rows: { region: string }[]) => [...new Set(rows.map((r) => r.region))].sort();

async function sqlLab(client: ApiClient, sql: string) {
  const res = await client.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: pgRo, sql, schema: SCHEMA, runAsync: false });
  const body = await json(res);
  expect(res.status, `${sql}: ${JSON.stringify(body)}`).toBe(200);
  return regions(body.data);
}

const SPELLINGS = [
  "SELECT DISTINCT region FROM orders",
  `SELECT DISTINCT region FROM ${SCHEMA}.orders`,
  `SELECT DISTINCT region FROM "${SCHEMA}"."orders"`,
  `SELECT DISTINCT region FROM ONLY ${SCHEMA}.orders`,
  `TABLE ${SCHEMA}.orders`,
  `SELECT DISTINCT o.region FROM ${SCHEMA}.orders o WHERE o.amount > 0`,
  `WITH orders AS (SELECT * FROM ${SCHEMA}.orders) SELECT DISTINCT region FROM orders`,
  `SELECT DISTINCT region FROM (SELECT 1 AS one) x, ${SCHEMA}.orders`,
  `SELECT DISTINCT l.region FROM (SELECT 1 AS one) x CROSS JOIN LATERAL (SELECT region FROM ${SCHEMA}.orders) l`,
  `SELECT DISTINCT region FROM (${SCHEMA}.orders AS a JOIN ${SCHEMA}.orders AS b USING (id, region, amount))`,
  `SELECT region FROM orders WHERE region = 'US' OR true UNION SELECT region FROM ${SCHEMA}.orders`,
  `SELECT (SELECT string_agg(DISTINCT region, ',') FROM orders) AS region`,
];

test("PostgreSQL, RLS_IN_SQLLAB: every spelling of the protected table reads only the caller's rows; the admin reads all", async () => {
  for (const sql of SPELLINGS) {
    expect(await sqlLab(reader, sql), sql).toEqual(["EU"]);
    expect(await sqlLab(w.admin, sql), sql).not.toEqual(["EU"]);
  }
});

test("PostgreSQL, RLS_IN_SQLLAB: an asynchronous run (QueryJob) and its CSV export are filtered the same way", async () => {
  const client_id = newClientId();
  const res = await reader.post("/api/v1/sqllab/execute/", { client_id, database_id: pgRo, runAsync: true, schema: SCHEMA, sql: "SELECT region, amount FROM orders ORDER BY id" });
  expect(res.status).toBe(202);
  const event = await waitForEvent(reader, client_id);
  expect(event.status).toBe("done");
  const payload = await json(await reader.get(`${event.result_url}`));
  expect(regions(payload.data)).toEqual(["EU"]);
  const csv = await (await reader.get(`/api/v1/sqllab/export/${client_id}/`)).text();
  expect(csv).toMatch(/EU/);
  expect(csv).not.toMatch(/US|APAC/);
});

test("PostgreSQL: a virtual dataset's chart data reads the protected table it names through the caller's rules", async () => {
  const made = await w.admin.post("/api/v1/dataset/", { database: pgRo, schema: SCHEMA, table_name: `orders_virtual_${unique()}`, sql: `SELECT region, amount FROM ${SCHEMA}.orders` });
  expect(made.status, await made.clone().text()).toBe(201);
  const body = {
    datasource: { id: (await json(made)).id, type: "table" },
    queries: [{ columns: ["region"], metrics: [{ expressionType: "SQL", sqlExpression: "SUM(amount)", label: "total" }], orderby: [["region", true]], row_limit: 10 }],
    result_format: "json", result_type: "full",
  };
  const read = async (client: ApiClient) => {
    const res = await client.post("/api/v1/chart/data", body);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await json(res)).result[0] as { data: { region: string; total: number }[] };
  };
  expect(regions((await read(w.admin)).data)).toEqual(["APAC", "EU", "US"]);
  expect((await read(reader)).data).toEqual([{ region: "EU", total: 30 }]);
});
