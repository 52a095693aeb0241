// SQL Lab server figures (issue 4 "Benchmarks"): a 100,000-row result (bytes on the wire, server time),
// the async event latency (QueryJob marks the run successful → a websocket client on /api/v1/async_event/
// receives `done`, ~50 runs, p50/p99, beside Superset's 500 ms polling interval), and the stop round trip
// (POST /api/v1/query/stop → the run reads `stopped`). Runs against an isolated `wrangler dev` of the last
// build, with the real PostgreSQL on 127.0.0.1:5432.
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { request } from "node:http";
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { percentile, round, saveResults } from "./_lib.mjs";

const WRANGLER = join(resolve(import.meta.dirname, ".."), "node_modules/.bin/wrangler");
const RUNS = 50;

const worker = await startWorker({ vars: { SQLLAB_TIMEOUT_SECONDS: "60" } });
try {
  const token = await login();
  const api = (path, body, headers = {}) =>
    fetch(`${worker.url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  await api("/api/v1/sqllab/");
  const rawPost = (path, body, headers) =>
    new Promise((res, rej) => {
      const req = request(`${worker.url}${path}`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers } }, (r) => {
        const chunks = [];
        r.on("data", (c) => chunks.push(c));
        r.on("end", () => res({ status: r.statusCode, headers: r.headers, body: Buffer.concat(chunks) }));
        r.on("error", rej);
      });
      req.on("error", rej);
      req.end(JSON.stringify(body));
    });
  const pg = addPostgres();
  const clientId = () => Math.random().toString(36).slice(2, 13).padEnd(11, "x");

  // 1. 100,000 rows, synchronous, three columns
  const bigSql = "SELECT g AS id, 'row ' || g AS label, g * 1.5 AS value FROM generate_series(1, 100000) AS g";
  const big = [];
  for (let i = 0; i < 3; i++) {
    for (const encoding of ["identity", "gzip"]) {
      const t0 = performance.now();
      // node:http, not fetch: fetch decompresses, and the point is the bytes that cross the wire
      const res = await rawPost("/api/v1/sqllab/execute/", { client_id: clientId(), database_id: pg, sql: bigSql, queryLimit: 100000 }, { "Accept-Encoding": encoding });
      const raw = res.body;
      const total = performance.now() - t0;
      const compressed = res.headers["content-encoding"] === "gzip";
      const body = JSON.parse((compressed ? gunzipSync(raw) : raw).toString("utf8"));
      if (body.data?.length !== 100000) throw new Error(`expected 100000 rows, got ${JSON.stringify(body).slice(0, 300)}`);
      big.push({ encoding, wire_bytes: raw.length, compressed, request_ms: total, query_ms: body.query.endDttm - body.query.startDttm });
    }
  }
  const pick = (enc) => big.filter((b) => b.encoding === enc);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const result100k = {
    rows: 100000,
    wire_bytes_identity: pick("identity")[0].wire_bytes,
    wire_bytes_gzip: pick("gzip")[0].wire_bytes,
    gzip_applied: pick("gzip")[0].compressed,
    request_ms_median: round(median(big.map((b) => b.request_ms))),
    server_query_ms_median: round(median(big.map((b) => b.query_ms))),
  };
  console.log("100k-row result:", result100k);

  // 2. async event latency: success written by the QueryJob (end_time) → event on the websocket
  const ws = new WebSocket(`${worker.url.replace("http", "ws")}/api/v1/async_event/?last_id=0-0`, { headers: { Authorization: `Bearer ${token}` } });
  const arrivals = new Map();
  ws.addEventListener("message", (m) => {
    if (m.data === "pong") return;
    const event = JSON.parse(String(m.data));
    arrivals.set(event.job_id, { at: Date.now(), event });
  });
  await new Promise((res, rej) => {
    ws.addEventListener("open", res, { once: true });
    ws.addEventListener("error", rej, { once: true });
  });
  const latencies = [];
  for (let i = 0; i < RUNS; i++) {
    const id = clientId();
    const res = await api("/api/v1/sqllab/execute/", { client_id: id, database_id: pg, runAsync: true, sql: `SELECT ${i} AS i` });
    if (res.status !== 202) throw new Error(`async run answered ${res.status}: ${await res.text()}`);
    const deadline = Date.now() + 10_000;
    while (!arrivals.has(id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    if (!arrivals.has(id)) throw new Error(`no event for ${id}`);
    const since = await (await api(`/api/v1/query/updated_since?q=(last_updated_ms:${Date.now() - 60_000})`)).json();
    const q = since.result.find((x) => x.id === id);
    latencies.push(arrivals.get(id).at - q.endDttm);
  }
  ws.close(1000);
  latencies.sort((a, b) => a - b);
  const asyncEvents = { runs: RUNS, p50_ms: percentile(latencies, 50), p99_ms: percentile(latencies, 99), max_ms: latencies[latencies.length - 1], superset_polling_interval_ms: 500 };
  console.log("async event latency (DO success → websocket):", asyncEvents);

  // 3. stop round trip: a long async PostgreSQL statement, stop, until the run reads `stopped`
  const stops = [];
  for (let i = 0; i < 10; i++) {
    const id = clientId();
    await api("/api/v1/sqllab/execute/", { client_id: id, database_id: pg, runAsync: true, sql: `SELECT count(*) FROM generate_series(1, ${4_000_000_000 + i}) AS g` });
    await new Promise((r) => setTimeout(r, 300));
    const t0 = performance.now();
    const stop = await (await api("/api/v1/query/stop", { client_id: id })).json();
    const answered = performance.now() - t0;
    let state = null;
    while (state !== "stopped" && performance.now() - t0 < 10_000) {
      const since = await (await api(`/api/v1/query/updated_since?q=(last_updated_ms:${Date.now() - 60_000})`)).json();
      state = since.result.find((x) => x.id === id)?.state;
    }
    if (stop.result !== "OK" || state !== "stopped") throw new Error(`stop failed: ${JSON.stringify(stop)} ${state}`);
    stops.push({ answered, stopped: performance.now() - t0 });
  }
  const stopFigures = {
    runs: stops.length,
    stop_answer_p50_ms: round(percentile(stops.map((s) => s.answered).sort((a, b) => a - b), 50)),
    to_stopped_p50_ms: round(percentile(stops.map((s) => s.stopped).sort((a, b) => a - b), 50)),
    to_stopped_max_ms: round(Math.max(...stops.map((s) => s.stopped))),
  };
  console.log("stop round trip:", stopFigures);
  saveResults("sqllab", { result_100k: result100k, async_event_latency: asyncEvents, stop_round_trip: stopFigures });
} finally {
  await worker.stop();
}

async function login() {
  const res = await fetch(`${worker.url}/api/v1/security/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...TEST_ADMIN, provider: "db" }),
  });
  return (await res.json()).access_token;
}

function addPostgres() {
  const d1 = (sql) =>
    JSON.parse(
      execFileSync(WRANGLER, ["d1", "execute", "DB", "--local", "--persist-to", worker.stateDir, "--config", worker.configPath, "--json", "--command", sql], {
        env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
        encoding: "utf8",
      }),
    ).at(-1).results;
  const now = new Date().toISOString();
  d1(`INSERT INTO dbs (uuid, database_name, sqlalchemy_uri, engine, expose_in_sqllab, allow_run_async, extra, created_on, changed_on)
      VALUES ('${crypto.randomUUID()}', 'bench_pg', 'postgresql://postgres:test@127.0.0.1:5432/test', 'postgresql', 1, 1, '{}', '${now}', '${now}')`);
  return d1("SELECT id FROM dbs WHERE database_name = 'bench_pg'")[0].id;
}
