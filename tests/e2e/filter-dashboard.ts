import type { Page } from "@playwright/test";
import { admin, login } from "./helpers";
import { post } from "./api-helpers";

// A dashboard of its own on birth_names for the filter and cross-filter journeys: tab "Main" holds a big number,
// a table, a bar chart, a funnel, a treemap, a heatmap and a pivot table; tab "Split" a pie. `filters` gives its
// native_filter_configuration (Superset's shape) from the dataset id.

export interface FilterDashboard {
  id: number; slug: string; ds: number;
  total: number; table: number; bar: number; funnel: number; treemap: number; heatmap: number; pivot: number; pie: number;
}

/** Logs in as the admin; answers a run suffix, the birth_names dataset id and a maker of charts on it. */
async function birthNamesCharts(page: Page, base: Record<string, unknown>) {
  await login(page, admin().username, admin().password);
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const found = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`);
  const ds = ((await found.json()) as { result: { id: number }[] }).result[0].id;
  const chart = async (name: string, viz: string, params: Record<string, unknown>) => (await post<{ id: number }>(page, "/api/v1/chart/", {
    slice_name: `${name} ${run}`, viz_type: viz, datasource_id: ds, datasource_type: "table",
    params: JSON.stringify({ datasource: `${ds}__table`, viz_type: viz, time_range: "No filter", ...base, ...params }),
  })).id;
  return { run, ds, chart };
}

export async function birthsDashboard(page: Page, filters: (ds: number) => unknown[] = () => []): Promise<FilterDashboard> {
  const { run, ds, chart } = await birthNamesCharts(page, { granularity_sqla: "ds" });
  const ids = {
    total: await chart("Total", "big_number_total", { metric: "sum__num" }),
    table: await chart("Table", "table", { query_mode: "aggregate", groupby: ["state"], metrics: ["sum__num"], row_limit: 5 }),
    bar: await chart("Bar", "echarts_timeseries_bar", { x_axis: "ds", time_grain_sqla: "P1Y", metrics: ["sum__num"], groupby: ["gender"], row_limit: 1000 }),
    funnel: await chart("Funnel", "funnel", { groupby: ["state"], metric: "sum__num", row_limit: 3 }),
    treemap: await chart("Treemap", "treemap_v2", { groupby: ["gender"], metric: "sum__num", row_limit: 10 }),
    heatmap: await chart("Heatmap", "heatmap_v2", { x_axis: "gender", groupby: "state", metric: "sum__num", row_limit: 100 }),
    pivot: await chart("Pivot", "pivot_table_v2", { groupbyRows: ["gender"], groupbyColumns: [], metrics: ["sum__num"], metricsLayout: "COLUMNS", aggregateFunction: "Sum" }),
    pie: await chart("Pie", "pie", { metric: "sum__num", groupby: ["gender"], row_limit: 10 }),
  };
  const c = (key: keyof typeof ids, width: number) => ({ type: "CHART", id: `CHART-${key}`, children: [], meta: { chartId: ids[key], width, height: 40 } });
  const row = (id: string, children: (keyof typeof ids)[]) => ({ type: "ROW", id, children: children.map((k) => `CHART-${k}`), meta: {} });
  const layout = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["TABS-x"] },
    "TABS-x": { type: "TABS", id: "TABS-x", children: ["TAB-a", "TAB-b"], meta: {} },
    "TAB-a": { type: "TAB", id: "TAB-a", children: ["ROW-a", "ROW-b", "ROW-c"], meta: { text: "Main" } },
    "ROW-a": row("ROW-a", ["total", "table", "bar"]), "ROW-b": row("ROW-b", ["funnel", "treemap"]), "ROW-c": row("ROW-c", ["heatmap", "pivot"]),
    "TAB-b": { type: "TAB", id: "TAB-b", children: ["ROW-d"], meta: { text: "Split" } },
    "ROW-d": row("ROW-d", ["pie"]),
    "CHART-total": c("total", 3), "CHART-table": c("table", 4), "CHART-bar": c("bar", 5), "CHART-funnel": c("funnel", 6), "CHART-treemap": c("treemap", 6),
    "CHART-heatmap": c("heatmap", 6), "CHART-pivot": c("pivot", 6), "CHART-pie": c("pie", 6),
  };
  const slug = `ft-${run}`;
  const dash = await post<{ id: number }>(page, "/api/v1/dashboard/", {
    dashboard_title: `Filters ${run}`, slug, published: true, position_json: JSON.stringify(layout), json_metadata: JSON.stringify({ native_filter_configuration: filters(ds) }),
  });
  return { id: dash.id, slug, ds, ...ids };
}

/** A dashboard of a big number beside a gauge, a mixed chart, a sankey and a graph on birth_names, in one row each. */
export async function flowDashboard(page: Page): Promise<{ slug: string; total: number; gauge: number; mixed: number; sankey: number; graph: number }> {
  const { run, chart } = await birthNamesCharts(page, {});
  const ids = {
    total: await chart("Total", "big_number_total", { metric: "sum__num" }),
    gauge: await chart("Gauge", "gauge_chart", { groupby: ["gender"], metric: "sum__num", row_limit: 1, sort_by_metric: true }),
    mixed: await chart("Mixed", "mixed_timeseries", { x_axis: "ds", time_grain_sqla: "P1Y", metrics: ["sum__num"], groupby: ["gender"], metrics_b: ["sum__num"], groupby_b: [], seriesType: "bar", seriesTypeB: "line" }),
    sankey: await chart("Sankey", "sankey_v2", { source: "gender", target: "state", metric: "sum__num", row_limit: 6 }),
    graph: await chart("Graph", "graph_chart", { source: "gender", target: "state", metric: "sum__num", layout: "circular", row_limit: 4 }),
  };
  const keys = Object.keys(ids) as (keyof typeof ids)[];
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: keys.map((k) => `ROW-${k}`) },
  };
  for (const k of keys) {
    layout[`ROW-${k}`] = { type: "ROW", id: `ROW-${k}`, children: [`CHART-${k}`], meta: {} };
    layout[`CHART-${k}`] = { type: "CHART", id: `CHART-${k}`, children: [], meta: { chartId: ids[k], width: 8, height: 50 } };
  }
  const slug = `flow-${run}`;
  await post(page, "/api/v1/dashboard/", { dashboard_title: `Flows ${run}`, slug, published: true, position_json: JSON.stringify(layout), json_metadata: "{}" });
  return { slug, ...ids };
}
