// Soak (issue 14): 1,000 SQL Lab runs through the API, mixing synchronous and asynchronous runs on PostgreSQL
// (synchronous read-only ones go through the ConnectionPool Durable Object) and MariaDB, a few clients at once,
// with one idle pause longer than the pool's idle close (60 s) half-way, so warm connections expire under it.
// Each run is timed from its POST until its rows are in hand (asynchronous: the done event, then the results
// call) and its rows are checked. A stall is a run over 2 s; every stall is listed with what it was waiting on.
// Loopback only, bounded: RUNS runs, then it stops.
import { loadavg } from "node:os";
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { percentile, round, saveResults } from "./_lib.mjs";

const RUNS = Number(process.env.SOAK_RUNS ?? 1000);
const CLIENTS = 4;
const STALL_MS = 2_000;
const IDLE_PAUSE_MS = Number(process.env.SOAK_PAUSE_MS ?? 65_000);
const RUN_DEADLINE_MS = 60_000;

const worker = await startWorker({ vars: { SQLLAB_TIMEOUT_SECONDS: "60" } });
try {
  const login = await fetch(`${worker.url}/api/v1/security/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...TEST_ADMIN, provider: "db" }) });
  const token = (await login.json()).access_token;
  const call = async (method, path, body) => {
    const res = await fetch(`${worker.url}${path}`, { method, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    try {
      return { status: res.status, json: JSON.parse(text) };
    } catch {
      throw new Error(`${method} ${path} answered ${res.status} ${res.headers.get("content-type")}: ${text.slice(0, 300)}`);
    }
  };
  const register = async (name, uri) => {
    const res = await call("POST", "/api/v1/database/", { database_name: name, sqlalchemy_uri: uri, expose_in_sqllab: true, allow_run_async: true });
    if (res.status !== 201) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.id;
  };
  const engines = {
    postgresql: { id: await register("soak pg", "postgresql://postgres@127.0.0.1:5432/test"), sql: (i) => `SELECT ${i} AS i, count(*) AS n FROM generate_series(1, 1000) AS g` },
    mysql: { id: await register("soak maria", "mysql://root@127.0.0.1:3306/test"), sql: (i) => `SELECT ${i} AS i, count(*) AS n FROM (SELECT 1 FROM information_schema.COLLATIONS LIMIT 100) AS t` },
  };

  // One poller reads the user's event stream and hands each done/error event to the run waiting for it.
  const waiting = new Map();
  let lastId = "0-0";
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const { json } = await call("GET", `/api/v1/async_event/?last_id=${lastId}`);
      for (const event of json.result ?? []) {
        lastId = event.id;
        waiting.get(event.job_id)?.(event);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const eventFor = (jobId) =>
    new Promise((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`no event within ${RUN_DEADLINE_MS} ms`)), RUN_DEADLINE_MS);
      waiting.set(jobId, (event) => {
        clearTimeout(timer);
        waiting.delete(jobId);
        res(event);
      });
    });

  const runs = [];
  const stalls = [];
  const failures = [];
  async function runOne(i) {
    const engine = i % 2 === 0 ? "postgresql" : "mysql";
    const async_ = Math.floor(i / 2) % 2 === 1;
    const client_id = `soak${i.toString(36).padStart(7, "0")}`;
    const phases = {};
    const t0 = performance.now();
    const mark = (name) => (phases[name] = round(performance.now() - t0, 0));
    try {
      const posted = await call("POST", "/api/v1/sqllab/execute/", { client_id, database_id: engines[engine].id, runAsync: async_, sql: engines[engine].sql(i), queryLimit: 10 });
      mark("answered");
      let data = posted.json.data;
      if (async_) {
        if (posted.status !== 202) throw new Error(`async run answered ${posted.status}: ${JSON.stringify(posted.json).slice(0, 200)}`);
        const event = await eventFor(client_id);
        mark("event");
        if (event.status !== "done") throw new Error(`event ${event.status}: ${JSON.stringify(event.errors)}`);
        const results = await call("GET", event.result_url);
        mark("results");
        data = results.json.data;
      } else if (posted.status !== 200) throw new Error(`sync run answered ${posted.status}: ${JSON.stringify(posted.json).slice(0, 200)}`);
      if (Number(data?.[0]?.i) !== i) throw new Error(`wrong rows: ${JSON.stringify(data).slice(0, 200)}`);
    } catch (e) {
      failures.push({ i, engine, mode: async_ ? "async" : "sync", error: String(e.message ?? e) });
      waiting.delete(client_id);
    }
    const ms = performance.now() - t0;
    runs.push({ engine, mode: async_ ? "async" : "sync", ms });
    if (ms > STALL_MS) stalls.push({ i, engine, mode: async_ ? "async" : "sync", ms: round(ms, 0), phases, at: new Date().toISOString() });
  }

  let next = 0;
  const half = Math.floor(RUNS / 2);
  const clients = async (until) => {
    const one = async () => {
      while (next < until) await runOne(next++);
    };
    await Promise.all(Array.from({ length: CLIENTS }, one));
  };
  const started = performance.now();
  await clients(half);
  console.log(`${half} runs; idle ${IDLE_PAUSE_MS / 1000} s (the pool closes idle connections after 60 s)`);
  await new Promise((r) => setTimeout(r, IDLE_PAUSE_MS));
  await clients(RUNS);
  const wall = performance.now() - started - IDLE_PAUSE_MS;
  polling = false;
  await poller;

  const groups = {};
  for (const r of runs) (groups[`${r.engine} ${r.mode}`] ??= []).push(r.ms);
  const figures = Object.fromEntries(Object.entries(groups).map(([k, xs]) => {
    xs.sort((a, b) => a - b);
    return [k, { runs: xs.length, p50_ms: round(percentile(xs, 50), 1), p99_ms: round(percentile(xs, 99), 1), max_ms: round(xs.at(-1), 1) }];
  }));
  for (const [k, f] of Object.entries(figures)) console.log(`${k.padEnd(16)} ${f.runs} runs  p50 ${f.p50_ms} ms  p99 ${f.p99_ms} ms  max ${f.max_ms} ms`);
  console.log(`${runs.length} runs in ${round(wall / 1000, 1)} s of work; stalls over ${STALL_MS} ms: ${stalls.length}; failures: ${failures.length}`);
  for (const s of stalls) console.log("stall", JSON.stringify(s));
  for (const f of failures.slice(0, 20)) console.log("failure", JSON.stringify(f));
  // what the Worker printed around a failure or stall (uncaught errors, engine messages)
  if (failures.length || stalls.length) console.log(`--- wrangler dev output (last 3000 characters) ---\n${worker.logs().slice(-3000)}`);
  saveResults("soak", { runs: runs.length, clients: CLIENTS, idle_pause_ms: IDLE_PAUSE_MS, load_average_1m: round(loadavg()[0], 1), stall_threshold_ms: STALL_MS, stalls, failures, figures });
  if (failures.length || stalls.length) process.exitCode = 1;
} finally {
  await worker.stop();
}
