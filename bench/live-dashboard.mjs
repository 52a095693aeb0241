// Live dashboards (issue 29): 1,000 simulated viewers of one auto-refreshing dashboard over an isolated `wrangler
// dev` of the last build. Every viewer holds a websocket to GET /api/v1/dashboard/<id>/live (the same scope: one
// Durable Object); the object refreshes the 4 charts once per interval — 3 whose answer changes every run (a
// RANDOM() term) and 1 that never changes — and pushes changed answers. Figures: chart-data runs (each one database
// query: the refresh is forced) per interval against the charts refreshed, pushes each viewer got, push latency
// (from the `sent` time the object stamps on a push to the moment a viewer's frame arrives, before it is parsed; one
// clock, this machine, measured once all viewers are in; viewers spread over client threads, each reporting its own
// event-loop delay; each frame also crosses wrangler dev's proxy Worker, which a deployed Worker does not have),
// and the resident memory of workerd (the Worker, the object, D1 and the sockets) before the viewers, with them
// connected, and after the cycles. (DevTools' Runtime.getHeapUsage was tried: under wrangler dev it read the same
// 13.02 MB whatever the object held, so it is not the object's heap and is not reported.)
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { Worker } from "node:worker_threads";
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { percentile, round, saveResults } from "./_lib.mjs";

const VIEWERS = Number(process.env.LIVE_VIEWERS ?? 1000);
const INTERVAL_S = 2; // Superset's shortest choice is 10 s; the dashboard saves 2 s so the bench is short
const CYCLES = 5;
const THREADS = Number(process.env.LIVE_CLIENT_THREADS ?? 4);

const log = (...a) => process.env.BENCH_DEBUG && console.error(...a);
/** Resident memory of wrangler dev's process group (workerd: the Worker, its Durable Objects, D1, the sockets). */
function workerdRssMb(pgid) {
  let kb = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pgid) continue;
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // the process ended
    }
  }
  return round(kb / 1024, 1);
}

const worker = await startWorker();
let threads = [];
log("worker", worker.url);
try {
  const login = await fetch(`${worker.url}/api/v1/security/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...TEST_ADMIN, provider: "db" }) });
  const token = (await login.json()).access_token;
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const api = async (method, path, body) => {
    const res = await fetch(`${worker.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await res.json();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const q = encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))");
  const ds = (await api("GET", `/api/v1/dataset/?q=${q}`)).result[0].id;
  const dashboard = await api("POST", "/api/v1/dashboard/", {
    dashboard_title: `bench live ${Date.now()}`, published: true, json_metadata: JSON.stringify({ refresh_frequency: INTERVAL_S, stagger_time: 1000 }),
  });
  const metrics = ["SUM(num) + ABS(RANDOM() % 1000)", "MAX(num) + ABS(RANDOM() % 1000)", "MIN(num) + ABS(RANDOM() % 1000)", "COUNT(*)"];
  for (const [i, sqlExpression] of metrics.entries()) {
    const params = { viz_type: "big_number_total", datasource: `${ds}__table`, metric: { expressionType: "SQL", sqlExpression, label: `m${i}` } };
    await api("POST", "/api/v1/chart/", { slice_name: `bench live ${i}`, viz_type: "big_number_total", datasource_id: ds, datasource_type: "table", params: JSON.stringify(params), dashboards: [dashboard.id] });
  }

  log("charts made");
  const rssBefore = workerdRssMb(worker.pgid);

  const wsUrl = `${worker.url.replace(/^http/, "ws")}/api/v1/dashboard/${dashboard.id}/live`;
  // the viewers, split over client threads (bench/_live-viewers.mjs) so one client event loop does not queue them all
  threads = Array.from({ length: THREADS }, (_, t) => {
    const first = Math.floor((VIEWERS * t) / THREADS);
    const count = Math.floor((VIEWERS * (t + 1)) / THREADS) - first;
    return new Worker(new URL("./_live-viewers.mjs", import.meta.url), { workerData: { wsUrl, token, count, first } });
  });
  const reply = (w) => new Promise((resolve, reject) => {
    w.once("message", resolve);
    w.once("error", reject);
  });
  const t0 = performance.now();
  await Promise.all(threads.map((w) => {
    const answered = reply(w);
    w.postMessage("connect");
    return answered;
  }));
  const connectMs = round(performance.now() - t0);
  const statsOf = async () => (await api("GET", `/api/v1/dashboard/${dashboard.id}/live/stats`)).result;
  const rssConnected = workerdRssMb(worker.pgid);
  const start = (await statsOf())[0];
  for (const w of threads) w.postMessage("measure");
  await new Promise((r) => setTimeout(r, CYCLES * INTERVAL_S * 1000 + 500));
  // read while every viewer is still connected (stopping the threads closes their sockets)
  const end = (await statsOf())[0];
  const scopes = (await statsOf()).length;
  const parts = await Promise.all(threads.map((w) => {
    const answered = reply(w);
    w.postMessage("stop");
    return answered;
  }));
  const rssAfter = workerdRssMb(worker.pgid);

  const cycles = end.cycles - start.cycles;
  const runs = end.runs - start.runs;
  // the complete cycles of the window: each one's chart-data runs (one forced database query each)
  const perCycle = end.cycleRuns.slice(-Math.max(1, cycles - 1));
  const sorted = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const perViewer = parts.flatMap((p) => p.pushes).sort((a, b) => a - b);
  const lateAnswers = parts.reduce((n, p) => n + p.lateAnswers, 0);
  // per push: from the object's send to its first arrival at any viewer (the path), and to its last (the fan-out)
  const pushesSeen = {};
  for (const p of parts) {
    for (const [k, s] of Object.entries(p.spread)) {
      const all = (pushesSeen[k] ??= { ...s });
      all.first = Math.min(all.first, s.first);
      all.last = Math.max(all.last, s.last);
    }
  }
  const firsts = Object.values(pushesSeen).map((s) => s.first - s.sent).sort((a, b) => a - b);
  const lasts = Object.values(pushesSeen).map((s) => s.last - s.sent).sort((a, b) => a - b);
  const figures = {
    viewers: VIEWERS, charts: end.charts, interval_s: INTERVAL_S, scopes, sockets_in_object: end.sockets, connect_all_ms: connectMs,
    cycles, chart_runs: runs, queries_per_complete_interval: perCycle,
    pushes_per_viewer: { min: perViewer[0], max: perViewer.at(-1) }, answers_sent_on_arrival: lateAnswers,
    push_latency_ms: { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: sorted.at(-1), pushes: sorted.length },
    push_first_arrival_ms: { p50: percentile(firsts, 50), max: firsts.at(-1) },
    push_last_arrival_ms: { p50: percentile(lasts, 50), max: lasts.at(-1) },
    client_threads: THREADS, client_event_loop_delay_p99_ms: parts.map((p) => round(p.loopDelayP99Ms, 1)),
    load_average: loadavg().map((n) => round(n, 2)),
    workerd_rss_mb: { before_viewers: rssBefore, viewers_connected: rssConnected, after_cycles: rssAfter },
  };
  console.log(JSON.stringify(figures, null, 2));
  if (scopes !== 1) throw new Error(`all viewers share one scope, got ${scopes}`);
  if (perCycle.some((n) => n !== end.charts)) throw new Error(`each interval runs each chart once: ${perCycle} for ${end.charts} charts`);
  saveResults("live-dashboard", figures);
} finally {
  await Promise.all(threads.map((w) => w.terminate()));
  await worker.stop();
}
