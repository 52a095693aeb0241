// History (issue 34), its two budgets: "a diff of two revisions of a 24-chart dashboard is computed in ≤ 50 ms" and
// "the history list of 1,000 revisions opens in ≤ 300 ms". First, in process: core/revisions' dashboard diff of
// two states of a 24-chart dashboard in 3 tabs with markdown and 10 native filters, the second with charts moved,
// resized, added and removed, a tab renamed, markdown, filters, title and CSS changed (the whole diff, parsing
// both states' JSON included). Then over an isolated `wrangler dev` of the last build (REVISIONS_KEPT=1000):
// a dashboard saved 1,000 times, then (warm) GET …/revisions (1,000 rows), GET …/revisions/{id} (state + diff) and
// GET …/revisions/{newest}?compare_to={oldest} (two chosen revisions of the 24-chart dashboard). Datasets too: the
// in-process diff of two states of a 200-column, 50-metric dataset, and over the API a virtual dataset saved 50
// times (each save a revision holding its columns and metrics), its list, one revision and a compare_to.
import { build } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { round, saveResults, summary, adminApi } from "./_lib.mjs";
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";

const RUNS = 500;
const SAVES = 1000;
const API_RUNS = 50;

const root = join(import.meta.dirname, "..");
const out = mkdtempSync(join(tmpdir(), "bench-revisions-"));
await build({
  entryPoints: [join(root, "core/revisions/diff-dashboard.ts")], bundle: true, format: "esm", platform: "neutral",
  outfile: join(out, "diff.mjs"), logLevel: "error",
});
await build({
  entryPoints: [join(root, "core/revisions/diff-dataset.ts")], bundle: true, format: "esm", platform: "neutral",
  outfile: join(out, "diff-dataset.mjs"), logLevel: "error",
});
const { diffDashboardStates } = await import(pathToFileURL(join(out, "diff.mjs")).href);
const { diffDatasetStates } = await import(pathToFileURL(join(out, "diff-dataset.mjs")).href);
rmSync(out, { recursive: true, force: true });

/** A 24-chart dashboard in 3 tabs of 4 rows of 2 charts, a markdown per tab; `v` 1 or 2 makes the two states. */
function dashboardState(v) {
  const layout = { ROOT_ID: { id: "ROOT_ID", type: "ROOT", children: ["TABS-1"], meta: {} }, "TABS-1": { id: "TABS-1", type: "TABS", children: [], meta: {} } };
  let chart = 0;
  for (let t = 0; t < 3; t++) {
    const tab = `TAB-${t}`;
    layout["TABS-1"].children.push(tab);
    layout[tab] = { id: tab, type: "TAB", children: [], meta: { text: v === 2 && t === 1 ? "Renamed tab" : `Tab ${t}` } };
    for (let r = 0; r < 4; r++) {
      const row = `ROW-${t}-${r}`;
      layout[tab].children.push(row);
      layout[row] = { id: row, type: "ROW", children: [], meta: { background: "BACKGROUND_TRANSPARENT" } };
      for (let c = 0; c < 2; c++) {
        chart++;
        const id = v === 2 && chart === 24 ? 99 : chart; // one chart replaced by another
        layout[`CHART-${id}`] = { id: `CHART-${id}`, type: "CHART", children: [], meta: { chartId: id, sliceName: `Chart ${id}`, width: v === 2 && chart % 7 === 0 ? 6 : 4, height: 50 } };
        layout[row].children.push(`CHART-${id}`);
      }
      if (v === 2 && r === 0) layout[row].children.reverse(); // moves within rows
    }
    layout[`MARKDOWN-${t}`] = { id: `MARKDOWN-${t}`, type: "MARKDOWN", children: [], meta: { code: `# Notes ${t}\n${"text ".repeat(40)}${v === 2 ? "\nmore" : ""}`, width: 4, height: 50 } };
    layout[`ROW-${t}-3`].children.push(`MARKDOWN-${t}`);
  }
  const filters = [...Array(10).keys()].map((i) => ({
    id: `NATIVE_FILTER-${i}`, name: `Filter ${i}`, filterType: "filter_select", targets: [{ datasetId: 1, column: { name: `col${i}` } }],
    defaultDataMask: { filterState: { value: v === 2 && i < 3 ? ["x"] : null } }, scope: { rootPath: ["ROOT_ID"], excluded: [] }, controlValues: { multiSelect: true },
  }));
  return {
    dashboard_title: v === 1 ? "Sales" : "Sales 2026", css: v === 1 ? ".a { color: red; }" : ".a { color: blue; }", published: 1,
    position_json: JSON.stringify(layout), json_metadata: JSON.stringify({ native_filter_configuration: filters, color_scheme: v === 1 ? "supersetColors" : "bnbColors", refresh_frequency: 0 }),
  };
}

