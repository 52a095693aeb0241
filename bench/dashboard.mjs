// Dashboard figures of issue 11 ("Speed for viewers everywhere"), one run each against an isolated `wrangler dev`
// of the last build, in Debian's Chromium:
//  P2  a 24-chart dashboard (the example charts of 24 chart types, Superset's default rows of three), warm (its
//      chart data already cached by an earlier view): navigation → every chart painted (a chart the server drew
//      into the HTML counts from the frame that shows it, ADR 0015; the time until every chart is live, drawn by
//      the page's own code, is reported beside it), and the data round trips
//      (the document, plus each POST /api/v1/chart/data; goal ≤ 3, ≤ 1.0 s). The viewport is tall enough to hold
//      all 24 charts (charts below the fold wait until scrolled to: a normal viewport would time the scrolling).
//  long tasks  the same navigation: the longest main-thread task while the 24 charts paint (goal: none > 200 ms).
//  P3  JS + CSS (gzip level 9) the dashboard route loads in view mode (budget 300 KB), and whether Monaco is in it.
//  filter apply  the same dashboard with a value filter on cleaned_sales_data.deal_size (the dataset most of the 24
//      charts use): pick "Small", click "Apply filters" → every chart in the filter's scope queried again and
//      repainted (goal ≤ 500 ms, issue 12), and how many chart-data requests that took (goal: one round trip),
//      the data request's own time and how many of its batch lines the front cache answered (the second apply).
//  P7  D1 rows read by a warm view of a 24-chart dashboard (budget 1,000): counted by D1's own meta.rows_read in
//      tests/worker/example-dashboards.test.ts (inside workerd, where the D1 binding can be wrapped), run here.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { join } from "node:path";
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { round, saveResults } from "./_lib.mjs";
import { launchChromium, routeAssets } from "./_browser.mjs";
import { applyRun, instrument, make24, p2Run, salesFilterMetadata } from "./_dashboard.mjs";

const P3_BUDGET_KB = 300;
const P7_BUDGET_ROWS = 1000;
const GOALS = { p2_ms: 1000, p2_round_trips: 3, long_task_ms: 200 };

function p7() {
  const root = join(import.meta.dirname, "..");
  const r = spawnSync(join(root, "node_modules/.bin/vitest"), ["run", "--project", "worker", "tests/worker/example-dashboards.test.ts", "-t", "P7"], { cwd: root, encoding: "utf8", env: { ...process.env, TZ: "UTC" } });
  const line = `${r.stdout}${r.stderr}`.match(/P7: warm view of a 24-chart dashboard: admin (\d+) D1 rows read in (\d+) statements, Gamma reader (\d+) rows in (\d+); page HTML (\d+) bytes/);
  if (!line) return { error: "the P7 test printed no figure", exit_code: r.status };
  return { admin_rows_read: +line[1], admin_statements: +line[2], gamma_rows_read: +line[3], gamma_statements: +line[4], page_html_bytes: +line[5], test_passed: r.status === 0 };
}

const load = loadavg()[0];
const worker = await startWorker();
const browser = await launchChromium();
let figures;
try {
  const form = new URLSearchParams({ ...TEST_ADMIN, next: "/" });
  const login = await fetch(`${worker.url}/login/`, { method: "POST", body: form, redirect: "manual" });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  const csrf = (await (await fetch(`${worker.url}/api/v1/security/csrf_token/`, { headers: { Cookie: cookie } })).json()).result;

  const p3 = await routeAssets(worker.url, "/superset/dashboard/births/", cookie);
  const p3Verdict = p3.total_gzip_kb <= P3_BUDGET_KB && p3.monaco_files.length === 0 ? "within budget" : "OVER BUDGET";
  console.log(`P3 dashboard route (view mode): ${p3.files} files, JS ${p3.js_gzip_kb} KB + CSS ${p3.css_gzip_kb} KB gzip = ${p3.total_gzip_kb} KB (budget ${P3_BUDGET_KB} KB, Monaco files: ${p3.monaco_files.length}) — ${p3Verdict}`);
  console.log(`  largest: ${p3.largest.join(", ")}`);

  const slug = await make24(worker.url, cookie, csrf, await salesFilterMetadata(worker.url, cookie));
  const context = await browser.newContext({ baseURL: worker.url, viewport: { width: 1440, height: 3800 }, timezoneId: "UTC" });
  await context.addCookies([{ name: "session", value: cookie.slice("session=".length), url: worker.url }]);
  await context.addInitScript(instrument);
  const cold = await p2Run(context, slug); // fills the chart-data cache (and warms the browser's asset cache)
  console.log(`cold view (fills the cache): ${cold.painted_ms} ms to 24 charts painted, ${cold.chart_data_requests} chart-data requests`);
  await new Promise((r) => setTimeout(r, 1000)); // the cache writes run after the responses (waitUntil)
  const warm = await p2Run(context, slug);
  console.log(`P2 warm: navigation → 24 charts painted ${warm.painted_ms} ms (goal ${GOALS.p2_ms}; ${warm.server_drawings} of them first as the server's drawings), ${warm.data_round_trips} data round trips (goal ≤ ${GOALS.p2_round_trips}; chart-data requests ${warm.chart_data_requests})`);
  console.log(`  every chart live (drawn by the page's own code, the server's drawings replaced): ${warm.live_ms} ms`);
  console.log(`long tasks: longest ${warm.longest_task_ms} ms while 24 cached charts paint (goal ≤ ${GOALS.long_task_ms}), ${warm.long_tasks_over_50ms} over 50 ms`);

  await applyRun(context, slug); // fills the cache of the filtered queries' first run
  const apply = await applyRun(context, slug);
  console.log(`filter apply: click → ${apply.charts_in_scope} charts in scope repainted ${apply.apply_to_repainted_ms} ms (goal ≤ 500), ${apply.chart_data_requests} chart-data requests (sent ${apply.request_sent_after_click_ms} ms after the click, the data ${apply.data_request_ms} ms, all in at ${apply.answer_in_after_click_ms} ms; ${apply.front_cache_lines} of ${apply.batch_lines} batch lines from the front cache)`);

  const rows = p7();
  console.log(`P7 warm view D1 rows read: admin ${rows.admin_rows_read} (${rows.admin_statements} statements), Gamma reader ${rows.gamma_rows_read} (budget ${P7_BUDGET_ROWS})`);
  figures = { machine_load_1min: round(load, 2), p2: { warm, cold, goals: GOALS }, filter_apply: { ...apply, goal_ms: 500 }, p3: { ...p3, budget_kb: P3_BUDGET_KB }, p7: { ...rows, budget_rows: P7_BUDGET_ROWS } };
} finally {
  await browser.close();
  await worker.stop();
}
saveResults("dashboard", figures);
