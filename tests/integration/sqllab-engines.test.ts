import { afterAll, beforeAll, expect, test } from "vitest";
import postgres from "postgres";
import { encodeRison } from "../../core/http/rison-guard";
import { corpusRunPlan } from "../../core/sql-gate/corpus";
import { newClientId } from "../support/sqllab";
import { startSqlLabWorker, waitForEvent, type SqlLabWorker } from "../support/sqllab-worker";

// SQL Lab on the real PostgreSQL (127.0.0.1:5432) and MariaDB (127.0.0.1:3306), with a Worker of its own:
// asynchronous runs through the QueryJob with the event on the async_event stream, stopping a long
// statement, the timeout, CTAS, scrubbed connection errors, and the SQL gate's mutating corpus refused.

let w: SqlLabWorker;
let pgRo: number; // allow_dml off, async and CTAS on
let pgRw: number; // allow_dml on, for setup
let maria: number;
let pgDown: number;
const SCHEMA = "sqllab_it";
const LONG_PG = "SELECT count(*) AS n FROM generate_series(1, 4000000000) AS g";

beforeAll(async () => {
  w = await startSqlLabWorker({ SQLLAB_TIMEOUT_SECONDS: "4" });
  pgRo = w.addDatabase("pg_readonly", "postgresql://postgres:test@127.0.0.1:5432/test", { allow_run_async: true, allow_ctas: true, allow_cvas: true });
  pgRw = w.addDatabase("pg_writable", "postgresql://postgres:test@127.0.0.1:5432/test", { allow_dml: true, allow_run_async: false });
  maria = w.addDatabase("mariadb", "mysql://root@127.0.0.1:3306/test", { allow_run_async: true });
  pgDown = w.addDatabase("pg_down", "postgresql://secretuser:hunter2pw@127.0.0.1:5999/test", { allow_run_async: false });
  const setup = await w.admin.post("/api/v1/sqllab/execute/", {
    client_id: newClientId(), database_id: pgRw,
    // each statement runs with search_path set to the test's own schema, so gate_target is created there
    sql: `DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}; ${corpusRunPlan("postgresql").setup.join("; ")}`,
    schema: SCHEMA,
  });
  expect(setup.status, await setup.clone().text()).toBe(200);
}, 240_000);

afterAll(async () => {
  if (process.env.SHOW_WORKER_LOGS) console.log(w?.logs());
  await w?.admin.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: pgRw, sql: `DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE` });
  await w?.stop();
});

const run = (database_id: number, sql: string, extra: Record<string, unknown> = {}) =>
  w.admin.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id, sql, ...extra });

test("PostgreSQL: a synchronous run answers typed columns and rows", async () => {
  const res = await run(pgRo, "SELECT 1::int AS i, 'x'::text AS s, now() AS t, 2.5::numeric AS d");
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: Record<string, unknown>[]; columns: { name: string; is_dttm: boolean; type_generic: number }[] };
  expect(body.data[0]).toMatchObject({ i: 1, s: "x" });
  expect(body.columns.find((c) => c.name === "t")).toMatchObject({ is_dttm: true, type_generic: 2 });
});

test("PostgreSQL: an asynchronous run answers 202 pending, then done arrives on the event stream with its results", async () => {
  const client_id = newClientId();
  const res = await w.admin.post("/api/v1/sqllab/execute/", { client_id, database_id: pgRo, runAsync: true, sql: "SELECT g AS n FROM generate_series(1, 2500) AS g", queryLimit: 2000 });
  expect(res.status).toBe(202);
  const body = (await res.json()) as { query: { id: string; state: string; dbId: number } };
  expect(body.query).toMatchObject({ id: client_id, state: "pending", dbId: pgRo });
  const event = await waitForEvent(w.admin, client_id);
  expect(event).toMatchObject({ job_id: client_id, status: "done", result_url: expect.stringContaining("/api/v1/sqllab/results/") });
  const results = await w.admin.get(`${event.result_url}`);
  expect(results.status).toBe(200);
  const payload = (await results.json()) as { status: string; data: { n: number }[]; query: { state: string; rows: number; limitingFactor: string } };
  expect(payload.status).toBe("success");
  expect(payload.data).toHaveLength(2000);
  expect(payload.query).toMatchObject({ state: "success", rows: 2000, limitingFactor: "DROPDOWN" });
  const key = /key:'([^']+)'/.exec(event.result_url!)![1];
  const cut = (await (await w.admin.get(`/api/v1/sqllab/results/?q=${encodeRison({ key, rows: 10 })}`)).json()) as { data: unknown[]; displayLimitReached: boolean };
  expect(cut.data).toHaveLength(10);
  expect(cut.displayLimitReached).toBe(true);
  const csv = await (await w.admin.get(`/api/v1/sqllab/export/${client_id}/`)).text();
  expect(csv.replace(/^\uFEFF/, "").split("\r\n").slice(0, 3)).toEqual(["n", "1", "2"]);
});

