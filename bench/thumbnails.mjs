// Thumbnails (the correctness issue's chart/dashboard thumbnails): what a chart's and a dashboard's thumbnail cost
// the first time (the chart data read and the render Worker's PNG), forced (drawn again, data from the cache), and
// warm (the PNG from the Cache API), over an isolated `wrangler dev` of the last build, with the example content.
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { load, percentile, round, saveResults } from "./_lib.mjs";

const RUNS = 10;

async function timed(url, headers) {
  const t0 = performance.now();
  const res = await fetch(url, { headers, redirect: "manual" });
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { ms: performance.now() - t0, bytes };
}

const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50_ms: round(percentile(sorted, 50)), max_ms: round(sorted.at(-1)) };
};

const worker = await startWorker();
try {
  const login = await fetch(`${worker.url}/api/v1/security/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...TEST_ADMIN, provider: "db" }) });
  const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
  const charts = (await (await fetch(`${worker.url}/api/v1/chart/?q=(page_size:100,columns:!(id,viz_type,thumbnail_url))`, { headers })).json()).result;
  const dashboards = (await (await fetch(`${worker.url}/api/v1/dashboard/?q=(page_size:100)`, { headers })).json()).result;
  const pie = charts.find((c) => c.viz_type === "pie");
  const figures = {};
  for (const [name, target] of [["chart_pie", pie], ["dashboard_first", dashboards[0]]]) {
    const url = `${worker.url}${target.thumbnail_url}`;
    const first = await timed(url, headers);
    const forced = [];
    for (let i = 0; i < RUNS; i++) forced.push((await timed(`${url}?force=true`, headers)).ms);
    const warm = await load(() => fetch(url, { headers }), { total: 200, concurrency: 4 });
    figures[name] = { png_bytes: first.bytes, first_ms: round(first.ms), forced: summary(forced), warm };
  }
  console.table(Object.fromEntries(Object.entries(figures).map(([k, f]) => [k, { bytes: f.png_bytes, first_ms: f.first_ms, forced_p50_ms: f.forced.p50_ms, warm_p50_ms: f.warm.p50_ms, warm_rps: f.warm.rps }])));
  saveResults("thumbnails", figures);
} finally {
  await worker.stop();
}
