import { beforeAll, expect, test } from "vitest";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { loginAsAdmin, type ApiClient } from "../../support/client";
import { q } from "../../support/access";
import type { QueryData } from "../../../core/charts/contract";
import { getChartType } from "../../../core/charts/registry";

// A dashboard bundle as Superset 2.1 exports it, built here from legacy form data on the example birth_names table:
// NVD3 line/bar/dist_bar/area/dual_line/bubble/pie, the v1 heatmap, histogram, pivot table, sunburst, treemap and
// sankey, a big number (still a type of today), a `compare` chart (no type here) and a filter box. Imported through
// the real API, each legacy chart is of today's type, answers its data, and keeps its legacy form data as a
// revision; the filter box became the dashboard's native filters and left its layout. Its own Miniflare: the rows
// it imports would crowd the other files' listings.

let admin: ApiClient;

beforeAll(async () => {
  admin = await loginAsAdmin();
});

const common = { adhoc_filters: [], row_limit: 10000, color_scheme: "supersetColors" };
const timeseries = { ...common, granularity_sqla: "ds", time_range: "No filter", time_grain_sqla: "P1Y", show_legend: true, rich_tooltip: true, x_axis_format: "smart_date", y_axis_format: "SMART_NUMBER", comparison_type: "values", rolling_type: "None", contribution: false, show_brush: "auto", x_ticks_layout: "auto", bottom_margin: "auto", left_margin: "auto" };

/** Legacy charts with the form data Superset 2.1's legacy plugins saved, and the type each must become. */
const LEGACY: [string, Record<string, unknown>, string | null][] = [
  ["line", { ...timeseries, metrics: ["sum__num"], groupby: ["gender"], line_interpolation: "linear", show_markers: false, x_axis_label: "Year" }, "echarts_timeseries_line"],
  ["bar", { ...timeseries, metrics: ["sum__num"], groupby: ["gender"], bar_stacked: true, show_bar_value: false }, "echarts_timeseries_bar"],
  ["dist_bar", { ...common, granularity_sqla: "ds", time_range: "No filter", metrics: ["sum__num"], groupby: ["state"], columns: ["gender"], bar_stacked: true, order_desc: true, row_limit: 50, y_axis_format: "SMART_NUMBER" }, "echarts_timeseries_bar"],
  ["area", { ...timeseries, metrics: ["sum__num"], groupby: ["gender"], stacked_style: "stack" }, "echarts_area"],
  ["dual_line", { ...timeseries, metric: "sum__num_boys", metric_2: "sum__num_girls", y_axis_2_format: "SMART_NUMBER" }, "mixed_timeseries"],
  ["pie", { ...common, granularity_sqla: "ds", time_range: "No filter", metric: "sum__num", groupby: ["gender"], pie_label_type: "key_percent", donut: false, show_labels: true, labels_outside: true }, "pie"],
  ["bubble", { ...common, granularity_sqla: "ds", time_range: "No filter", entity: "name", series: "gender", x: "sum__num_boys", y: "sum__num_girls", size: "count", limit: 20, max_bubble_size: "25", x_axis_label: "Boys", x_ticks_layout: "45°" }, "bubble_v2"],
  ["heatmap", { ...common, granularity_sqla: "ds", time_range: "No filter", all_columns_x: "state", all_columns_y: "gender", metric: "sum__num", linear_color_scheme: "blue_white_yellow", sort_x_axis: "alpha_asc", sort_y_axis: "alpha_asc", normalize_across: "heatmap", show_perc: true, canvas_image_rendering: "pixelated" }, "heatmap_v2"],
  ["histogram", { ...common, all_columns_x: ["num"], link_length: "10", groupby: [], x_axis_label: "Births", normalized: false }, "histogram_v2"],
  ["pivot_table", { ...common, granularity_sqla: "ds", time_range: "No filter", metrics: ["sum__num"], groupby: ["state"], columns: ["gender"], pandas_aggfunc: "sum", pivot_margins: true, number_format: "SMART_NUMBER", combine_metric: false, transpose_pivot: false }, "pivot_table_v2"],
  ["sunburst", { ...common, groupby: ["gender", "state"], metric: "sum__num", linear_color_scheme: "blue_white_yellow" }, "sunburst_v2"],
  ["treemap", { ...common, metrics: ["sum__num"], groupby: ["gender", "state"], treemap_ratio: 1.618, number_format: "SMART_NUMBER", order_desc: true }, "treemap_v2"],
  ["sankey", { ...common, groupby: ["gender", "state"], metric: "sum__num" }, "sankey_v2"],
  // the line (500) on the left axis, the bar (501) on the right, as Superset's examples' multi-line chart
  ["line_multi", { line_charts: [500], line_charts_2: [501], since: "1990", until: "2000", prefix_metric_with_slice_name: true, show_legend: true, x_axis_format: "%Y" }, "mixed_timeseries"],
  ["big_number_total", { ...common, granularity_sqla: "ds", time_range: "No filter", metric: "sum__num", subheader: "births" }, null],
  ["compare", { ...timeseries, metrics: ["sum__num"], groupby: ["gender"] }, null],
];

