// Connector throughput (issue 3): per engine, the same query through our connector running inside workerd
// against the engine's own client from Node (`postgres` for PostgreSQL, `mysql2` for MariaDB, node:sqlite on
// the very SQLite file workerd keeps for the D1 binding), on a 1M-row table: an aggregate (GROUP BY over all
// rows, 100 rows back) and a 100k-row fetch. The native client runs the text the connector sends, with the
// connector's limit wrapping (LIMIT limit + 1, to tell a cut result; neither query has its own LIMIT).
//
// Two measures, both with warm connections on both sides:
// - "connector": the connector in workerd (bench/connector-harness), K warm runs per request; a request with
//   K runs minus one with none is K runs with all their I/O and CPU. This is the goal's measure.
// - "sql lab api": POST /api/v1/sqllab/execute/ on the product Worker, what a SQL Lab user waits for: HTTP
//   through wrangler dev, authentication, the access check, the query record, the connection pool's Durable
//   Object, the JSON answer. Its 1-row query shows that fixed cost.
// Figures are medians over alternating rounds (Worker, native, Worker, …) so load drift hits both alike.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import postgres from "postgres";
import { createConnection } from "mysql2/promise";
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { round, saveResults } from "./_lib.mjs";
import { harnessRun, startHarness } from "./connector-harness/start.mjs";

const TABLE_ROWS = 1_000_000;
const FETCH_ROWS = 100_000;
const RUNS = 7;
/** connector measure: rounds, and warm runs per harness request */
const ROUNDS = 5;
const RUNS_PER_REQUEST = { aggregate: 5, fetch: 3 };
const GOAL_AGGREGATE_RATIO = 1.2;

const AGGREGATE_SQL = "SELECT grp, COUNT(*) AS n, SUM(val) AS total, AVG(val) AS mean, MAX(label) AS top_label FROM bench_1m GROUP BY grp ORDER BY grp";
const FETCH_SQL = "SELECT id, grp, val, label FROM bench_1m";
// one row from the table: what a request costs whatever the query (auth, the query row, connecting, JSON)
const FIXED_SQL = "SELECT id FROM bench_1m WHERE id = 1";

