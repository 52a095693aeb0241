// Embedded dashboards (issue 28, "Speed"): the 24-chart bench dashboard of bench/dashboard.mjs (P2), embedded by a
// host page on another origin with Superset's own @superset-ui/embedded-sdk (its npm UMD bundle) and a guest token,
// in Debian's Chromium over an isolated `wrangler dev` of the last build:
//  warm      host page navigation → every chart shown inside the iframe, after one view of the same tenant filled
//            the cache; p50/p95 over RUNS views, each with a freshly minted token (as a host mints one per page
//            load). Also from the iframe's own navigation, and where the time goes (the iframe's document, its load
//            event, when the SDK's handshake lets the page ask /embedded/{uuid}/dashboard, the chart-data batch).
//  cold      the first view of each tenant (fills the cache).
//  tenants   one guest token without rules, one with an RLS clause on cleaned_sales_data (the dataset most of the
//            24 charts use), so the two read different rows (the batch's row counts say so).
//  2nd guest another user of the RLS tenant (same rule, fresh token): how many of its chart answers came from a
//            cache (is_cached; `front`: the per-isolate front cache, whose key holds the guest's user) and its time.
//  P2        the logged-in viewer's warm view of the same dashboard (bench/_dashboard.mjs's p2Run), runs interleaved
//            with the embedded ones so both see the same machine load.
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadavg } from "node:os";
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { adminApi, round, saveResults, summary } from "./_lib.mjs";
import { launchChromium } from "./_browser.mjs";
import { traceHooks } from "./_trace.mjs";
import { instrument, make24, p2Run, salesFilterMetadata, waitAllPainted } from "./_dashboard.mjs";

const RUNS = Number(process.env.EMBEDDED_RUNS ?? 10);
const GOAL_MS = 1000;
const RLS_CLAUSE = "deal_size = 'Small'";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The host app: one page per token (registered by the bench under a key), embedding the dashboard with the SDK. */
async function startHost(supersetDomain, uuid) {
  const sdk = readFileSync(join(import.meta.dirname, "../node_modules/@superset-ui/embedded-sdk/bundle/index.js"));
  const tokens = new Map();
  const html = (token) => `<!doctype html><html><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,">
<style>body { margin: 0 } #mount iframe { width: 1420px; height: 3700px; border: 0; }</style></head>
<body><div id="mount"></div><script src="/sdk.js"></script><script>
supersetEmbeddedSdk.embedDashboard({ id: ${JSON.stringify(uuid)}, supersetDomain: ${JSON.stringify(supersetDomain)},
  mountPoint: document.getElementById("mount"), fetchGuestToken: async () => ${JSON.stringify(token)} });
</script></body></html>`;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://host");
    if (url.pathname === "/sdk.js") return res.writeHead(200, { "Content-Type": "text/javascript" }).end(sdk);
    const token = tokens.get(url.searchParams.get("k"));
    if (url.pathname === "/" && token) return res.writeHead(200, { "Content-Type": "text/html" }).end(html(token));
    res.writeHead(404).end();
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  let next = 0;
  return {
    // localhost, not 127.0.0.1 (the Worker's): the host is another origin, as a real host app is
    url: (token) => { const k = String(next++); tokens.set(k, token); return `http://localhost:${server.address().port}/?k=${k}`; },
    stop: () => new Promise((r) => server.close(r)),
  };
}

