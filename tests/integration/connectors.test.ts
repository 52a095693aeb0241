// Each connector against the real engine: the PostgreSQL (127.0.0.1:5432) and MariaDB (127.0.0.1:3306) of
// this machine, and D1 (workerd's SQLite, through Miniflare). The connector code runs in Node here (the same
// modules the Worker bundles); databases-api.test.ts drives them through the Worker in workerd.
// The three engines are part of this machine kind: one that cannot be reached fails its tests, never skips them.
import { afterAll, beforeAll, expect, test } from "vitest";
import { Miniflare } from "miniflare";
import { dialectFor, TIME_GRAINS } from "../../core/connectors/dialects";
import { GenericType, type Connector } from "../../core/connectors/types";
import { d1Connector } from "../../services/connectors/d1";
import { postgresqlConnector } from "../../services/connectors/postgresql";
import { mysqlConnector } from "../../services/connectors/mysql";

const TIMESTAMPS = [
  "1969-12-28 23:59:59", "1970-01-01 00:00:00", "2023-12-31 23:59:59", "2024-01-01 00:00:00", "2024-02-29 12:34:56",
  "2024-03-02 06:00:00", "2024-03-03 05:59:59", "2024-03-09 23:59:59", "2024-03-10 00:00:01", "2024-06-30 17:29:31",
  "2024-07-01 00:04:59", "2024-09-30 18:00:00", "2024-10-05 11:11:11", "2024-12-29 08:45:30", "2025-01-04 23:30:29",
];

const pgTarget = { host: "127.0.0.1", port: 5432, username: "postgres", password: null, database: "test", query: {}, viaHyperdrive: false };
const myTarget = { host: "127.0.0.1", port: 3306, username: "root", password: null, database: "test", query: {}, viaHyperdrive: false };

const engines: Record<string, { connector: Connector | null; reason?: string }> = {};
let mf: Miniflare | null = null;

async function reachable(name: string, connector: Connector, setup: string[]) {
  try {
    await connector.testConnection();
    for (const statement of setup) await connector.execute(statement, { readOnly: false });
    engines[name] = { connector };
  } catch (e) {
    engines[name] = { connector: null, reason: (e as Error).message };
    await connector.close();
  }
}

const setupFor = (ts: string, big: string, bool: string, dt: string) => [
  `DROP TABLE IF EXISTS conn_events`,
  `CREATE TABLE conn_events (id INTEGER PRIMARY KEY, ts ${ts})`,
  `INSERT INTO conn_events (id, ts) VALUES ${TIMESTAMPS.map((t, i) => `(${i + 1}, '${t}')`).join(", ")}`,
  `DROP TABLE IF EXISTS conn_types`,
  `CREATE TABLE conn_types (i INTEGER, b ${big}, n DECIMAL(10,2), f DOUBLE PRECISION, flag ${bool}, s VARCHAR(20), d DATE, t ${dt})`,
  `INSERT INTO conn_types VALUES (1, 9007199254740993, 12.50, 0.25, ${bool === "INTEGER" ? 1 : "TRUE"}, 'x', '2024-01-02', '2024-01-02 03:04:05')`,
];

beforeAll(async () => {
  mf = new Miniflare({ modules: true, script: "export default { fetch: () => new Response('') }", d1Databases: ["EXAMPLES"], cf: false });
  const d1 = await mf.getD1Database("EXAMPLES");
  await reachable("d1", d1Connector(d1 as unknown as D1Database, "EXAMPLES"), [
    ...setupFor("TEXT", "BIGINT", "INTEGER", "DATETIME").map((s) => s.replace("DOUBLE PRECISION", "REAL")),
    `CREATE TABLE IF NOT EXISTS conn_rows (n INTEGER)`,
    `DELETE FROM conn_rows`,
    `INSERT INTO conn_rows WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 50) SELECT x FROM c`,
  ]);
  await reachable("postgresql", postgresqlConnector(pgTarget), [
    ...setupFor("TIMESTAMP", "BIGINT", "BOOLEAN", "TIMESTAMP"),
    `DROP TABLE IF EXISTS conn_rows`,
    `CREATE TABLE conn_rows AS SELECT generate_series(1, 50) AS n`,
  ]);
  await reachable("mysql", mysqlConnector(myTarget), [
    ...setupFor("DATETIME", "BIGINT", "TINYINT(1)", "DATETIME").map((s) => s.replace("DOUBLE PRECISION", "DOUBLE")),
    `DROP TABLE IF EXISTS conn_rows`,
    `CREATE TABLE conn_rows (n INT)`,
    `INSERT INTO conn_rows SELECT seq FROM seq_1_to_50`,
  ]);
}, 60_000);