test("PostgreSQL: an asynchronous failure arrives as an error event and marks the run failed", async () => {
  const client_id = newClientId();
  expect((await w.admin.post("/api/v1/sqllab/execute/", { client_id, database_id: pgRo, runAsync: true, sql: "SELECT * FROM missing_relation_x" })).status).toBe(202);
  const event = await waitForEvent(w.admin, client_id);
  expect(event.status).toBe("error");
  expect(event.errors[0].message).toMatch(/missing_relation_x/);
  const since = (await (await w.admin.get(`/api/v1/query/updated_since?q=${encodeRison({ last_updated_ms: Date.now() - 60_000 })}`)).json()) as { result: { id: string; state: string }[] };
  expect(since.result.find((q) => q.id === client_id)?.state).toBe("failed");
});

test("PostgreSQL: stopping a long asynchronous run cancels it on the server, and stopped is final", async () => {
  const client_id = newClientId();
  expect((await w.admin.post("/api/v1/sqllab/execute/", { client_id, database_id: pgRo, runAsync: true, sql: LONG_PG })).status).toBe(202);
  await waitUntil(async () => (await activeBackends("4000000000")) > 0, 10_000);
  const stop = await w.admin.post("/api/v1/query/stop", { client_id });
  expect(await stop.json()).toEqual({ result: "OK" });
  await waitUntil(async () => (await activeBackends("4000000000")) === 0, 10_000);
  const state = async () => ((await (await w.admin.get(`/api/v1/query/updated_since?q=${encodeRison({ last_updated_ms: 0 })}`)).json()) as { result: { id: string; state: string }[] }).result.find((q) => q.id === client_id)?.state;
  expect(await state()).toBe("stopped");
  await new Promise((r) => setTimeout(r, 500));
  expect(await state()).toBe("stopped");
  expect(await (await w.admin.post("/api/v1/query/stop", { client_id })).json()).toEqual({ result: "OK" });
});

test("PostgreSQL: stopping a synchronous run cancels it on the server and ends its request with the stopped error", async () => {
  const client_id = newClientId();
  const pending = w.admin.post("/api/v1/sqllab/execute/", { client_id, database_id: pgRo, sql: LONG_PG.replace("4000000000", "4000000001") });
  await waitUntil(async () => (await activeBackends("4000000001")) > 0, 10_000);
  expect(await (await w.admin.post("/api/v1/query/stop", { client_id })).json()).toEqual({ result: "OK" });
  const res = await pending;
  expect(res.status).toBe(400);
  expect(((await res.json()) as { message: string }).message).toMatch(/stopped/);
  // well before the 4 s statement_timeout: the engine really cancelled it
  await waitUntil(async () => (await activeBackends("4000000001")) === 0, 2_000);
});

test("PostgreSQL: a synchronous run past SQLLAB_TIMEOUT_SECONDS times out", async () => {
  const client_id = newClientId();
  const res = await w.admin.post("/api/v1/sqllab/execute/", { client_id, database_id: pgRo, sql: LONG_PG.replace("4000000000", "4000000002") });
  expect(res.status).toBe(408);
  expect(((await res.json()) as { errors: { error_type: string }[] }).errors[0].error_type).toBe("SQLLAB_TIMEOUT_ERROR");
  const since = (await (await w.admin.get(`/api/v1/query/updated_since?q=${encodeRison({ last_updated_ms: 0 })}`)).json()) as { result: { id: string; state: string }[] };
  expect(since.result.find((q) => q.id === client_id)?.state).toBe("timed_out");
});