const [before, after] = [dashboardState(1), dashboardState(2)];
const lines = diffDashboardStates(before, after);
for (let i = 0; i < 50; i++) diffDashboardStates(before, after);
const times = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  diffDashboardStates(before, after);
  times.push(performance.now() - t0);
}
const diff = { ...summary(times), max_ms: round(Math.max(...times)), lines: lines.length, runs: RUNS };
console.log("24-chart dashboard diff (in process):", diff);

/** A 200-column, 50-metric dataset; `v` 2 renames 10 columns, relabels 20, drops 5, adds 5 and edits 10 metrics. */
function datasetState(v) {
  const columns = [...Array(200).keys()].map((i) => ({
    id: i + 1, column_name: v === 2 && i % 20 === 0 ? `renamed_${i}` : `col_${i}`, verbose_name: v === 2 && i % 10 === 1 ? `Label ${i}` : null,
    is_dttm: i === 0 ? 1 : 0, groupby: 1, filterable: 1, expression: null, type: "TEXT",
  })).filter((c) => !(v === 2 && c.id % 40 === 7));
  if (v === 2) for (let i = 0; i < 5; i++) columns.push({ id: 300 + i, column_name: `new_${i}`, verbose_name: null, is_dttm: 0, groupby: 1, filterable: 1, expression: "1", type: null });
  const metrics = [...Array(50).keys()].map((i) => ({ id: i + 1, metric_name: `m_${i}`, expression: v === 2 && i % 5 === 0 ? `SUM(col_${i}) * 2` : `SUM(col_${i})`, verbose_name: null }));
  return { table_name: "wide", database_id: 1, sql: `SELECT *\nFROM wide${v === 2 ? "\nWHERE x > 0" : ""}`, columns, metrics };
}
const [dsBefore, dsAfter] = [datasetState(1), datasetState(2)];
const dsLines = diffDatasetStates(dsBefore, dsAfter);
for (let i = 0; i < 50; i++) diffDatasetStates(dsBefore, dsAfter);
const dsTimes = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  diffDatasetStates(dsBefore, dsAfter);
  dsTimes.push(performance.now() - t0);
}
const dsDiff = { ...summary(dsTimes), max_ms: round(Math.max(...dsTimes)), lines: dsLines.length, runs: RUNS };
console.log("200-column dataset diff (in process):", dsDiff);