afterAll(async () => {
  for (const { connector } of Object.values(engines)) await connector?.close();
  await mf?.dispose();
});

function use(name: string, _ctx?: unknown): Connector {
  const e = engines[name];
  if (!e?.connector) throw new Error(`${name} is not reachable on this machine: ${e?.reason ?? "not set up"}`);
  return e.connector;
}

for (const engine of ["d1", "postgresql", "mysql"]) {
  test(`${engine}: rows come back as arrays with native and generic types`, async (ctx) => {
    const conn = use(engine, ctx);
    const r = await conn.execute("SELECT i, b, n, f, flag, s, d, t FROM conn_types", { readOnly: true, limit: 10 });
    expect(r.columns.map((c) => c.name)).toEqual(["i", "b", "n", "f", "flag", "s", "d", "t"]);
    const [row] = r.rows;
    expect(row[0]).toBe(1);
    expect(row[2]).toBe(12.5);
    expect(row[3]).toBe(0.25);
    expect(row[5]).toBe("x");
    expect(row[6]).toBe("2024-01-02");
    expect(row[7]).toBe("2024-01-02 03:04:05");
    const generic = r.columns.map((c) => c.type_generic);
    expect(generic[0]).toBe(GenericType.NUMERIC);
    expect(generic[5]).toBe(GenericType.STRING);
    expect(generic[7]).toBe(GenericType.TEMPORAL);
    if (engine !== "d1") {
      // beyond 2^53 a bigint stays a string so no digit is lost; booleans are booleans (MySQL: TINYINT(1) → 1)
      expect(row[1]).toBe("9007199254740993");
      expect(generic[4]).toBe(GenericType.BOOLEAN);
    }
  });

  test(`${engine}: the limit is applied at the database and truncation is detected`, async (ctx) => {
    const conn = use(engine, ctx);
    const cut = await conn.execute("SELECT n FROM conn_rows ORDER BY n", { readOnly: true, limit: 10 });
    expect(cut.rows.length).toBe(10);
    expect(cut.truncated).toBe(true);
    const own = await conn.execute("SELECT n FROM conn_rows ORDER BY n LIMIT 5;", { readOnly: true, limit: 10 });
    expect(own.rows.map((r) => r[0])).toEqual([1, 2, 3, 4, 5]);
    expect(own.truncated).toBe(false);
    const exact = await conn.execute("SELECT n FROM conn_rows", { readOnly: true, limit: 50 });
    expect([exact.rows.length, exact.truncated]).toEqual([50, false]);
  });

  test(`${engine}: metadata lists tables and describes columns and keys`, async (ctx) => {
    const conn = use(engine, ctx);
    const schema = engine === "d1" ? "main" : engine === "postgresql" ? "public" : "test";
    expect(await conn.schemas()).toContain(schema);
    const tables = await conn.tables(schema);
    expect(tables).toContainEqual({ name: "conn_events", type: "table" });
    const meta = await conn.tableMetadata("conn_events", schema);
    expect(meta.columns.map((c) => [c.name, c.type_generic])).toEqual([["id", GenericType.NUMERIC], ["ts", engine === "d1" ? GenericType.STRING : GenericType.TEMPORAL]]);
    expect(meta.primaryKey.constrained_columns).toEqual(["id"]);
    await expect(conn.tableMetadata("no_such_table", schema)).rejects.toMatchObject({ status: 404 });
  });

  test(`${engine}: a SQL error is a 400 with the engine's message`, async (ctx) => {
    const conn = use(engine, ctx);
    await expect(conn.execute("SELECT * FROM no_such_table", { readOnly: true })).rejects.toMatchObject({ status: 400, errorType: "GENERIC_DB_ENGINE_ERROR" });
  });
}

for (const engine of ["postgresql", "mysql"]) {
  test(`${engine}: read-only transactions refuse writes`, async (ctx) => {
    const conn = use(engine, ctx);
    await expect(conn.execute("INSERT INTO conn_rows (n) VALUES (51)", { readOnly: true })).rejects.toMatchObject({ status: 400 });
    const r = await conn.execute("SELECT count(*) FROM conn_rows", { readOnly: true });
    expect(Number(r.rows[0][0])).toBe(50);
  });
}

