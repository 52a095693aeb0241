// ClickHouse (issue 33), on the product Worker in wrangler dev with a 10-million-row table (ClickHouse on
// 127.0.0.1:8123, made with numbers() once and kept: ch10m.events):
// - P1: POST /api/v1/chart/data (force=true, so nothing is cached) for a GROUP BY over the 10,000,000 rows
//   (category × region: 40 groups, a SUM and a COUNT), p50 over alternating rounds, against the same compiled SQL
//   sent straight to ClickHouse's HTTP interface by a bare Worker asked over HTTP as the chart-data request is
//   (bench/yardstick/worker.mjs, POST /ch: fetch, JSONCompact, the rows as JSON). Goal ≤ 1.1×.
// - SQL Lab: 100,000 rows through POST /api/v1/sqllab/execute/ (the answer read whole, what the grid is handed),
//   against ClickHouse's own client running the same executed SQL (`clickhouse-client --query … --format
//   JSONCompact`, its output read whole; the process start is part of what its user waits for). Goal ≤ 2×.
// Rounds alternate the two sides so load drift hits both alike; `uptime` is saved beside the figures.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, runWranglerDev, startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { round, saveResults } from "./_lib.mjs";

const CH = "http://127.0.0.1:8123/";
const ROWS = 10_000_000;
const FETCH_ROWS = 100_000;
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function direct(sql) {
  const res = await fetch(CH, { method: "POST", body: sql });
  const text = await res.text();
  if (!res.ok) throw new Error(`ClickHouse: ${text}`);
  return text.trim();
}

const CATEGORY_TYPE = "Enum8('books' = 1, 'games' = 2, 'music' = 3, 'tools' = 4, 'toys' = 5, 'food' = 6, 'garden' = 7, 'sports' = 8)";

/** ch10m.events, made as the ClickHouse dashboard journey makes it (tests/e2e/clickhouse-dashboard.spec.ts). */
async function table() {
  await direct("CREATE DATABASE IF NOT EXISTS ch10m");
  const kept = await direct("SELECT count() FROM system.columns WHERE database = 'ch10m' AND table = 'events' AND name = 'category' AND type LIKE 'Enum8(%'");
  if (kept === "1" && Number(await direct("SELECT count() FROM ch10m.events")) === ROWS) return null;
  await direct("DROP TABLE IF EXISTS ch10m.events");
  const t0 = performance.now();
  await direct(`CREATE TABLE ch10m.events ENGINE = MergeTree ORDER BY tuple() AS SELECT
    number AS id, toDate('2021-01-01') + intDiv(number, 10000) AS day,
    CAST(number % 8 + 1 AS ${CATEGORY_TYPE}) AS category,
    CAST(intDiv(number, 7) % 5 + 1 AS Enum8('north' = 1, 'south' = 2, 'east' = 3, 'west' = 4, 'centre' = 5)) AS region,
    (number % 1000) / 10 AS value
    FROM system.numbers LIMIT ${ROWS}`);
  return round(performance.now() - t0, 0);
}

async function yardstick(stateDir) {
  const dir = mkdtempSync(join(tmpdir(), "ch-yardstick-"));
  const configPath = join(dir, "wrangler.json");
  writeFileSync(configPath, JSON.stringify({
    name: "ch-yardstick", main: join(import.meta.dirname, "yardstick/worker.mjs"), compatibility_date: "2025-09-01", compatibility_flags: ["nodejs_compat"],
    durable_objects: { bindings: [{ name: "WARM_POSTGRES", class_name: "WarmPostgres" }] },
    migrations: [{ tag: "v1", new_sqlite_classes: ["WarmPostgres"] }],
    vars: { PG_URL: "postgres://postgres@127.0.0.1:5432/test", CH_URL: CH },
  }));
  return runWranglerDev({ dir, configPath, stateDir, port: await freePort(), probe: "/" });
}

/** clickhouse-client's wall time for `sql` with its output read whole; answers [ms, bytes]. */
function client(sql) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn("clickhouse-client", ["--database", "ch10m", "--query", sql, "--format", "JSONCompact"], { stdio: ["ignore", "pipe", "pipe"] });
    let bytes = 0;
    let err = "";
    p.stdout.on("data", (b) => (bytes += b.length));
    p.stderr.on("data", (b) => (err += b));
    p.on("close", (code) => (code === 0 ? resolve([performance.now() - t0, bytes]) : reject(new Error(`clickhouse-client: ${err}`))));
  });
}