// id, grp (100 groups), val (0..10006) and a short label, the same on every engine
const SETUP = {
  postgresql: [
    "DROP TABLE IF EXISTS bench_1m",
    `CREATE TABLE bench_1m AS SELECT g AS id, g % 100 AS grp, (g::bigint * 7919 % 10007)::int AS val, 'label-' || (g % 1000) AS label FROM generate_series(1, ${TABLE_ROWS}) AS g`,
    "ALTER TABLE bench_1m ADD PRIMARY KEY (id)",
    "ANALYZE bench_1m",
  ],
  mysql: [
    "DROP TABLE IF EXISTS bench_1m",
    "CREATE TABLE bench_1m (id INT PRIMARY KEY, grp INT NOT NULL, val INT NOT NULL, label VARCHAR(20) NOT NULL)",
    `INSERT INTO bench_1m WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${TABLE_ROWS})
     SELECT n, n % 100, (n * 7919) % 10007, CONCAT('label-', n % 1000) FROM s`,
    "ANALYZE TABLE bench_1m",
  ],
  d1: [
    "CREATE TABLE bench_1m (id INTEGER PRIMARY KEY, grp INTEGER NOT NULL, val INTEGER NOT NULL, label TEXT NOT NULL)",
    `INSERT INTO bench_1m WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${TABLE_ROWS})
     SELECT n, n % 100, (n * 7919) % 10007, 'label-' || (n % 1000) FROM s`,
  ],
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Times both sides alternately (Worker, native, Worker, …) after one warm-up each, so a change in machine
 * load hits both alike; answers the median of each.
 */
async function compare(viaWorker, native) {
  await viaWorker(); // warm-up: connections, plans and page cache
  await native();
  const times = { worker: [], native: [] };
  const rows = {};
  for (let i = 0; i < RUNS; i++) {
    for (const [side, fn] of [["worker", viaWorker], ["native", native]]) {
      const t0 = performance.now();
      rows[side] = await fn();
      times[side].push(performance.now() - t0);
    }
  }
  return { worker: { ms: median(times.worker), rows: rows.worker }, native: { ms: median(times.native), rows: rows.native } };
}

/**
 * The connector in workerd against the native client: per round, a harness request with K warm runs minus
 * one with none (connecting, the warm-up run and HTTP cancel out), then K native runs.
 */
async function compareConnector(harnessUrl, request, k, native) {
  await harnessRun(harnessUrl, { ...request, runs: 1 }); // warm-up: plans and page cache
  const perRun = [];
  const nativeTimes = [];
  let rows;
  let nativeRows;
  for (let round = 0; round < ROUNDS; round++) {
    let t0 = performance.now();
    await harnessRun(harnessUrl, { ...request, runs: 0 });
    const base = performance.now() - t0;
    t0 = performance.now();
    rows = await harnessRun(harnessUrl, { ...request, runs: k });
    perRun.push((performance.now() - t0 - base) / k);
    for (let i = 0; i < k; i++) {
      t0 = performance.now();
      nativeRows = await native();
      nativeTimes.push(performance.now() - t0);
    }
  }
  return { worker: { ms: median(perRun), rows }, native: { ms: median(nativeTimes), rows: nativeRows } };
}

/** The native side of each engine; null with a reason when the server cannot be reached. */
async function nativeClients() {
  const out = {};
  try {
    const sql = postgres({ host: "127.0.0.1", port: 5432, user: "postgres", database: "test", max: 1, connect_timeout: 3, onnotice: () => {} });
    for (const s of SETUP.postgresql) await sql.unsafe(s);
    out.postgresql = { run: async (q) => (await sql.unsafe(q)).length, close: () => sql.end({ timeout: 1 }), cleanup: () => sql.unsafe("DROP TABLE IF EXISTS bench_1m") };
  } catch (e) {
    out.postgresql = { skipped: e.message };
  }
  try {
    const my = await createConnection({ host: "127.0.0.1", port: 3306, user: "root", database: "test", connectTimeout: 3000 });
    // MariaDB's recursion cap; MySQL 8 names it cte_max_recursion_depth
    await my.query(`SET SESSION max_recursive_iterations = ${TABLE_ROWS * 2}`).catch(() => my.query(`SET SESSION cte_max_recursion_depth = ${TABLE_ROWS * 2}`));
    for (const s of SETUP.mysql) await my.query(s);
    out.mysql = { run: async (q) => (await my.query(q))[0].length, close: () => my.end(), cleanup: () => my.query("DROP TABLE IF EXISTS bench_1m") };
  } catch (e) {
    out.mysql = { skipped: e.message };
  }
  return out;
}

/** node:sqlite on the SQLite file that holds workerd's D1 database with the bench table (read-only). */
function nativeD1(stateDir) {
  const dir = join(stateDir, "v3/d1/miniflare-D1DatabaseObject");
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".sqlite"))) {
    const db = new DatabaseSync(join(dir, f), { readOnly: true });
    const has = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'bench_1m'").get().n;
    if (has) return { run: async (q) => db.prepare(q).all().length, close: () => db.close(), file: f };
    db.close();
  }
  throw new Error(`no SQLite file with bench_1m under ${dir}`);
}