/** One host page navigation until the embedded dashboard shows its 24 charts. */
async function embeddedRun(context, hostUrl, hooks = {}) {
  const page = await context.newPage();
  const requests = [];
  page.on("request", (r) => requests.push({ method: r.method(), url: r.url(), type: r.resourceType() }));
  // the page data: the charts whose cached answers ride along in it (looked up in the cache, never queried there)
  let pageData = null;
  page.on("response", (r) => {
    if (/\/embedded\/[^/]+\/dashboard/.test(r.url())) pageData = r.text().then((text) => ({ bytes: text.length, charts: Object.values(JSON.parse(text).charts ?? {}), drawings: Object.values(JSON.parse(text).drawings ?? {}).filter(Boolean).length })).catch(() => ({ bytes: 0, charts: [] }));
  });
  await hooks.start?.(page);
  await page.goto(hostUrl);
  let frame;
  for (let i = 0; !frame && i < 600; i++) {
    frame = page.frames().find((f) => f.url().includes("/embedded/"));
    if (!frame) await sleep(50);
  }
  if (!frame) throw new Error("the SDK placed no iframe");
  await frame.waitForLoadState("domcontentloaded");
  const painted = await waitAllPainted(frame, 24);
  const trace = await hooks.stop?.(page);
  const hostOrigin = await page.evaluate(() => performance.timeOrigin);
  await page.waitForTimeout(500);
  const w = await frame.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const res = performance.getEntriesByType("resource");
    const span = (test) => {
      const e = res.filter((x) => test(x.name));
      return e.length ? { start: Math.min(...e.map((x) => x.startTime)), end: Math.max(...e.map((x) => x.responseEnd)), wait: Math.max(...e.map((x) => x.responseStart - x.requestStart)) } : null;
    };
    return {
      origin: performance.timeOrigin,
      document_ms: nav.responseEnd, dom_content_loaded_ms: nav.domContentLoadedEventEnd, load_event_ms: nav.loadEventStart,
      page_data: span((n) => /\/embedded\/[^/]+\/dashboard/.test(n)),
      chart_data: span((n) => n.includes("/api/v1/chart/data/batch")),
      batch: window.__bench.batch,
      longtasks: window.__bench.longtasks,
    };
  });
  const { bytes, charts, drawings } = (await pageData) ?? { bytes: 0, charts: [], drawings: 0 };
  const withData = charts.filter((c) => c.initial_data);
  const workerOrigin = new URL(frame.url()).origin;
  await page.close();
  const offset = w.origin - hostOrigin; // the iframe's navigation began this long after the host's
  const r = (n) => (n == null ? null : round(n, 0));
  return {
    trace,
    host_nav_to_shown_ms: r(offset + painted.shown),
    // the server's drawings in the page data, and those the page showed before its live charts
    drawings_in_page_data: drawings, server_drawings_shown: painted.drawings,
    frame_nav_to_shown_ms: r(painted.shown),
    iframe_started_ms: r(offset),
    frame_document_ms: r(w.document_ms), frame_dom_content_loaded_ms: r(w.dom_content_loaded_ms), frame_load_event_ms: r(w.load_event_ms),
    page_data_request_ms: w.page_data && [r(w.page_data.start), r(w.page_data.end)],
    page_data_bytes: bytes, page_data_server_wait_ms: w.page_data && r(w.page_data.wait),
    chart_data_batch_ms: w.chart_data && [r(w.chart_data.start), r(w.chart_data.end)],
    chart_data_requests: requests.filter((x) => x.method === "POST" && x.url.includes("/api/v1/chart/data")).length,
    requests_to_worker: requests.filter((x) => x.url.startsWith(workerOrigin)).length,
    // answered from the cache: the charts whose data came inside the page data, plus batch answers saying is_cached
    charts_in_page_data: withData.length, charts_from_cache: withData.length + w.batch.cached,
    batch_lines: w.batch.lines, front_cache_lines: w.batch.front, cached_lines: w.batch.cached, rows: w.batch.rows,
    longest_task_ms: r(Math.max(0, ...w.longtasks.map((t) => t.duration))),
    long_task_total_ms: r(w.longtasks.reduce((a, t) => a + t.duration, 0)),
  };
}

const pick = (runs, key) => summary(runs.map((x) => x[key]));
const medianOf = (runs, key) => {
  const values = runs.map((x) => x[key]).filter((v) => typeof v === "number");
  return values.length ? summary(values).p50_ms : null; // null: no such request (no batch when the page data held every chart)
};

