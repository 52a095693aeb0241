import { afterAll, beforeAll, expect, test } from "vitest";
import { CLICKHOUSE_OUTSIDE } from "../../core/sql-gate/corpus/clickhouse";
import { corpusRunPlan } from "../../core/sql-gate/corpus";
import { newClientId } from "../support/sqllab";
import { startSqlLabWorker, type SqlLabWorker } from "../support/sqllab-worker";

// ClickHouse (127.0.0.1:8123, started by .ci/run) through the product: test_connection's errors, typed results,
// the row limit and the timeout at the server, Stop killing the statement there, errors with their code names,
// the schema browser, and the SQL gate's ClickHouse battery (mutating, outside and reads) on the real server.

const CH = "http://127.0.0.1:8123/";
let w: SqlLabWorker;
let ro: number;
let rw: number;

async function direct(sql: string): Promise<string> {
  const res = await fetch(CH, { method: "POST", body: sql });
  const text = await res.text();
  if (!res.ok) throw new Error(text);
  return text;
}

const running = async (marker: string) => Number(await direct(`SELECT count() FROM system.processes WHERE query LIKE '%${marker}%' AND query NOT LIKE '%system.processes%'`));

beforeAll(async () => {
  await direct("CREATE DATABASE IF NOT EXISTS test");
  await direct("DROP TABLE IF EXISTS test.ch_types");
  await direct("CREATE TABLE test.ch_types (id UInt64, big UInt64, neg Int64, price Decimal(10, 2), wide Decimal(38, 4), day Date, at DateTime('Asia/Tokyo'), name Nullable(String), tag FixedString(1)) ENGINE = MergeTree ORDER BY id");
  await direct("INSERT INTO test.ch_types VALUES (1, 18446744073709551615, -9007199254740993, 12.50, 1234567890123456789012.3456, '2024-02-29', '2024-03-01 09:00:00', NULL, 'a'), (2, 42, -5, 0.10, 1.5, '2024-01-01', '2024-01-01 00:00:00', 'x', 'b')");
  await direct("DROP TABLE IF EXISTS test.ch_view");
  await direct("CREATE VIEW test.ch_view AS SELECT id FROM test.ch_types");
  w = await startSqlLabWorker({ SQLLAB_TIMEOUT_SECONDS: "4" });
  ro = w.addDatabase("ch_readonly", "clickhousedb://default@127.0.0.1:8123/test", { allow_run_async: false });
  rw = w.addDatabase("ch_writable", "clickhousedb://default@127.0.0.1:8123/test", { allow_dml: true, allow_run_async: false });
}, 240_000);

afterAll(async () => {
  if (process.env.SHOW_WORKER_LOGS) console.log(w?.logs());
  await w?.stop();
  await direct("DROP TABLE IF EXISTS test.ch_view").catch(() => {});
  await direct("DROP TABLE IF EXISTS test.ch_types").catch(() => {});
  await direct("DROP TABLE IF EXISTS test.gate_target").catch(() => {});
});

const run = (database_id: number, sql: string, extra: Record<string, unknown> = {}) =>
  w.admin.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id, sql, ...extra });

interface RunBody {
  data: Record<string, unknown>[];
  columns: { name: string; type: string; is_dttm: boolean; type_generic: number }[];
  query: { rows: number; limitingFactor: string };
}

test("test_connection answers OK, and names a bad password, an unknown database and a closed port", async () => {
  const probe = (uri: string) => w.admin.post("/api/v1/database/test_connection/", { database_name: "ch probe", sqlalchemy_uri: uri });
  expect((await probe("clickhousedb://default@127.0.0.1:8123/test")).status).toBe(200);
  const cases: [string, string][] = [
    ["clickhousedb://default:wrong@127.0.0.1:8123/test", "CONNECTION_ACCESS_DENIED_ERROR"],
    ["clickhousedb://default@127.0.0.1:8123/no_such_db", "CONNECTION_UNKNOWN_DATABASE_ERROR"],
    ["clickhousedb://default@127.0.0.1:1/test", "CONNECTION_PORT_CLOSED_ERROR"],
  ];
  for (const [uri, type] of cases) {
    const res = await probe(uri);
    const body = (await res.json()) as { errors?: { error_type: string }[] };
    expect([uri, res.status, body.errors?.[0]?.error_type]).toEqual([uri, 422, type]);
  }
});

test("results are typed: 64-bit integers as numbers when exact, as text beyond; decimals kept; dates in their zone", async () => {
  const res = await run(ro, "SELECT * FROM ch_types ORDER BY id");
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as RunBody;
  expect(body.data[0]).toEqual({
    id: 1, big: "18446744073709551615", neg: "-9007199254740993", price: 12.5, wide: "1234567890123456789012.3456",
    day: "2024-02-29", at: "2024-03-01 09:00:00", name: null, tag: "a",
  });
  expect(body.data[1]).toMatchObject({ id: 2, big: 42, neg: -5, price: 0.1, wide: 1.5 });
  const types = Object.fromEntries(body.columns.map((c) => [c.name, [c.type, c.type_generic, c.is_dttm]]));
  expect(types).toMatchObject({ big: ["UInt64", 0, false], at: ["DateTime('Asia/Tokyo')", 2, true], day: ["Date", 2, true], name: ["Nullable(String)", 1, false] });
});