async function main() {
  const load = { before: loadavg().map((n) => round(n, 1)) };
  const made_ms = await table();
  if (made_ms) console.log(`made ch10m.events (${ROWS} rows) in ${made_ms} ms`);
  const worker = await startWorker();
  const ys = await yardstick(worker.stateDir);
  try {
    const login = await fetch(`${worker.url}/api/v1/security/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...TEST_ADMIN, provider: "db" }) });
    const bearer = (await login.json()).access_token;
    const api = async (path, body) => {
      const res = await fetch(`${worker.url}${path}`, { method: "POST", headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
      return { json: JSON.parse(text), bytes: text.length };
    };
    const db = (await api("/api/v1/database/", { database_name: "bench clickhouse", sqlalchemy_uri: "clickhousedb://default@127.0.0.1:8123/ch10m" })).json;
    const ds = (await api("/api/v1/dataset/", { database: db.id, schema: "ch10m", table_name: "events" })).json.id;
    const query = {
      columns: ["category", "region"], row_limit: 1000, orderby: [],
      metrics: [{ expressionType: "SQL", sqlExpression: "SUM(value)", label: "total" }, { expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" }],
    };
    const chartData = (extra = {}) => api("/api/v1/chart/data", { datasource: { id: ds, type: "table" }, queries: [query], ...extra });
    const sql = (await chartData({ result_type: "query" })).json.result[0].query;
    const viaYardstick = async () => {
      const res = await fetch(`${ys.url}/ch`, { method: "POST", body: sql });
      if (!res.ok) throw new Error(`yardstick: ${await res.text()}`);
      return (await res.json()).length;
    };

    // P1: warm both, then alternate
    await chartData({ force: true });
    await viaYardstick();
    const p1 = { api: [], bare: [] };
    for (let i = 0; i < ROUNDS; i++) {
      let t = performance.now();
      const res = (await chartData({ force: true })).json.result[0];
      p1.api.push(performance.now() - t);
      if (res.rowcount !== 40) throw new Error(`chart data: ${res.rowcount} groups, expected 40`);
      t = performance.now();
      const n = await viaYardstick();
      p1.bare.push(performance.now() - t);
      if (n !== 40) throw new Error(`bare Worker: ${n} groups`);
    }
    const P1 = { rows_scanned: ROWS, groups: 40, chart_data_p50_ms: round(median(p1.api), 1), bare_worker_p50_ms: round(median(p1.bare), 1), ratio: round(median(p1.api) / median(p1.bare), 2), goal: "<= 1.1", sql };
    console.log(`P1 ClickHouse: chart data ${P1.chart_data_p50_ms} ms vs bare Worker ${P1.bare_worker_p50_ms} ms = ${P1.ratio}x (goal <= 1.1x)`);

    // SQL Lab: 100k rows
    const execute = () => api("/api/v1/sqllab/execute/", { database_id: db.id, sql: "SELECT id, day, category, region, value FROM events", queryLimit: FETCH_ROWS, runAsync: false });
    const first = await execute();
    // the connector's own limit (LIMIT limit + 1, to tell a cut result) is not in the executed SQL SQL Lab reports
    const executed = `${first.json.query.executedSql ?? "SELECT id, day, category, region, value FROM events"}\nLIMIT ${FETCH_ROWS + 1}`;
    if (first.json.data.length !== FETCH_ROWS) throw new Error(`SQL Lab: ${first.json.data.length} rows`);
        await client(executed);
    const lab = { api: [], client: [] };
    let apiBytes = 0;
    let clientBytes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      let t = performance.now();
      const r = await execute();
      lab.api.push(performance.now() - t);
      apiBytes = r.bytes;
      if (r.json.data.length !== FETCH_ROWS) throw new Error(`SQL Lab: ${r.json.data.length} rows`);
      const [ms, bytes] = await client(executed);
      lab.client.push(ms);
      clientBytes = bytes;
    }
    const SQLLAB = {
      rows: FETCH_ROWS, executed_sql: executed, api_p50_ms: round(median(lab.api), 1), clickhouse_client_p50_ms: round(median(lab.client), 1),
      ratio: round(median(lab.api) / median(lab.client), 2), api_response_kb: round(apiBytes / 1024, 0), client_output_kb: round(clientBytes / 1024, 0), goal: "<= 2",
    };
    console.log(`SQL Lab ClickHouse ${FETCH_ROWS} rows: API ${SQLLAB.api_p50_ms} ms vs clickhouse-client ${SQLLAB.clickhouse_client_p50_ms} ms = ${SQLLAB.ratio}x (goal <= 2x)`);
    load.after = loadavg().map((n) => round(n, 1));
    const version = await direct("SELECT version()");
    saveResults("clickhouse", { clickhouse: version, rounds: ROUNDS, table_made_ms: made_ms, load_average: load, uptime: execFileSync("uptime", { encoding: "utf8" }).trim(), P1, SQLLAB });
  } catch (e) {
    console.error(`workerd said:\n${worker.logs().slice(-4000)}`);
    throw e;
  } finally {
    await ys.stop();
    await worker.stop();
  }
}

await main();