const loadBefore = loadavg();
const worker = await startWorker();
const browser = await launchChromium();
let figures;
let host;
try {
  const form = new URLSearchParams({ ...TEST_ADMIN, next: "/" });
  const login = await fetch(`${worker.url}/login/`, { method: "POST", body: form, redirect: "manual" });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  const csrf = (await (await fetch(`${worker.url}/api/v1/security/csrf_token/`, { headers: { Cookie: cookie } })).json()).result;
  const { api, bearer } = await adminApi(worker.url, TEST_ADMIN);

  const slug = await make24(worker.url, cookie, csrf, await salesFilterMetadata(worker.url, cookie));
  const dashboardId = (await api(`/api/v1/dashboard/${slug}`, {}, bearer)).result.id;
  const { uuid } = (await api(`/api/v1/dashboard/${dashboardId}/embedded`, { method: "POST", body: JSON.stringify({ allowed_domains: [] }) }, bearer)).result;
  const q = encodeURIComponent("(filters:!((col:table_name,opr:eq,value:cleaned_sales_data)))");
  const sales = (await api(`/api/v1/dataset/?q=${q}`, {}, bearer)).result[0].id;
  const mint = async (username, rls) => (await api("/api/v1/security/guest_token/", { method: "POST", body: JSON.stringify({ user: { username, first_name: username, last_name: "Guest" }, resources: [{ type: "dashboard", id: uuid }], rls }) }, bearer)).token;
  const TENANTS = { all: { user: "guest-all", rls: [] }, rls: { user: "tenant-small-alice", rls: [{ dataset: sales, clause: RLS_CLAUSE }] } };
  host = await startHost(worker.url, uuid);

  const viewport = { width: 1440, height: 3800 };
  const viewer = await browser.newContext({ baseURL: worker.url, viewport, timezoneId: "UTC" });
  await viewer.addCookies([{ name: "session", value: cookie.slice("session=".length), url: worker.url }]);
  await viewer.addInitScript(instrument);
  // the guests' browser: no session of this app, only the host's page (addInitScript reaches the iframe too)
  const guests = await browser.newContext({ viewport, timezoneId: "UTC" });
  await guests.addInitScript(instrument);

  const p2Cold = await p2Run(viewer, slug);
  console.log(`P2 cold (logged-in viewer, fills the cache): ${p2Cold.painted_ms} ms`);
  const cold = {};
  for (const [name, t] of Object.entries(TENANTS)) {
    cold[name] = await embeddedRun(guests, host.url(await mint(t.user, t.rls)));
    console.log(`embedded cold, tenant ${name}: host navigation → 24 charts shown ${cold[name].host_nav_to_shown_ms} ms (iframe's own ${cold[name].frame_nav_to_shown_ms} ms), ${cold[name].charts_from_cache}/24 charts from the cache (${cold[name].charts_in_page_data} inside the page data), ${cold[name].batch_lines} batch answers (${cold[name].rows} rows in them)`);
  }
  await sleep(1000); // the cache writes run after the responses (waitUntil)

  // one more view of each before timing: the browser's asset cache, as P2's warm run has it
  for (const t of Object.values(TENANTS)) await embeddedRun(guests, host.url(await mint(t.user, t.rls)));
  const p2 = [];
  const warm = { all: [], rls: [] };
  for (let i = 0; i < RUNS; i++) {
    p2.push(await p2Run(viewer, slug));
    for (const [name, t] of Object.entries(TENANTS)) warm[name].push(await embeddedRun(guests, host.url(await mint(t.user, t.rls))));
    console.log(`run ${i + 1}/${RUNS} (load ${loadavg()[0].toFixed(2)}): P2 ${p2.at(-1).painted_ms} ms (live ${p2.at(-1).live_ms} ms), embedded ${warm.all.at(-1).host_nav_to_shown_ms} ms (no rule), ${warm.rls.at(-1).host_nav_to_shown_ms} ms (RLS)`);
  }
  // a second guest of the RLS tenant: another user, the same rule, a token of its own
  const second = await embeddedRun(guests, host.url(await mint("tenant-small-bob", TENANTS.rls.rls)));
  console.log(`second guest of the RLS tenant: ${second.host_nav_to_shown_ms} ms, ${second.charts_from_cache}/24 charts from the cache (${second.charts_in_page_data} inside the page data; ${second.cached_lines}/${second.batch_lines} batch answers cached, ${second.front_cache_lines} by the front cache)`);

  // EMBEDDED_TRACE=1: one more warm view of each kind under a Chrome trace (bench/_trace.mjs): the main thread's
  // busy time and its split, which on a loaded machine say more than wall-clock times
  const traces = process.env.EMBEDDED_TRACE ? {
    p2: (await p2Run(viewer, slug, traceHooks(browser))).trace,
    embedded: (await embeddedRun(guests, host.url(await mint(TENANTS.all.user, TENANTS.all.rls)), traceHooks(browser))).trace,
  } : undefined;
  if (traces) console.log(JSON.stringify(traces, null, 1));
  const sum = (runs) => ({
    host_nav_to_shown: pick(runs, "host_nav_to_shown_ms"),
    frame_nav_to_shown: pick(runs, "frame_nav_to_shown_ms"),
    median_waterfall_ms: {
      iframe_started: medianOf(runs, "iframe_started_ms"), frame_document: medianOf(runs, "frame_document_ms"),
      frame_dom_content_loaded: medianOf(runs, "frame_dom_content_loaded_ms"), frame_load_event: medianOf(runs, "frame_load_event_ms"),
      page_data_request_start: medianOf(runs, "page_data_start"), page_data_request_end: medianOf(runs, "page_data_end"),
      chart_data_batch_start: medianOf(runs, "batch_start"), chart_data_batch_end: medianOf(runs, "batch_end"),
    },
    charts_from_cache: runs.map((x) => x.charts_from_cache).join(" "),
    long_task_total: pick(runs, "long_task_total_ms"),
    page_data_bytes: runs[0].page_data_bytes,
    page_data_server_wait: pick(runs, "page_data_server_wait_ms"),
    render_after_page_data: summary(runs.map((x) => x.frame_nav_to_shown_ms - x.page_data_end)),
    runs,
  });
  for (const runs of Object.values(warm)) for (const x of runs) Object.assign(x, { page_data_start: x.page_data_request_ms?.[0], page_data_end: x.page_data_request_ms?.[1], batch_start: x.chart_data_batch_ms?.[0], batch_end: x.chart_data_batch_ms?.[1] });
  const loadAfter = loadavg();
  figures = {
    machine_load: { before: loadBefore.map((n) => round(n, 2)), after: loadAfter.map((n) => round(n, 2)) },
    runs: RUNS, goal_ms: GOAL_MS, rls_clause: RLS_CLAUSE,
    p2_logged_in: { painted: pick(p2, "painted_ms"), live: pick(p2, "live_ms"), long_task_total: pick(p2, "long_task_total_ms"), cold_ms: p2Cold.painted_ms, runs: p2 },
    embedded_warm: { no_rule: sum(warm.all), rls: sum(warm.rls) },
    embedded_cold: cold,
    second_guest_same_tenant: second,
    traces,
  };
  console.table({
    "P2 logged-in (shown, server drawings)": pick(p2, "painted_ms"),
    "P2 logged-in (every chart live)": pick(p2, "live_ms"),
    "embedded, no rule (host nav)": figures.embedded_warm.no_rule.host_nav_to_shown,
    "embedded, RLS (host nav)": figures.embedded_warm.rls.host_nav_to_shown,
    "embedded, no rule (iframe nav)": figures.embedded_warm.no_rule.frame_nav_to_shown,
    "embedded, no rule: page data in → shown": figures.embedded_warm.no_rule.render_after_page_data,
  });
  console.log("median waterfall of a warm embedded view (no rule), ms since the host's navigation for iframe_started, else since the iframe's:", figures.embedded_warm.no_rule.median_waterfall_ms);
  console.log(`machine load: before ${figures.machine_load.before.join(" ")}, after ${figures.machine_load.after.join(" ")}`);
} finally {
  await browser.close();
  await host?.stop();
  await worker.stop();
}
saveResults(process.env.EMBEDDED_TRACE ? "embedded-trace" : "embedded", figures);