const figures = { diff_24_charts: diff, diff_dataset_200_columns: dsDiff };
const worker = await startWorker({ vars: { REVISIONS_KEPT: String(SAVES) } });
try {
  const { api, bearer } = await adminApi(worker.url, TEST_ADMIN);
  const { id } = await api("/api/v1/dashboard/", { method: "POST", body: JSON.stringify({ ...before, published: true, json_metadata: before.json_metadata }) }, bearer);
  const t0 = performance.now();
  for (let i = 1; i < SAVES; i++) {
    const state = i % 2 ? after : before;
    await api(`/api/v1/dashboard/${id}`, { method: "PUT", body: JSON.stringify({ dashboard_title: `${state.dashboard_title} ${i}`, position_json: state.position_json, css: state.css }) }, bearer);
  }
  figures.save_ms_mean = round((performance.now() - t0) / (SAVES - 1));
  const list = await api(`/api/v1/dashboard/${id}/revisions`, {}, bearer);
  if (list.count !== SAVES) throw new Error(`expected ${SAVES} revisions, got ${list.count}`);
  const timed = async (path) => {
    const t = performance.now();
    const res = await fetch(`${worker.url}${path}`, { headers: bearer });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return performance.now() - t;
  };
  const paths = {
    list_1000: `/api/v1/dashboard/${id}/revisions`, one_with_diff: `/api/v1/dashboard/${id}/revisions/${list.result[0].id}`,
    compare_two: `/api/v1/dashboard/${id}/revisions/${list.result[0].id}?compare_to=${list.result.at(-1).id}`,
  };
  for (const [name, path] of Object.entries(paths)) {
    for (let i = 0; i < 5; i++) await timed(path);
    const ts = [];
    for (let i = 0; i < API_RUNS; i++) ts.push(await timed(path));
    figures[name] = summary(ts);
  }
  // datasets: a virtual dataset on the examples database, 50 saves alternating its metrics and column labels
  const examples = (await api(`/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:examples)))`, {}, bearer)).result[0].id;
  const ds = await api("/api/v1/dataset/", { method: "POST", body: JSON.stringify({ database: examples, schema: "main", table_name: `bench_hist_${Date.now()}`, sql: "SELECT * FROM birth_names" }) }, bearer);
  const detail = (await api(`/api/v1/dataset/${ds.id}`, {}, bearer)).result;
  const DS_SAVES = 50;
  const d0 = performance.now();
  for (let i = 1; i < DS_SAVES; i++) {
    const body = {
      columns: detail.columns.map((c) => ({ id: c.id, column_name: c.column_name, verbose_name: i % 2 ? `${c.column_name} ${i}` : null })),
      metrics: [{ id: detail.metrics[0].id, metric_name: "count", expression: "COUNT(*)" }, ...(i % 2 ? [{ metric_name: "total", expression: "SUM(num)" }] : [])],
    };
    await api(`/api/v1/dataset/${ds.id}`, { method: "PUT", body: JSON.stringify(body) }, bearer);
  }
  figures.dataset_save_ms_mean = round((performance.now() - d0) / (DS_SAVES - 1));
  const dsList = await api(`/api/v1/dataset/${ds.id}/revisions`, {}, bearer);
  if (dsList.count !== DS_SAVES) throw new Error(`expected ${DS_SAVES} dataset revisions, got ${dsList.count}`);
  const dsPaths = {
    dataset_list_50: `/api/v1/dataset/${ds.id}/revisions`, dataset_one_with_diff: `/api/v1/dataset/${ds.id}/revisions/${dsList.result[0].id}`,
    dataset_compare_two: `/api/v1/dataset/${ds.id}/revisions/${dsList.result[0].id}?compare_to=${dsList.result.at(-1).id}`,
  };
  for (const [name, path] of Object.entries(dsPaths)) {
    for (let i = 0; i < 5; i++) await timed(path);
    const ts = [];
    for (let i = 0; i < API_RUNS; i++) ts.push(await timed(path));
    figures[name] = summary(ts);
  }
  console.table({
    list_1000: figures.list_1000, one_with_diff: figures.one_with_diff, compare_two: figures.compare_two, save: { mean_ms: figures.save_ms_mean },
    dataset_list_50: figures.dataset_list_50, dataset_one_with_diff: figures.dataset_one_with_diff, dataset_compare_two: figures.dataset_compare_two,
    dataset_save: { mean_ms: figures.dataset_save_ms_mean },
  });
} finally {
  await worker.stop();
}
saveResults("revisions", figures);
