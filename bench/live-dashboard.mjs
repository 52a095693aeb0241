// Live dashboards (issue 29): 1,000 simulated viewers of one auto-refreshing dashboard over an isolated `wrangler
// dev` of the last build. Every viewer holds a websocket to GET /api/v1/dashboard/<id>/live (the same scope: one
// Durable Object); the object refreshes the 4 charts once per interval — 3 whose answer changes every run (a
// RANDOM() term) and 1 that never changes — and pushes changed answers. Figures: chart-data runs (each one database
// query: the refresh is forced) per interval against the charts refreshed, pushes each viewer got, push latency
// (from the answer being read to a viewer receiving it; one clock, this machine, measured once all viewers are in),
// and the resident memory of workerd (the Worker, the object, D1 and the sockets) before the viewers, with them
// connected, and after the cycles. (DevTools' Runtime.getHeapUsage was tried: under wrangler dev it read the same
// 13.02 MB whatever the object held, so it is not the object's heap and is not reported.)
import { readdirSync, readFileSync } from "node:fs";
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { percentile, round, saveResults } from "./_lib.mjs";

const VIEWERS = Number(process.env.LIVE_VIEWERS ?? 1000);
const INTERVAL_S = 2; // Superset's shortest choice is 10 s; the dashboard saves 2 s so the bench is short
const CYCLES = 5;

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
log("worker", worker.url);
const sockets = [];
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
  const latencies = [];
  const pushes = new Array(VIEWERS).fill(0);
  let lateAnswers = 0;
  const open = (i) => new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { headers: { Authorization: `Bearer ${token}` } });
    sockets.push(ws);
    let opened = false;
    ws.onopen = () => {
      opened = true;
      resolve();
    };
    ws.onerror = () => !opened && reject(new Error(`viewer ${i} could not connect`));
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      // answers kept from before this viewer connected (sent at once on arrival) are not pushes
      if (m.at < connectedAt[i]) return void lateAnswers++;
      if (!measuring) return; // while 1,000 handshakes load the Worker, pushes wait behind them: not the figure
      pushes[i]++;
      latencies.push(Date.now() - m.at);
    };
  });
  const connectedAt = [];
  let measuring = false;
  const t0 = performance.now();
  for (let i = 0; i < VIEWERS; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, VIEWERS - i) }, (_, k) => {
      connectedAt[i + k] = Date.now();
      return open(i + k);
    }));
  }
  const connectMs = round(performance.now() - t0);
  const statsOf = async () => (await api("GET", `/api/v1/dashboard/${dashboard.id}/live/stats`)).result;
  const rssConnected = workerdRssMb(worker.pgid);
  const start = (await statsOf())[0];
  measuring = true;
  await new Promise((r) => setTimeout(r, CYCLES * INTERVAL_S * 1000 + 500));
  measuring = false;
  const end = (await statsOf())[0];
  const rssAfter = workerdRssMb(worker.pgid);

  const scopes = (await statsOf()).length;
  const cycles = end.cycles - start.cycles;
  const runs = end.runs - start.runs;
  // the complete cycles of the window: each one's chart-data runs (one forced database query each)
  const perCycle = end.cycleRuns.slice(-Math.max(1, cycles - 1));
  const sorted = [...latencies].sort((a, b) => a - b);
  const perViewer = [...pushes].sort((a, b) => a - b);
  const figures = {
    viewers: VIEWERS, charts: end.charts, interval_s: INTERVAL_S, scopes, sockets_in_object: end.sockets, connect_all_ms: connectMs,
    cycles, chart_runs: runs, queries_per_complete_interval: perCycle,
    pushes_per_viewer: { min: perViewer[0], max: perViewer.at(-1) }, answers_sent_on_arrival: lateAnswers,
    push_latency_ms: { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: sorted.at(-1), pushes: sorted.length },
    workerd_rss_mb: { before_viewers: rssBefore, viewers_connected: rssConnected, after_cycles: rssAfter },
  };
  console.log(JSON.stringify(figures, null, 2));
  if (scopes !== 1) throw new Error(`all viewers share one scope, got ${scopes}`);
  if (perCycle.some((n) => n !== end.charts)) throw new Error(`each interval runs each chart once: ${perCycle} for ${end.charts} charts`);
  saveResults("live-dashboard", figures);
} finally {
  for (const ws of sockets) ws.close(1000);
  await worker.stop();
}