test("a SQL Lab run exports as CSV", async () => {
  const client_id = newClientId();
  const res = await w.admin.post("/api/v1/sqllab/execute/", { client_id, database_id: ro, sql: "SELECT id, name FROM ch_types ORDER BY id" });
  expect(res.status, await res.clone().text()).toBe(200);
  let csv = "";
  for (let i = 0; i < 50 && !csv.includes("\r\n2,x"); i++) {
    // the result is stored after the answer
    csv = (await (await w.admin.get(`/api/v1/sqllab/export/${client_id}/`)).text()).replace(/^\uFEFF/, "");
    if (!csv.includes("\r\n2,x")) await new Promise((r) => setTimeout(r, 100));
  }
  expect(csv.split("\r\n").slice(0, 3)).toEqual(["id,name", "1,", "2,x"]);
});

test("the row limit is applied at the server", async () => {
  const res = await run(ro, "SELECT number FROM system.numbers", { queryLimit: 5 });
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as RunBody;
  expect(body.data.map((r) => r.number)).toEqual([0, 1, 2, 3, 4]);
  expect(body.query.limitingFactor).toBe("DROPDOWN");
});

test("errors carry ClickHouse's code name and Superset's error type", async () => {
  const cases: [string, string, RegExp][] = [
    ["SELECT FROM WHERE", "SYNTAX_ERROR", /SYNTAX_ERROR \(62\)/],
    ["SELECT no_such_column FROM ch_types", "COLUMN_DOES_NOT_EXIST_ERROR", /UNKNOWN_IDENTIFIER \(47\)/],
    ["SELECT * FROM no_such_table", "TABLE_DOES_NOT_EXIST_ERROR", /UNKNOWN_TABLE \(60\)/],
  ];
  for (const [sql, type, message] of cases) {
    const res = await run(ro, sql);
    const body = (await res.json()) as { errors: { error_type: string; message: string }[] };
    expect([sql, body.errors[0].error_type]).toEqual([sql, type]);
    expect(body.errors[0].message).toMatch(message);
    expect(body.errors[0].message).not.toMatch(/at DB::|\.cpp/);
  }
});

test("a statement past the timeout fails with the timeout error and is no longer running on the server", async () => {
  const res = await run(ro, "SELECT count() FROM system.numbers WHERE number % 7 = 123456789");
  expect(res.status).toBe(408);
  await waitUntil(async () => (await running("123456789")) === 0, 3_000);
});

test("Stop kills a synchronous run on the server", async () => {
  const client_id = newClientId();
  const pending = w.admin.post("/api/v1/sqllab/execute/", { client_id, database_id: ro, sql: "SELECT count() FROM system.numbers WHERE number % 7 = 987654321" });
  await waitUntil(async () => (await running("987654321")) > 0, 10_000);
  expect(await (await w.admin.post("/api/v1/query/stop", { client_id })).json()).toEqual({ result: "OK" });
  const res = await pending;
  expect(((await res.json()) as { message: string }).message).toMatch(/stopped/);
  await waitUntil(async () => (await running("987654321")) === 0, 2_000);
});

test("the schema browser lists databases, tables and views, and columns with generic types", async () => {
  const schemas = (await (await w.admin.get(`/api/v1/database/${ro}/schemas/?q=(force:!f)`)).json()) as { result: string[] };
  expect(schemas.result).toContain("test");
  expect(schemas.result).not.toContain("system");
  const tables = (await (await w.admin.get(`/api/v1/database/${ro}/tables/?q=(schema_name:test,force:!f)`)).json()) as { result: { value: string; type: string }[] };
  expect(tables.result).toContainEqual(expect.objectContaining({ value: "ch_types", type: "table" }));
  expect(tables.result).toContainEqual(expect.objectContaining({ value: "ch_view", type: "view" }));
  const meta = (await (await w.admin.get(`/api/v1/database/${ro}/table_metadata/?name=ch_types&schema=test`)).json()) as {
    columns: { name: string; type: string; type_generic: number }[];
    selectStar: string;
  };
  expect(meta.columns.map((c) => [c.name, c.type_generic])).toEqual([
    ["id", 0], ["big", 0], ["neg", 0], ["price", 0], ["wide", 0], ["day", 2], ["at", 2], ["name", 1], ["tag", 1],
  ]);
  expect(meta.selectStar).toContain("FROM `test`.`ch_types`");
});

test("the gate battery on the real server: writes refused read-only, outside reach refused always, reads run", async () => {
  const plan = corpusRunPlan("clickhouse");
  for (const sql of plan.setup) {
    const res = await run(rw, sql);
    expect(res.status, `${sql}: ${await res.clone().text()}`).toBe(200);
  }
  const checksum = async () => JSON.stringify(((await (await run(ro, plan.checksum)).json()) as RunBody).data);
  const before = await checksum();
  const passed: string[] = [];
  for (const entry of plan.mutating) {
    const body = (await (await run(ro, entry.sql)).json()) as { errors?: { error_type: string }[] };
    if (body.errors?.[0]?.error_type !== "DML_NOT_ALLOWED_ERROR") passed.push(`${entry.note}: ${entry.sql}`);
  }
  for (const entry of CLICKHOUSE_OUTSIDE) {
    for (const db of [ro, rw]) {
      const res = await run(db, entry.sql);
      if (res.status !== 400 && res.status !== 422) passed.push(`${db === rw ? "dml" : "ro"} ${entry.note}: ${entry.sql}`);
    }
  }
  expect(passed).toEqual([]);
  expect(await checksum()).toBe(before);
  const failed: string[] = [];
  for (const entry of plan.reads) {
    const res = await run(ro, entry.sql);
    if (res.status !== 200) failed.push(`${entry.note}: ${entry.sql} -> ${await res.text()}`);
  }
  expect(failed).toEqual([]);
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}