test("time grains give the same buckets on D1, PostgreSQL and MariaDB", async () => {
  const available = ["d1", "postgresql", "mysql"];
  for (const engine of available) use(engine);
  const buckets: Record<string, Record<string, unknown[]>> = {};
  for (const engine of available) {
    const dialect = dialectFor(engine);
    buckets[engine] = {};
    for (const grain of TIME_GRAINS) {
      const r = await engines[engine].connector!.execute(`SELECT ${dialect.timeGrainExpression("ts", grain)} AS bucket FROM conn_events ORDER BY id`, { readOnly: true });
      buckets[engine][grain] = r.rows.map((row) => String(row[0]));
    }
  }
  for (const engine of available.slice(1)) expect(buckets[engine]).toEqual(buckets[available[0]]);
  const some = buckets[available[0]];
  // 2024-03-03 is a Sunday, 2024-03-09 a Saturday.
  expect(some["P1W"][6]).toBe("2024-02-26 00:00:00");
  expect(some["1969-12-28T00:00:00Z/P1W"][6]).toBe("2024-03-03 00:00:00");
  expect(some["P1W/1970-01-03T00:00:00Z"][6]).toBe("2024-03-09 00:00:00");
  expect(some["P1W/1970-01-03T00:00:00Z"][7]).toBe("2024-03-09 00:00:00");
  expect(some["PT5M"][10]).toBe("2024-07-01 00:00:00");
  expect(some["PT30S"][9]).toBe("2024-06-30 17:29:30");
  expect(some["PT6H"][5]).toBe("2024-03-02 06:00:00");
  expect(some["P3M"][11]).toBe("2024-07-01 00:00:00");
  expect(some["P7D"][1]).toBe("1970-01-01 00:00:00");
  expect(some["P7D"][0]).toBe("1969-12-25 00:00:00");
  expect(some["P1Y"][0]).toBe("1969-01-01 00:00:00");
});

/**
 * How many copies of the statement the server still runs, asked until none is left or 5 s passed: the cancel or
 * KILL travels on a connection of its own and may land a moment after the client gave up (more than a moment on
 * a loaded machine); the statements sleep 10 s or more, so 0 within 5 s still proves they were stopped.
 */
async function runningOnServer(count: () => Promise<{ rows: unknown[][] }>) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const running = Number((await count()).rows[0][0]);
    if (running === 0 || Date.now() > deadline) return running;
    await new Promise((r) => setTimeout(r, 100));
  }
}

test("postgresql: a timeout stops the statement on the server", async (ctx) => {
  const conn = use("postgresql", ctx);
  const started = Date.now();
  await expect(conn.execute("SELECT pg_sleep(10)", { readOnly: true, timeoutMs: 500 })).rejects.toMatchObject({ status: 408, errorType: "SQLLAB_TIMEOUT_ERROR" });
  expect(Date.now() - started).toBeLessThan(5000);
  // Probe on a connection of its own: the cancel request may still be in flight and land on the old
  // connection's next statement (SQL Lab opens a connector per request, so it never reuses one after a timeout).
  const probe = postgresqlConnector(pgTarget);
  try {
    expect(await runningOnServer(() => probe.execute("SELECT count(*) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(10)' AND state = 'active'", { readOnly: true }))).toBe(0);
  } finally {
    await probe.close();
  }
});

test("postgresql: aborting cancels the running query", async (ctx) => {
  const conn = use("postgresql", ctx);
  const abort = new AbortController();
  setTimeout(() => abort.abort(), 300);
  await expect(conn.execute("SELECT pg_sleep(11)", { readOnly: true, signal: abort.signal })).rejects.toMatchObject({ extra: { stopped: true } });
  // asked on a connection of its own: a cancel request still in flight would cancel the old one's next statement
  // (the product never reuses a connection after a stop)
  const probe = postgresqlConnector(pgTarget);
  try {
    expect(await runningOnServer(() => probe.execute("SELECT count(*) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(11)' AND state = 'active'", { readOnly: true }))).toBe(0);
  } finally {
    await probe.close();
  }
});

test("mysql: a timeout kills the query on the server", async (ctx) => {
  const conn = use("mysql", ctx);
  const started = Date.now();
  await expect(conn.execute("SELECT SLEEP(10)", { readOnly: true, timeoutMs: 500 })).rejects.toMatchObject({ status: 408 });
  expect(Date.now() - started).toBeLessThan(5000);
  expect(await runningOnServer(() => conn.execute("SELECT count(*) FROM information_schema.PROCESSLIST WHERE INFO = 'SELECT SLEEP(10)'", { readOnly: true }))).toBe(0);
});

test("d1: a timeout answers at once", async (ctx) => {
  const conn = use("d1", ctx);
  const started = Date.now();
  const slow = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 30000000) SELECT count(*) FROM c";
  await expect(conn.execute(slow, { readOnly: true, timeoutMs: 200 })).rejects.toMatchObject({ status: 408 });
  expect(Date.now() - started).toBeLessThan(2000);
});
