// Legacy charts on import (issue 30): POST /api/v1/dashboard/import/ of a Superset 2.1-style bundle holding 50 charts
// of legacy viz types (line, bar, dist_bar, area, dual_line, bubble, heatmap, histogram, pivot_table, sunburst,
// treemap, sankey, NVD3 pie) and a filter box on one dashboard, over an isolated `wrangler dev` of the last build.
// Each run imports new uuids (50 charts created, migrated, two revisions each; the box becomes native filters).
// Beside it, the same bundle with its charts saved as `table` (no migration, no revisions): the migration's cost.
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { startWorker, TEST_ADMIN } from "../tests/support/server.mjs";
import { saveResults, summary, adminApi } from "./_lib.mjs";

const RUNS = 12;
const CHARTS = 50;
const rison = (v) => encodeURIComponent(v);

const ts = { granularity_sqla: "ds", time_range: "No filter", time_grain_sqla: "P1Y", metrics: ["sum__num"], groupby: ["gender"], x_axis_format: "smart_date", show_brush: "auto", comparison_type: "values" };
const LEGACY = {
  line: { ...ts, line_interpolation: "linear" },
  bar: { ...ts, bar_stacked: true },
  dist_bar: { granularity_sqla: "ds", time_range: "No filter", metrics: ["sum__num"], groupby: ["state"], columns: ["gender"] },
  area: { ...ts, stacked_style: "stack" },
  dual_line: { ...ts, metric: "sum__num_boys", metric_2: "sum__num_girls" },
  bubble: { entity: "name", series: "gender", x: "sum__num_boys", y: "sum__num_girls", size: "count", limit: 20 },
  heatmap: { all_columns_x: "state", all_columns_y: "gender", metric: "sum__num" },
  histogram: { all_columns_x: ["num"], link_length: "10" },
  pivot_table: { metrics: ["sum__num"], groupby: ["state"], columns: ["gender"], pandas_aggfunc: "sum", pivot_margins: true },
  sunburst: { groupby: ["gender", "state"], metric: "sum__num" },
  treemap: { metrics: ["sum__num"], groupby: ["gender", "state"] },
  sankey: { groupby: ["gender", "state"], metric: "sum__num" },
  pie: { metric: "sum__num", groupby: ["gender"], pie_label_type: "key_percent" },
};
const TYPES = Object.keys(LEGACY);

const worker = await startWorker();
try {
  const { api, bearer } = await adminApi(worker.url, TEST_ADMIN);
  const datasetId = (await api(`/api/v1/dataset/?q=${rison("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`, {}, bearer)).result[0].id;
  const exported = await fetch(`${worker.url}/api/v1/dataset/export/?q=${rison(`!(${datasetId})`)}`, { headers: bearer });
  const base = Object.fromEntries(Object.entries(unzipSync(new Uint8Array(await exported.arrayBuffer())))
    .map(([name, bytes]) => [name.slice(name.indexOf("/") + 1), strFromU8(bytes)]).filter(([p]) => !p.startsWith("metadata")));
  const datasetUuid = parseYaml(base[Object.keys(base).find((p) => p.startsWith("datasets/"))]).uuid;

  /** A fresh bundle: 50 charts (legacy types, or all `table`), a filter box, one dashboard placing them all. */
  const bundle = (run, modern) => {
    const files = { ...base, "metadata.yaml": "version: 1.0.0\ntype: Dashboard\ntimestamp: '2023-06-01T12:00:00+00:00'\n" };
    const position = { DASHBOARD_VERSION_KEY: "v2", ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] }, GRID_ID: { type: "GRID", id: "GRID_ID", children: [], parents: ["ROOT_ID"] } };
    const place = (i, uuid) => {
      const row = `ROW-${Math.floor(i / 4)}`;
      if (!position[row]) {
        position[row] = { type: "ROW", id: row, children: [], parents: ["ROOT_ID", "GRID_ID"] };
        position.GRID_ID.children.push(row);
      }
      position[row].children.push(`CHART-${i}`);
      position[`CHART-${i}`] = { type: "CHART", id: `CHART-${i}`, children: [], parents: ["ROOT_ID", "GRID_ID", row], meta: { chartId: 1000 + i, uuid, width: 3, height: 50 } };
    };
    for (let i = 0; i < CHARTS; i++) {
      const legacy = TYPES[i % TYPES.length];
      const vizType = modern ? "table" : legacy;
      const uuid = crypto.randomUUID();
      files[`charts/c${i}.yaml`] = stringifyYaml({ slice_name: `bench legacy ${run} ${i}`, viz_type: vizType, params: { ...LEGACY[legacy], viz_type: vizType, adhoc_filters: [], row_limit: 1000 }, uuid, version: "1.0.0", dataset_uuid: datasetUuid });
      place(i, uuid);
    }
    const box = crypto.randomUUID();
    files["charts/box.yaml"] = stringifyYaml({ slice_name: `bench box ${run}`, viz_type: "filter_box", uuid: box, version: "1.0.0", dataset_uuid: datasetUuid, params: { viz_type: "filter_box", date_filter: true, filter_configs: [{ column: "gender", multiple: true }] } });
    place(CHARTS, box);
    files[`dashboards/d${run}.yaml`] = stringifyYaml({ dashboard_title: `bench legacy ${run}`, uuid: crypto.randomUUID(), position, metadata: { filter_scopes: {}, default_filters: "{}" }, version: "1.0.0" });
    return zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [`export/${k}`, strToU8(v)])));
  };

  const timed = async (bytes) => {
    const form = new FormData();
    form.append("formData", new Blob([bytes], { type: "application/zip" }), "bundle.zip");
    const t0 = performance.now();
    const res = await fetch(`${worker.url}/api/v1/dashboard/import/`, { method: "POST", body: form, headers: bearer });
    const body = await res.json();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`import: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
    return { ms, migrated: body.migrated?.length ?? 0 };
  };

  const figures = { runs: RUNS, charts: CHARTS };
  for (const [name, modern] of [["import_50_legacy_charts", false], ["import_50_table_charts", true]]) {
    await timed(bundle(`${name}-warm`, modern));
    const times = [];
    let migrated = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await timed(bundle(`${name}-${i}-${Date.now().toString(36)}`, modern));
      times.push(r.ms);
      migrated = r.migrated;
    }
    figures[name] = { ...summary(times), migrated_per_import: migrated };
  }
  console.table({ import_50_legacy_charts: figures.import_50_legacy_charts, import_50_table_charts: figures.import_50_table_charts });
  saveResults("legacy-import", figures);
} finally {
  await worker.stop();
}