type Chart = { id: number; viz_type: string; params: string; slice_name: string };

async function importZip(files: Record<string, string>) {
  const bytes = zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [`dashboard_export_20230601T120000/${k}`, strToU8(v)])));
  const form = new FormData();
  form.append("formData", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" }), "dashboard_export.zip");
  const res = await admin.raw("/api/v1/dashboard/import/", { method: "POST", body: form });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** The birth_names dataset and its database as an export writes them (the bundle's datasets/ and databases/). */
async function datasetFiles(): Promise<{ files: Record<string, string>; datasetUuid: string; datasetId: number }> {
  const list = (await (await admin.get(`/api/v1/dataset/?q=${q({ filters: [{ col: "table_name", opr: "eq", value: "birth_names" }] })}`)).json()) as { result: { id: number }[] };
  const datasetId = list.result[0].id;
  const entries = unzipSync(new Uint8Array(await (await admin.get(`/api/v1/dataset/export/?q=${q([datasetId])}`)).arrayBuffer()));
  const files = Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name.slice(name.indexOf("/") + 1), strFromU8(bytes)]).filter(([p]) => !p.startsWith("metadata")));
  const dataset = parseYaml(files[Object.keys(files).find((p) => p.startsWith("datasets/"))!]) as { uuid: string };
  return { files, datasetUuid: dataset.uuid, datasetId };
}