async function api(worker, bearer, method, path, body) {
  const res = await fetch(`${worker.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

const QUERIES = [
  ["aggregate 1M rows", AGGREGATE_SQL, 1000, "aggregate"],
  [`fetch ${FETCH_ROWS / 1000}k rows`, FETCH_SQL, FETCH_ROWS, "fetch"],
];

/** The goal's measure: each engine's connector inside workerd (the harness) against its native client. */
async function connectorSection(natives) {
  const harness = await startHarness();
  const uris = { d1: "d1://EXAMPLES", postgresql: "postgresql://postgres@127.0.0.1:5432/test", mysql: "mysql://root@127.0.0.1:3306/test" };
  const results = [];
  try {
    for (const engine of ["d1", "postgresql", "mysql"]) {
      if (natives[engine]?.skipped) continue;
      let native = natives[engine];
      if (engine === "d1") {
        // the harness is the only writer of its D1 state: it creates the table, node:sqlite reads the file
        await harnessRun(harness.url, { engine, uri: uris.d1, sql: "SELECT 1", runs: 0, setup: ["DROP TABLE IF EXISTS bench_1m", ...SETUP.d1] });
        native = nativeD1(harness.stateDir);
      }
      try {
        for (const [name, sql, limit, kind] of QUERIES) {
          const { worker: viaConnector, native: nat } = await compareConnector(
            harness.url, { engine, uri: uris[engine], sql, limit }, RUNS_PER_REQUEST[kind],
            async () => Math.min(limit, await native.run(`${sql}\nLIMIT ${limit + 1}`)),
          );
          if (viaConnector.rows !== nat.rows) throw new Error(`${engine} ${name}: ${viaConnector.rows} rows through the connector, ${nat.rows} natively`);
          const scanned = kind === "aggregate" ? TABLE_ROWS : viaConnector.rows;
          const row = {
            measure: "connector", engine, query: name, rows_returned: viaConnector.rows, rows_processed: scanned,
            worker_ms: round(viaConnector.ms, 1), native_ms: round(nat.ms, 1),
            worker_rows_per_s: Math.round((scanned / viaConnector.ms) * 1000), native_rows_per_s: Math.round((scanned / nat.ms) * 1000),
            ratio: round(viaConnector.ms / nat.ms, 2),
          };
          results.push(row);
          console.log(`connector  ${engine.padEnd(10)} ${name.padEnd(19)} workerd ${String(row.worker_ms).padStart(8)} ms  native ${String(row.native_ms).padStart(8)} ms  ratio ${row.ratio}`);
        }
      } finally {
        if (engine === "d1") native.close();
      }
    }
  } catch (e) {
    console.error(`the harness said:\n${harness.logs().slice(-4000)}`);
    throw e;
  } finally {
    await harness.stop();
  }
  return results;
}

async function main() {
  const natives = await nativeClients();
  const results = await connectorSection(natives);
  const worker = await startWorker();
  let meMs = null;
  try {
    const login = await fetch(`${worker.url}/api/v1/security/login`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...TEST_ADMIN, provider: "db" }),
    });
    const bearer = (await login.json()).access_token;
    const uris = { d1: "d1://EXAMPLES", postgresql: "postgresql://postgres@127.0.0.1:5432/test", mysql: "mysql://root@127.0.0.1:3306/test" };
    const execute = (databaseId, sql, queryLimit) => api(worker, bearer, "POST", "/api/v1/sqllab/execute/", { database_id: databaseId, sql, queryLimit, runAsync: false });

    // the part of every request that is HTTP, bearer authentication and the principal: GET /api/v1/me/
    const meTimes = [];
    for (let i = 0; i <= RUNS; i++) {
      const t0 = performance.now();
      await api(worker, bearer, "GET", "/api/v1/me/");
      if (i) meTimes.push(performance.now() - t0);
    }
    meMs = round(median(meTimes), 1);
    console.log(`GET /api/v1/me/ (HTTP + authentication only): ${meMs} ms`);

    for (const engine of ["d1", "postgresql", "mysql"]) {
      if (natives[engine]?.skipped) {
        console.log(`skipping ${engine}: ${natives[engine].skipped}`);
        results.push({ engine, skipped: natives[engine].skipped });
        continue;
      }
      // D1's table is made through the Worker (the only writer of its state), so that database allows DML
      const db = await api(worker, bearer, "POST", "/api/v1/database/", { database_name: `bench ${engine}`, sqlalchemy_uri: uris[engine], allow_dml: engine === "d1" });
      if (engine === "d1") {
        for (const s of SETUP.d1) await execute(db.id, s, 1);
        natives.d1 = nativeD1(worker.stateDir);
      }
      let fixed = null;
      for (const [name, sql, limit] of [["1 row (fixed cost)", FIXED_SQL, 1000], ["aggregate 1M rows", AGGREGATE_SQL, 1000], [`fetch ${FETCH_ROWS / 1000}k rows`, FETCH_SQL, FETCH_ROWS]]) {
        const first = await execute(db.id, sql, limit);
        const executed = first.query.executedSql ?? sql;
        const responseKb = round(JSON.stringify(first).length / 1024, 0);
        const { worker: viaWorker, native } = await compare(
          async () => (await execute(db.id, sql, limit)).data.length,
          async () => Math.min(limit, await natives[engine].run(`${executed}\nLIMIT ${limit + 1}`)),
        );
        if (viaWorker.rows !== native.rows) throw new Error(`${engine} ${name}: ${viaWorker.rows} rows through the Worker, ${native.rows} natively`);
        const scanned = name.startsWith("aggregate") ? TABLE_ROWS : viaWorker.rows;
        fixed ??= { worker: viaWorker.ms, native: native.ms };
        const row = {
          measure: "sql lab api", engine, query: name, rows_returned: viaWorker.rows, rows_processed: scanned, response_kb: responseKb,
          worker_ms: round(viaWorker.ms, 1), native_ms: round(native.ms, 1),
          worker_rows_per_s: Math.round((scanned / viaWorker.ms) * 1000), native_rows_per_s: Math.round((scanned / native.ms) * 1000),
          ratio: round(viaWorker.ms / native.ms, 2),
          // the same ratio once each side's per-request fixed cost (the 1-row query) is taken off
          ratio_net_of_fixed_cost: name.startsWith("1 row") ? null : round((viaWorker.ms - fixed.worker) / Math.max(1, native.ms - fixed.native), 2),
        };
        results.push(row);
        console.log(`sql lab    ${engine.padEnd(10)} ${name.padEnd(19)} worker ${String(row.worker_ms).padStart(8)} ms  native ${String(row.native_ms).padStart(8)} ms  ratio ${row.ratio}`);
      }
    }
  } catch (e) {
    console.error(`workerd said:\n${worker.logs().slice(-4000)}`);
    throw e;
  } finally {
    await worker.stop();
    for (const n of Object.values(natives)) {
      await n.cleanup?.().catch(() => {});
      await n.close?.();
    }
  }
  console.table(results.map((r) => (r.skipped ? { engine: r.engine, query: `skipped: ${r.skipped}` } : r)));
  const worstOf = (measure, key = "ratio") => {
    const rows = results.filter((r) => r.measure === measure && r.query?.startsWith("aggregate"));
    return rows.length ? Math.max(...rows.map((r) => r[key])) : null;
  };
  const worst = worstOf("connector");
  const worstApi = worstOf("sql lab api");
  const worstApiNet = worstOf("sql lab api", "ratio_net_of_fixed_cost");
  console.log(`worst aggregate ratio, connector in workerd: ${worst} (goal ≤ ${GOAL_AGGREGATE_RATIO}); through SQL Lab's API: ${worstApi}, net of its per-request fixed cost ${worstApiNet}`);
  saveResults("connectors", {
    method: "connector: the product's connector in workerd (bench/connector-harness), warm connection, K runs per request minus a request with none; sql lab api: POST /api/v1/sqllab/execute/ (sync, bearer token, JSON parsed) in wrangler dev; native: postgres / mysql2 / node:sqlite from Node on the same SQL, warm",
    runs: RUNS, rounds: ROUNDS, table_rows: TABLE_ROWS, api_me_ms: meMs, goal_aggregate_ratio: GOAL_AGGREGATE_RATIO,
    worst_aggregate_ratio: worst, worst_aggregate_ratio_sql_lab_api: worstApi, worst_aggregate_ratio_sql_lab_api_net_of_fixed_cost: worstApiNet, results,
  });
}

await main();
