// Connector throughput (issue 3): per engine, the same query through the Worker (POST /api/v1/sqllab/execute/,
// which runs the engine's connector inside workerd and answers JSON over HTTP) against the engine's own client
// from Node: `postgres` for PostgreSQL, `mysql2` for MariaDB, node:sqlite on the very SQLite file workerd keeps
// for the D1 binding. Two queries on a 1M-row table: an aggregate (GROUP BY over all rows, 100 rows back) and a
// 100k-row fetch. The native client runs the text the connector sends: the executed SQL the Worker reports
// with the connector's limit wrapping (LIMIT limit + 1, to tell a cut result; neither query has its own LIMIT).
// Figures are medians of RUNS alternating timed runs after one warm-up; the ratio is Worker time / native time.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import postgres from "postgres";
import { createConnection } from "mysql2/promise";
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { round, saveResults } from "./_lib.mjs";

const TABLE_ROWS = 1_000_000;
const FETCH_ROWS = 100_000;
const RUNS = 7;
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

async function main() {
  const natives = await nativeClients();
  const worker = await startWorker();
  const results = [];
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
          engine, query: name, rows_returned: viaWorker.rows, rows_processed: scanned, response_kb: responseKb,
          worker_ms: round(viaWorker.ms, 1), native_ms: round(native.ms, 1),
          worker_rows_per_s: Math.round((scanned / viaWorker.ms) * 1000), native_rows_per_s: Math.round((scanned / native.ms) * 1000),
          ratio: round(viaWorker.ms / native.ms, 2),
          // the same ratio once each side's per-request fixed cost (the 1-row query) is taken off
          ratio_net_of_fixed_cost: name.startsWith("1 row") ? null : round((viaWorker.ms - fixed.worker) / Math.max(1, native.ms - fixed.native), 2),
        };
        results.push(row);
        console.log(`${engine.padEnd(10)} ${name.padEnd(19)} worker ${String(row.worker_ms).padStart(8)} ms  native ${String(row.native_ms).padStart(8)} ms  ratio ${row.ratio}`);
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
  const aggregates = results.filter((r) => r.query?.startsWith("aggregate"));
  const worst = aggregates.length ? Math.max(...aggregates.map((r) => r.ratio)) : null;
  const worstNet = aggregates.length ? Math.max(...aggregates.map((r) => r.ratio_net_of_fixed_cost)) : null;
  console.log(`worst aggregate ratio ${worst} (goal ≤ ${GOAL_AGGREGATE_RATIO}); net of the per-request fixed cost ${worstNet}`);
  saveResults("connectors", {
    method: "Worker: POST /api/v1/sqllab/execute/ (sync, bearer token, JSON parsed) in wrangler dev; native: postgres / mysql2 / node:sqlite from Node on the executed SQL",
    runs: RUNS, table_rows: TABLE_ROWS, api_me_ms: meMs, goal_aggregate_ratio: GOAL_AGGREGATE_RATIO, worst_aggregate_ratio: worst, worst_aggregate_ratio_net_of_fixed_cost: worstNet, results,
  });
}

await main();