test("PostgreSQL: read-only synchronous runs share a warm connection; one that timed out is closed, and runs that may write connect on their own", async () => {
  const pid = async (database_id: number, sql = "SELECT pg_backend_pid() AS pid") => {
    const res = await run(database_id, sql);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { data: { pid: number }[] }).data[0].pid;
  };
  const first = await pid(pgRo);
  expect(await pid(pgRo)).toBe(first);
  // still warm after the driver's own idle time for a request's connection (5 s)
  await new Promise((r) => setTimeout(r, 6000));
  expect(await pid(pgRo)).toBe(first);
  // the warm connection serves the next run, which times out: that connection is not kept
  const timedOut = await run(pgRo, LONG_PG.replace("4000000000", "4000000003"));
  expect(timedOut.status).toBe(408);
  const next = await pid(pgRo);
  expect(next).not.toBe(first);
  const pg = postgres({ host: "127.0.0.1", port: 5432, user: "postgres", password: "test", database: "test", max: 1, onnotice: () => {} });
  try {
    let alive = 1;
    for (let i = 0; i < 50 && alive; i++) {
      [{ alive }] = await pg<{ alive: number }[]>`SELECT count(*)::int AS alive FROM pg_stat_activity WHERE pid = ${first}`;
      if (alive) await new Promise((r) => setTimeout(r, 100));
    }
    expect(alive).toBe(0);
  } finally {
    await pg.end({ timeout: 1 });
  }
  // runs at the same time each get a connection, one of them the warm one
  const slow = "SELECT pg_backend_pid() AS pid, count(*) AS n FROM generate_series(1, 3000000) AS g";
  const together = await Promise.all(Array.from({ length: 4 }, () => pid(pgRo, slow)));
  expect(new Set(together).size).toBeGreaterThan(1);
  expect(together).toContain(next);
  // allow_dml: every run has a connection of its own
  expect(await pid(pgRw)).not.toBe(await pid(pgRw));
}, 60_000);

test("PostgreSQL: a pooled result above the 32 MiB RPC message cap comes back whole", async () => {
  const res = await run(pgRo, "SELECT g, repeat('x', 1000) AS pad FROM generate_series(1, 36000) AS g", { queryLimit: 100000 });
  expect(res.status, (await res.clone().text()).slice(0, 300)).toBe(200);
  const body = (await res.json()) as { data: { g: number; pad: string }[]; query: { resultsKey: string } };
  expect(body.data).toHaveLength(36000);
  expect(body.data[35999]).toEqual({ g: 36000, pad: "x".repeat(1000) });
  expect(body.data.every((r, i) => r.g === i + 1)).toBe(true);
  // the results backend takes it in parts too (after the answer), and hands it back whole or cut
  const read = async (rows?: number) => {
    for (let i = 0; i < 100; i++) {
      const stored = await w.admin.get(`/api/v1/sqllab/results/?q=${encodeRison(rows ? { key: body.query.resultsKey, rows } : { key: body.query.resultsKey })}`);
      if (stored.status === 200) return (await stored.json()) as { data: { g: number }[] };
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error("the stored result never became readable");
  };
  const whole = await read();
  expect(whole.data).toHaveLength(36000);
  expect(whole.data[35999].g).toBe(36000);
  expect((await read(20000)).data).toHaveLength(20000);
}, 90_000);

test("PostgreSQL: CTAS creates the table from a SELECT where the database allows it", async () => {
  const table = `ctas_${Date.now()}`;
  const res = await run(pgRo, "SELECT g AS n FROM generate_series(1, 3) AS g", { select_as_cta: true, ctas_method: "TABLE", tmp_table_name: table, schema: SCHEMA });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { query: { ctas: boolean; tempTable: string; tempSchema: string; state: string } };
  expect(body.query).toMatchObject({ ctas: true, tempTable: table, tempSchema: SCHEMA, state: "success" });
  const read = (await (await run(pgRo, `SELECT count(*)::int AS c FROM ${SCHEMA}.${table}`)).json()) as { data: { c: number }[] };
  expect(read.data[0].c).toBe(3);
  const two = await run(pgRo, "SELECT 1; SELECT 2", { select_as_cta: true, tmp_table_name: `${table}_b`, schema: SCHEMA });
  expect(((await two.json()) as { errors: { error_type: string }[] }).errors[0].error_type).toBe("INVALID_CTAS_QUERY_ERROR");
  const write = await run(pgRo, `DELETE FROM ${SCHEMA}.${table}`, { select_as_cta: true, ctas_method: "VIEW", tmp_table_name: `${table}_v`, schema: SCHEMA });
  expect(((await write.json()) as { errors: { error_type: string }[] }).errors[0].error_type).toBe("DML_NOT_ALLOWED_ERROR");
});

test("PostgreSQL: the estimate answers start-up and total cost", async () => {
  const res = await w.admin.post("/api/v1/sqllab/estimate/", { database_id: pgRo, sql: "SELECT * FROM gate_target", schema: SCHEMA });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ result: [{ "Start-up cost": expect.any(Number), "Total cost": expect.any(Number) }] });
});

