// Dashboard figures of issue 11 ("Speed for viewers everywhere"), one run each against an isolated `wrangler dev`
// of the last build, in Debian's Chromium:
//  P2  a 24-chart dashboard (the example charts of 24 chart types, Superset's default rows of three), warm (its
//      chart data already cached by an earlier view): navigation → every chart painted, and the data round trips
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

const P3_BUDGET_KB = 300;
const P7_BUDGET_ROWS = 1000;
const GOALS = { p2_ms: 1000, p2_round_trips: 3, long_task_ms: 200 };

/** A published dashboard of the example charts of 24 chart types; answers its slug. */
async function make24(url, cookie, csrf, jsonMetadata) {
  const q = encodeURIComponent("(page_size:100,columns:!(id,slice_name,viz_type))");
  const list = await (await fetch(`${url}/api/v1/chart/?q=${q}`, { headers: { Cookie: cookie } })).json();
  const seen = new Set();
  const ids = [];
  for (const c of list.result) {
    if (seen.has(c.viz_type) || ids.length === 24) continue;
    seen.add(c.viz_type);
    ids.push(c.id);
  }
  if (ids.length < 24) throw new Error(`only ${ids.length} example charts of distinct types`);
  const layout = { DASHBOARD_VERSION_KEY: "v2", ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] }, GRID_ID: { type: "GRID", id: "GRID_ID", children: [], parents: ["ROOT_ID"] } };
  ids.forEach((chartId, i) => {
    const row = `ROW-${Math.floor(i / 3)}`;
    if (!layout[row]) {
      layout[row] = { type: "ROW", id: row, children: [], parents: ["ROOT_ID", "GRID_ID"], meta: { background: "BACKGROUND_TRANSPARENT" } };
      layout.GRID_ID.children.push(row);
    }
    layout[`CHART-${chartId}`] = { type: "CHART", id: `CHART-${chartId}`, children: [], parents: ["ROOT_ID", "GRID_ID", row], meta: { chartId, width: 4, height: 50 } };
    layout[row].children.push(`CHART-${chartId}`);
  });
  const slug = `bench-24-${Date.now().toString(36)}`;
  const res = await fetch(`${url}/api/v1/dashboard/`, {
    method: "POST", headers: { Cookie: cookie, "X-CSRFToken": csrf, "Content-Type": "application/json" },
    body: JSON.stringify({ dashboard_title: "Bench: 24 charts", slug, published: true, position_json: JSON.stringify(layout), ...(jsonMetadata ? { json_metadata: JSON.stringify(jsonMetadata) } : {}) }),
  });
  if (res.status !== 201) throw new Error(`dashboard create: ${res.status} ${await res.text()}`);
  return slug;
}

function instrument() {
  const bench = (window.__bench = { longtasks: [], batch: { lines: 0, front: 0 } });
  // the batch's NDJSON lines, read from a copy of each answer (CDP keeps no body of a streamed response)
  const realFetch = window.fetch;
  window.fetch = async (input, init) => {
    const res = await realFetch(input, init);
    if (String(input instanceof Request ? input.url : input).includes("/api/v1/chart/data/batch")) {
      void res.clone().text().then((text) => {
        for (const line of text.split("\n").filter(Boolean)) {
          bench.batch.lines++;
          if (JSON.parse(line).front === true) bench.batch.front++;
        }
      });
    }
    return res;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
}

/** Every chart box holds a drawn canvas, a table, or a big number: answers when that first became true (ms since navigation). */
async function waitAllPainted(page, count) {
  await page.waitForFunction((n) => {
    const boxes = [...document.querySelectorAll('[data-testid="dashboard-chart"]')];
    if (boxes.length !== n) return false;
    const painted = boxes.every((box) => {
      if (box.querySelector('[data-testid="table-chart"] tbody tr, [data-testid="pivot-table-chart"] tbody tr, [data-testid="big-number-headline"]')) return true;
      const canvas = box.querySelector("canvas");
      if (!canvas || !canvas.width) return false;
      const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 3; i < data.length; i += 64) if (data[i] > 0) return true;
      return false;
    });
    if (painted && !window.__bench.painted) window.__bench.painted = performance.now();
    return painted;
  }, count, { timeout: 120_000, polling: "raf" });
  return page.evaluate(() => window.__bench.painted);
}

async function p2Run(context, slug) {
  const page = await context.newPage();
  const requests = [];
  page.on("request", (r) => requests.push({ method: r.method(), url: r.url(), type: r.resourceType() }));
  await page.goto(`/superset/dashboard/${slug}/`);
  const paintedMs = await waitAllPainted(page, 24);
  await page.waitForTimeout(500);
  const longtasks = await page.evaluate(() => window.__bench.longtasks);
  const data = requests.filter((r) => r.type === "document" || (r.method === "POST" && r.url.includes("/api/v1/chart/data")));
  await page.close();
  return {
    painted_ms: round(paintedMs, 0),
    data_round_trips: data.length,
    chart_data_requests: data.filter((r) => r.type !== "document").length,
    requests: requests.length,
    longest_task_ms: round(Math.max(0, ...longtasks.map((t) => t.duration)), 0),
    long_tasks_over_50ms: longtasks.length,
  };
}

