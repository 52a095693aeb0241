// What the dashboard benchmarks share (bench/dashboard.mjs, bench/dashboard-profile.mjs): the 24-chart bench
// dashboard with its value filter, the page instrumentation, the "every chart painted" wait, and the two timed runs
// (warm navigation, filter apply).
import { round } from "./_lib.mjs";

/** A published dashboard of the example charts of 24 chart types; answers its slug. */
export async function make24(url, cookie, csrf, jsonMetadata) {
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

export function instrument() {
  const bench = (window.__bench = { longtasks: [], batch: { lines: 0, front: 0, cached: 0, rows: 0 }, drawingShown: {} });
  // the charts the server drew into the HTML (ADR 0015) show as the parser inserts them, before any script of the
  // page runs: each is stamped with the time of the first animation frame after it entered the document (the
  // frame that paints it; a busy main thread delays that frame, and so the stamp)
  new MutationObserver((records) => {
    const added = [];
    // a parsed page adds each drawing on its own; a page that renders them (the embedded page) adds a subtree
    const chartOf = (el) => el.closest('[data-testid="dashboard-chart"]')?.getAttribute("data-chart-id");
    for (const r of records) for (const n of r.addedNodes) {
      if (!(n instanceof Element)) continue;
      if (n.id.startsWith("server-drawing-")) added.push(chartOf(n));
      else if (n.firstElementChild) for (const d of n.querySelectorAll('[id^="server-drawing-"]')) added.push(chartOf(d));
    }
    if (added.length) requestAnimationFrame(() => { for (const id of added) if (id) bench.drawingShown[id] ??= performance.now(); });
  }).observe(document, { childList: true, subtree: true });
  // the batch's NDJSON lines, read from a copy of each answer (CDP keeps no body of a streamed response)
  const realFetch = window.fetch;
  window.fetch = async (input, init) => {
    const res = await realFetch(input, init);
    if (String(input instanceof Request ? input.url : input).includes("/api/v1/chart/data/batch")) {
      void res.clone().text().then((text) => {
        for (const line of text.split("\n").filter(Boolean)) {
          bench.batch.lines++;
          const answer = JSON.parse(line);
          if (answer.front === true) bench.batch.front++;
          // answers from any cache (front, Cache API) say is_cached on every query; rowcount tells two tenants apart
          const results = Array.isArray(answer.body?.result) ? answer.body.result : [];
          if (results.length && results.every((r) => r.is_cached === true)) bench.batch.cached++;
          for (const r of results) bench.batch.rows += Number(r.rowcount) || 0;
        }
      });
    }
    return res;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
}

/**
 * Every chart box holds a drawn canvas, a table, or a big number (its live chart): answers when that first became
 * true (`live`), and when every box first showed its chart, the server's drawing counting (`shown`), in ms since
 * navigation.
 */
export async function waitAllPainted(page, count) {
  await page.waitForFunction((n) => {
    const boxes = [...document.querySelectorAll('[data-testid="dashboard-chart"]')];
    if (boxes.length !== n) return false;
    // a canvas seen drawn is not read again (reading every canvas's pixels each frame was a main-thread cost of
    // its own, hundreds of ms over a run, that the figures then counted against the page)
    const drawn = (window.__bench.drawnCanvases ??= new WeakSet());
    const liveAt = (window.__bench.liveAt ??= {});
    const painted = boxes.map((box) => {
      const id = box.getAttribute("data-chart-id");
      if (liveAt[id]) return true;
      const live = () => {
        if (box.querySelector('[data-testid="table-chart"] tbody tr, [data-testid="pivot-table-chart"] tbody tr, [data-testid="big-number-headline"]')) return true;
        const canvas = box.querySelector("canvas");
        if (!canvas || !canvas.width) return false;
        if (drawn.has(canvas)) return true;
        const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 3; i < data.length; i += 64) if (data[i] > 0) return (drawn.add(canvas), true);
        return false;
      };
      if (live()) liveAt[id] = performance.now();
      return Boolean(liveAt[id]);
    }).every(Boolean);
    if (painted && !window.__bench.painted) window.__bench.painted = performance.now();
    return painted;
  }, count, { timeout: 120_000, polling: "raf" });
  return page.evaluate(() => {
    const { liveAt, drawingShown, painted } = window.__bench;
    const shown = Object.keys(liveAt).map((id) => Math.min(liveAt[id], drawingShown[id] ?? Infinity));
    return { live: painted, shown: Math.max(...shown), drawings: Object.keys(drawingShown).length };
  });
}

/** json_metadata with one value filter on cleaned_sales_data.deal_size (scope: the whole dashboard). */
export async function salesFilterMetadata(url, cookie) {
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


/** One navigation to the dashboard until its 24 charts are painted; `hooks.start/stop` bracket it (a trace). */
export async function p2Run(context, slug, hooks = {}) {
  const page = await context.newPage();
  const requests = [];
  page.on("request", (r) => requests.push({ method: r.method(), url: r.url(), type: r.resourceType() }));
  await hooks.start?.(page);
  await page.goto(`/superset/dashboard/${slug}/`);
  const painted = await waitAllPainted(page, 24);
  const trace = await hooks.stop?.(page);
  await page.waitForTimeout(500);
  const longtasks = await page.evaluate(() => window.__bench.longtasks);
  const data = requests.filter((r) => r.type === "document" || (r.method === "POST" && r.url.includes("/api/v1/chart/data")));
  await page.close();
  return {
    trace,
    // every chart shown (the server's drawings counting), and every chart live (drawn by the page's own code)
    painted_ms: round(painted.shown, 0),
    live_ms: round(painted.live, 0),
    server_drawings: painted.drawings,
    data_round_trips: data.length,
    chart_data_requests: data.filter((r) => r.type !== "document").length,
    requests: requests.length,
    longest_task_ms: round(Math.max(0, ...longtasks.map((t) => t.duration)), 0),
    long_tasks_over_50ms: longtasks.length,
    long_task_total_ms: round(longtasks.reduce((a, t) => a + t.duration, 0), 0),
  };
}


/** Apply "Small" in the Deal size filter on the painted dashboard: ms from the click to every in-scope chart repainted. */
export async function applyRun(context, slug, hooks = {}) {
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
  await page.evaluate(() => {
    window.__bench.batch = { lines: 0, front: 0, cached: 0, rows: 0 };
    // timed from the click event itself: Playwright's click first waits for the button to be visible, stable
    // and hit-testable, round trips that take seconds on a loaded machine and are no part of the page's work
    document.addEventListener("click", (e) => {
      if (e.target instanceof Element && e.target.closest('[data-testid="filter-bar-apply"]')) window.__bench.clickAt = e.timeStamp;
    }, { capture: true, once: true });
  });
  await hooks.start?.(page);
  await page.getByTestId("filter-bar-apply").click();
  const t0 = await page.evaluate(() => window.__bench.clickAt);
  const done = await page.waitForFunction(() => {
    const boxes = [...document.querySelectorAll('[data-testid="dashboard-chart"]')].filter((b) => b.getAttribute("data-filters-applied") !== "0");
    if (!boxes.length) return false;
    const ready = boxes.every((b) => window.__bench.reloaded.has(b.getAttribute("data-chart-id")) && b.getAttribute("data-status") === "success" && b.hasAttribute("data-painted"));
    return ready ? { at: performance.now(), charts: boxes.length } : false;
  }, null, { timeout: 60_000, polling: "raf" });
  const { at, charts } = await done.jsonValue();
  const trace = await hooks.stop?.(page);
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
  return { trace, apply_to_repainted_ms: round(at - t0, 0), charts_in_scope: charts, chart_data_requests: requests.length, data_request_ms: round(dataMs, 0), request_sent_after_click_ms: round(sentMs, 0), answer_in_after_click_ms: round(arrivedMs, 0), batch_lines: lines, front_cache_lines: frontLines };
}