test("a connection failure names neither the host nor the user nor the password", async () => {
  const res = await run(pgDown, "SELECT 1");
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const text = await res.text();
  expect(text).not.toMatch(/127\.0\.0\.1|secretuser|hunter2pw/);
});

test("PostgreSQL with allow_dml off: every statement of the gate's mutating corpus is refused and the table is unchanged", async () => {
  const plan = corpusRunPlan("postgresql");
  const checksum = async () => ((await (await run(pgRo, plan.checksum, { schema: SCHEMA })).json()) as { data: { checksum: string }[] }).data[0].checksum;
  const before = await checksum();
  expect(before).toMatch(/^3:/);
  const passed: string[] = [];
  for (const entry of plan.mutating) {
    const res = await run(pgRo, entry.sql, { schema: SCHEMA });
    const body = (await res.json()) as { errors?: { error_type: string }[] };
    if (res.status !== 400 || body.errors?.[0]?.error_type !== "DML_NOT_ALLOWED_ERROR") passed.push(`${entry.note}: ${res.status}`);
  }
  expect(passed).toEqual([]);
  expect(await checksum()).toBe(before);
}, 300_000);

test("MariaDB: synchronous and asynchronous runs", async () => {
  const sync = await run(maria, "SELECT 1 AS one, 'a' AS letter");
  expect(sync.status).toBe(200);
  expect(((await sync.json()) as { data: unknown[] }).data).toEqual([{ one: 1, letter: "a" }]);
  const client_id = newClientId();
  expect((await w.admin.post("/api/v1/sqllab/execute/", { client_id, database_id: maria, runAsync: true, sql: "SELECT 2 AS two" })).status).toBe(202);
  const event = await waitForEvent(w.admin, client_id);
  expect(event.status).toBe("done");
  const payload = (await (await w.admin.get(event.result_url!)).json()) as { data: unknown[] };
  expect(payload.data).toEqual([{ two: 2 }]);
});

test("MariaDB: stopping a long asynchronous run kills the statement on the server", async () => {
  const client_id = newClientId();
  const sql = "SELECT count(*) AS n FROM information_schema.columns a, information_schema.columns b, information_schema.columns c WHERE a.column_name <> 'mkr_stop_1'";
  expect((await w.admin.post("/api/v1/sqllab/execute/", { client_id, database_id: maria, runAsync: true, sql })).status).toBe(202);
  const running = async () => {
    const res = await run(maria, "SELECT count(*) AS c FROM information_schema.processlist WHERE info LIKE '%mkr_stop_1%' AND info NOT LIKE '%processlist%'");
    const body = (await res.json()) as { data?: { c: number }[] };
    if (!body.data) throw new Error(`probe failed: ${JSON.stringify(body)}`);
    return Number(body.data[0].c);
  };
  await waitUntil(async () => (await running()) > 0, 10_000);
  expect(await (await w.admin.post("/api/v1/query/stop", { client_id })).json()).toEqual({ result: "OK" });
  await waitUntil(async () => (await running()) === 0, 10_000);
  const since = (await (await w.admin.get(`/api/v1/query/updated_since?q=${encodeRison({ last_updated_ms: 0 })}`)).json()) as { result: { id: string; state: string }[] };
  expect(since.result.find((q) => q.id === client_id)?.state).toBe("stopped");
});

/** PostgreSQL backends (other than the probe's) running a statement that contains `marker`. */
async function activeBackends(marker: string): Promise<number> {
  const res = await run(pgRw, `SELECT count(*)::int AS c FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%${marker}%' AND query NOT LIKE '%pg_stat_activity%'`);
  const body = (await res.json()) as { data?: { c: number }[] };
  if (!body.data) throw new Error(`probe failed: ${JSON.stringify(body)}`);
  return body.data[0].c;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("condition not reached in time");
}
