import { afterAll, beforeAll, expect, test } from "vitest";
import { startSqlLabWorker, waitForEvent, type SqlLabWorker } from "../support/sqllab-worker";

// The production path to PostgreSQL (docs/decisions/0003-connectors.md): a database whose extra names a
// Hyperdrive binding takes host, port, user, password and database from the binding, never from its stored URI.
// wrangler dev runs a `[[hyperdrive]]` binding locally from its `localConnectionString`; the stored URI here
// names a host that does not resolve, so every answer below came through the binding. (wrangler insists on a
// password in the local string; this machine's PostgreSQL trusts loopback and ignores it.)

let w: SqlLabWorker;
let viaHyperdrive: number;
const clientId = () => `hd${Math.random().toString(36).slice(2, 11)}`;

beforeAll(async () => {
  w = await startSqlLabWorker({}, {
    hyperdrive: [{ binding: "HYPERDRIVE_WAREHOUSE", id: "0123456789abcdef0123456789abcdef", localConnectionString: "postgresql://postgres:trust-ignores-it@127.0.0.1:5432/test" }],
  });
  viaHyperdrive = w.addDatabase("warehouse via hyperdrive", "postgresql://nobody@warehouse.invalid:1/none", { allow_run_async: true }, { hyperdrive: "WAREHOUSE" });
}, 240_000);

afterAll(async () => {
  await w?.stop();
});

test("a synchronous SQL Lab run reaches PostgreSQL through the Hyperdrive binding", async () => {
  const res = await w.admin.post("/api/v1/sqllab/execute/", {
    client_id: clientId(), database_id: viaHyperdrive, runAsync: false,
    sql: "SELECT current_database() AS db, current_user AS who, sum(g)::int AS total FROM generate_series(1, 100) AS g",
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { db: string; who: string; total: number }[] };
  expect(body.data).toEqual([{ db: "test", who: "postgres", total: 5050 }]);
});

test("an asynchronous run (in its QueryJob Durable Object) goes through the binding too", async () => {
  const id = clientId();
  const res = await w.admin.post("/api/v1/sqllab/execute/", { client_id: id, database_id: viaHyperdrive, runAsync: true, sql: "SELECT 40 + 2 AS answer" });
  expect(res.status).toBe(202);
  const event = await waitForEvent(w.admin, id);
  expect(event.status).toBe("done");
  const results = (await (await w.admin.get(event.result_url!)).json()) as { data: { answer: number }[] };
  expect(results.data).toEqual([{ answer: 42 }]);
});

test("the engine's errors come back as usual, and writes stay refused (read-only database)", async () => {
  const missing = await w.admin.post("/api/v1/sqllab/execute/", { client_id: clientId(), database_id: viaHyperdrive, runAsync: false, sql: "SELECT * FROM no_such_table_hd" });
  expect(missing.status).toBeGreaterThanOrEqual(400);
  expect(JSON.stringify(await missing.json())).toMatch(/no_such_table_hd/);
  const write = await w.admin.post("/api/v1/sqllab/execute/", { client_id: clientId(), database_id: viaHyperdrive, runAsync: false, sql: "CREATE TABLE hd_should_not_exist (x int)" });
  expect(write.status).toBe(400);
  expect(JSON.stringify(await write.json())).toMatch(/DML_NOT_ALLOWED_ERROR/);
});

test("a database naming a binding this deployment lacks is a clear 400, not a connection to its stored URI", async () => {
  const other = w.addDatabase("missing binding", "postgresql://postgres@127.0.0.1:5432/test", {}, { hyperdrive: "NOT_CONFIGURED" });
  const res = await w.admin.post("/api/v1/sqllab/execute/", { client_id: clientId(), database_id: other, runAsync: false, sql: "SELECT 1 AS one" });
  expect(res.status).toBe(400);
  expect(JSON.stringify(await res.json())).toMatch(/HYPERDRIVE_NOT_CONFIGURED is not configured/);
});

test("chart data over a dataset of that database: columns read and the GROUP BY run through the binding", async () => {
  const created = await w.admin.post("/api/v1/dataset/", {
    database: viaHyperdrive, schema: "public", table_name: `hd_virtual_${clientId()}`,
    sql: "SELECT g % 3 AS bucket, g AS val FROM generate_series(1, 9) AS g",
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const res = await w.admin.post("/api/v1/chart/data", {
    datasource: { id, type: "table" },
    queries: [{ columns: ["bucket"], metrics: [{ expressionType: "SIMPLE", column: { column_name: "val" }, aggregate: "SUM", label: "total" }], orderby: [["bucket", true]] }],
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { result: { data: { bucket: number; total: number }[] }[] };
  // 3+6+9, 1+4+7, 2+5+8
  expect(body.result[0].data.map((r) => [Number(r.bucket), Number(r.total)])).toEqual([[0, 18], [1, 12], [2, 15]]);
});