function p7() {
  const root = join(import.meta.dirname, "..");
  const r = spawnSync(join(root, "node_modules/.bin/vitest"), ["run", "--project", "worker", "tests/worker/example-dashboards.test.ts", "-t", "P7"], { cwd: root, encoding: "utf8", env: { ...process.env, TZ: "UTC" } });
  const line = `${r.stdout}${r.stderr}`.match(/P7: warm view of a 24-chart dashboard: admin (\d+) D1 rows read in (\d+) statements, Gamma reader (\d+) rows in (\d+); page HTML (\d+) bytes/);
  if (!line) return { error: "the P7 test printed no figure", exit_code: r.status };
  return { admin_rows_read: +line[1], admin_statements: +line[2], gamma_rows_read: +line[3], gamma_statements: +line[4], page_html_bytes: +line[5], test_passed: r.status === 0 };
}

/** json_metadata with one value filter on cleaned_sales_data.deal_size (scope: the whole dashboard). */
async function salesFilterMetadata(url, cookie) {
  const q = encodeURIComponent("(filters:!((col:table_name,opr:eq,value:cleaned_sales_data)))");
  const ds = (await (await fetch(`${url}/api/v1/dataset/?q=${q}`, { headers: { Cookie: cookie } })).json()).result[0];
  return {
    native_filter_configuration: [{
      id: "NATIVE_FILTER-benchdealsize", type: "NATIVE_FILTER", name: "Deal size", filterType: "filter_select",
      targets: [{ datasetId: ds.id, column: { name: "deal_size" } }], defaultDataMask: { extraFormData: {}, filterState: {} },
      controlValues: { multiSelect: true }, cascadeParentIds: [], scope: { rootPath: ["ROOT_ID"], excluded: [] }, description: "",
    }],
  };
}

/** Apply "Small" in the Deal size filter on the painted dashboard: ms from the click to every in-scope chart repainted. */
async function applyRun(context, slug) {
  const page = await context.newPage();
  await page.goto(`/superset/dashboard/${slug}/`);
  await waitAllPainted(page, 24);
  await page.getByTestId("filter-item").getByRole("textbox", { name: "Deal size" }).click();
  await page.getByRole("option", { name: "Small", exact: true }).click();
  await page.keyboard.press("Escape");
  // every chart that starts loading after the click is watched until it is drawn again
  await page.evaluate(() => {
    const seen = (window.__bench.reloaded = new Set());
    new MutationObserver((records) => {
      for (const r of records) if (r.target.getAttribute("data-status") === "loading") seen.add(r.target.getAttribute("data-chart-id"));
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-status"] });
  });
  const requests = [];
  page.on("request", (r) => r.method() === "POST" && r.url().includes("/api/v1/chart/data") && requests.push(r.url()));
  const t0 = await page.evaluate(() => {
    window.__bench.batch = { lines: 0, front: 0 };
    return performance.now();
  });
  await page.getByTestId("filter-bar-apply").click();
  const done = await page.waitForFunction(() => {
    const boxes = [...document.querySelectorAll('[data-testid="dashboard-chart"]')].filter((b) => b.getAttribute("data-filters-applied") !== "0");
    if (!boxes.length) return false;
    const ready = boxes.every((b) => window.__bench.reloaded.has(b.getAttribute("data-chart-id")) && b.getAttribute("data-status") === "success" && b.hasAttribute("data-painted"));
    return ready ? { at: performance.now(), charts: boxes.length } : false;
  }, null, { timeout: 60_000, polling: "raf" });
  const { at, charts } = await done.jsonValue();
  // the data's share of it (the chart-data requests' own time, from the page's resource timing), and how many
  // batch lines the per-isolate front cache answered (`front: true`, docs/decisions/0013)
  await page.waitForFunction((n) => window.__bench.batch.lines >= n, charts, { timeout: 10_000 }).catch(() => {});
  const { dataMs, sentMs, arrivedMs, lines, frontLines } = await page.evaluate((start) => {
    const data = performance.getEntriesByType("resource").filter((e) => e.name.includes("/api/v1/chart/data") && e.startTime >= start);
    return {
      dataMs: Math.max(0, ...data.map((e) => e.responseEnd - e.startTime)),
      // when after the click the first data request left, and when the last one's answer had arrived
      sentMs: Math.min(...data.map((e) => e.startTime - start)),
      arrivedMs: Math.max(...data.map((e) => e.responseEnd - start)),
      lines: window.__bench.batch.lines,
      frontLines: window.__bench.batch.front,
    };
  }, t0);
  await page.close();
  return { apply_to_repainted_ms: round(at - t0, 0), charts_in_scope: charts, chart_data_requests: requests.length, data_request_ms: round(dataMs, 0), request_sent_after_click_ms: round(sentMs, 0), answer_in_after_click_ms: round(arrivedMs, 0), batch_lines: lines, front_cache_lines: frontLines };
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
  console.log(`P2 warm: navigation → 24 charts painted ${warm.painted_ms} ms (goal ${GOALS.p2_ms}), ${warm.data_round_trips} data round trips (goal ≤ ${GOALS.p2_round_trips}; chart-data requests ${warm.chart_data_requests})`);
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