test("a Superset 2.1 dashboard bundle's legacy charts import as today's types, draw, keep their legacy form data, and its filter box becomes native filters", async () => {
  const stamp = crypto.randomUUID().slice(0, 8);
  const { files, datasetUuid, datasetId } = await datasetFiles();
  files["metadata.yaml"] = "version: 1.0.0\ntype: Dashboard\ntimestamp: '2023-06-01T12:00:00.000000+00:00'\n";
  const position: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: "v2", ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: [], parents: ["ROOT_ID"] },
    HEADER_ID: { id: "HEADER_ID", type: "HEADER", meta: { text: `Legacy ${stamp}` } },
  };
  const grid = position.GRID_ID as { children: string[] };
  const place = (i: number, uuid: string, name: string) => {
    const row = `ROW-${Math.floor(i / 4)}`;
    if (!position[row]) {
      position[row] = { type: "ROW", id: row, children: [], parents: ["ROOT_ID", "GRID_ID"], meta: { background: "BACKGROUND_TRANSPARENT" } };
      grid.children.push(row);
    }
    const key = `CHART-${uuid.slice(0, 8)}`;
    (position[row] as { children: string[] }).children.push(key);
    position[key] = { type: "CHART", id: key, children: [], parents: ["ROOT_ID", "GRID_ID", row], meta: { chartId: 500 + i, uuid, sliceName: name, width: 3, height: 50 } };
  };
  const uuids = new Map<string, string>();
  LEGACY.forEach(([vizType, params], i) => {
    const uuid = crypto.randomUUID();
    uuids.set(vizType, uuid);
    const name = `Legacy ${vizType} ${stamp}`;
    files[`charts/Legacy_${vizType}_${500 + i}.yaml`] = stringifyYaml({
      slice_name: name, description: null, certified_by: null, certification_details: null, viz_type: vizType,
      params: { ...params, viz_type: vizType, datasource: "3__table", slice_id: 500 + i }, query_context: null, cache_timeout: null, uuid, version: "1.0.0", dataset_uuid: datasetUuid,
    });
    place(i, uuid, name);
  });
  const boxUuid = crypto.randomUUID();
  const boxId = 500 + LEGACY.length;
  files[`charts/Filters_${boxId}.yaml`] = stringifyYaml({
    slice_name: `Filters ${stamp}`, viz_type: "filter_box", uuid: boxUuid, version: "1.0.0", dataset_uuid: datasetUuid,
    params: { viz_type: "filter_box", datasource: "3__table", date_filter: true, granularity_sqla: "ds", time_range: "No filter", adhoc_filters: [], filter_configs: [{ asc: true, clearable: true, column: "gender", key: "abc", label: "Gender", multiple: true, searchAllOptions: false }] },
  });
  place(LEGACY.length, boxUuid, `Filters ${stamp}`);
  const dashUuid = crypto.randomUUID();
  files[`dashboards/Legacy_${stamp}.yaml`] = stringifyYaml({
    dashboard_title: `Legacy ${stamp}`, description: null, css: "", slug: null, uuid: dashUuid, position, version: "1.0.0",
    metadata: { timed_refresh_immune_slices: [], expanded_slices: {}, refresh_frequency: 0, default_filters: JSON.stringify({ [boxId]: { gender: ["girl"] } }), color_scheme: null, filter_scopes: { [boxId]: { gender: { scope: ["ROOT_ID"], immune: [] } } } },
  });

  const res = await importZip(files);
  expect(res, JSON.stringify(res.body).slice(0, 2000)).toMatchObject({ status: 200, body: { message: "OK" } });
  const migrated = res.body.migrated as { id: number | null; slice_name: string; from: string; to: string }[];
  const expected = LEGACY.filter(([, , to]) => to).map(([from, , to]) => ({ slice_name: `Legacy ${from} ${stamp}`, from, to }));
  expect(migrated.map(({ slice_name, from, to }) => ({ slice_name, from, to }))).toEqual([...expected, { slice_name: `Filters ${stamp}`, from: "filter_box", to: "native filters" }]);
  expect(res.body.unavailable.map((u: { slice_name: string; viz_type: string }) => [u.slice_name, u.viz_type])).toEqual([[`Legacy compare ${stamp}`, "compare"]]);

  for (const [from, legacyParams, to] of LEGACY) {
    const found = (await (await admin.get(`/api/v1/chart/?q=${q({ filters: [{ col: "slice_name", opr: "eq", value: `Legacy ${from} ${stamp}` }] })}`)).json()) as { result: { id: number }[] };
    expect(found.result, from).toHaveLength(1);
    const id = found.result[0].id;
    const chart = ((await (await admin.get(`/api/v1/chart/${id}`)).json()) as { result: Chart }).result;
    const revisions = ((await (await admin.get(`/api/v1/chart/${id}/revisions`)).json()) as { result: { id: number; message: string }[] }).result;
    if (!to) {
      // a type of today imports as it is; a type this product lacks imports as it is too; each with the one
      // revision every import keeps
      expect([chart.viz_type, revisions.map((r) => r.message)], from).toEqual([from, ["Imported from a bundle"]]);
      continue;
    }
    expect(chart.viz_type, from).toBe(to);
    const params = JSON.parse(chart.params) as Record<string, unknown>;
    expect(params.viz_type, from).toBe(to);
    expect(params.datasource, from).toBe(`${datasetId}__table`);

    // the legacy form data is the chart's first revision; the migrated state the newest
    expect(revisions.map((r) => r.message), from).toEqual([`Saved as ${to} (migrated on import)`, `Migrated from ${from} on import`]);
    const first = ((await (await admin.get(`/api/v1/chart/${id}/revisions/${revisions[1].id}`)).json()) as { result: { state: { viz_type: string; params: string } } }).result;
    expect(first.state.viz_type, from).toBe(from);
    expect(JSON.parse(first.state.params), from).toMatchObject({ ...legacyParams, viz_type: from });

    // draws: Explore's request answers and the new type turns it into a drawing; the saved query context answers too
    const type = getChartType(to)!;
    const body = type.buildQuery(params);
    const answer = await admin.post("/api/v1/chart/data", body);
    expect(answer.status, `${from}: ${await answer.clone().text()}`).toBe(200);
    const result = ((await answer.json()) as { result: QueryData[] }).result;
    expect(result[0].data.length, from).toBeGreaterThan(0);
    const model = type.transformProps({ formData: params, queriesData: result, width: 800, height: 500, theme: { dark: false } });
    expect(model.kind, `${from}: ${model.kind === "empty" ? model.message : ""}`).not.toBe("empty");
    const saved = await admin.get(`/api/v1/chart/${id}/data/`);
    expect(saved.status, `${from}: ${await saved.clone().text()}`).toBe(200);
  }

  // the filter box: native filters with its default, gone from the layout and from the dashboard's charts
  const dashboards = (await (await admin.get(`/api/v1/dashboard/?q=${q({ filters: [{ col: "dashboard_title", opr: "eq", value: `Legacy ${stamp}` }] })}`)).json()) as { result: { id: number }[] };
  const dash = ((await (await admin.get(`/api/v1/dashboard/${dashboards.result[0].id}`)).json()) as { result: { json_metadata: string; position_json: string } }).result;
  const meta = JSON.parse(dash.json_metadata);
  expect(meta.native_filter_configuration.map((f: { filterType: string; name: string }) => [f.filterType, f.name])).toEqual([["filter_time", "Time Range"], ["filter_select", "Gender"]]);
  expect(meta.native_filter_configuration[1]).toMatchObject({ targets: [{ datasetId, column: { name: "gender" } }], defaultDataMask: { filterState: { value: ["girl"] } }, scope: { rootPath: ["ROOT_ID"], excluded: [] } });
  expect("filter_scopes" in meta || "default_filters" in meta).toBe(false);
  const layout = Object.values(JSON.parse(dash.position_json)) as { type?: string; meta?: { uuid?: string; code?: string } }[];
  expect(layout.some((n) => n.meta?.uuid === boxUuid && n.type === "CHART")).toBe(false);
  expect(layout.find((n) => n.type === "MARKDOWN")?.meta?.code).toContain(`Filters ${stamp} filter-box chart has been migrated to native filters`);
  const charts = ((await (await admin.get(`/api/v1/dashboard/${dashboards.result[0].id}/charts`)).json()) as { result: { slice_name: string }[] }).result;
  expect(charts.map((c) => c.slice_name).sort()).toEqual(LEGACY.map(([v]) => `Legacy ${v} ${stamp}`).sort());
  const boxes = (await (await admin.get(`/api/v1/chart/?q=${q({ filters: [{ col: "slice_name", opr: "eq", value: `Filters ${stamp}` }] })}`)).json()) as { count: number };
  expect(boxes.count).toBe(0);
});
