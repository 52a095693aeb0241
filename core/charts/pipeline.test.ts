import { expect, test } from "vitest";
import { parseQueryContext } from "../chart-data/query-context";
import { applyPostProcessing } from "../post-processing";
import type { ChartModel, FormData, QueryData } from "./contract";
import { CHART_TYPES, getChartType } from "./registry";
import { temporalRange } from "./test-fixtures";

// The path of a chart without the database: buildQuery's context must be accepted by the engine's parser, its
// post-processing steps must run on rows shaped like the SQL answer, and transformProps must read the result.

/** Runs a query's post-processing over rows as the SQL would return them, and answers the chart-data entry. */
function answer(formData: FormData, sqlRows: Record<string, unknown>[], query = 0): QueryData {
  const ctx = parseQueryContext(getChartType(formData.viz_type)!.buildQuery(formData) as unknown as Record<string, unknown>);
  const names = Object.keys(sqlRows[0]);
  const out = applyPostProcessing(names, sqlRows.map((r) => names.map((n) => r[n])), ctx.queries[query].post_processing);
  return { colnames: out.names, data: out.rows.map((r) => Object.fromEntries(out.names.map((n, i) => [n, r[i]]))) };
}

const draw = (formData: FormData, queriesData: QueryData[]): ChartModel => getChartType(formData.viz_type)!.transformProps({ formData, queriesData, width: 600, height: 400 });
const feb = Date.UTC(2024, 1, 1), mar = Date.UTC(2024, 2, 1);

test("every registered type's query context is one the engine accepts", () => {
  const formData: FormData = {
    datasource: "1__table", x_axis: "ds", time_grain_sqla: "P1M", metrics: ["count"], metric: "count", groupby: ["state"], columns: ["state"],
    all_columns: ["state"], column: "num", entity: "state", x: "count", y: "count", size: "count", source: "a", target: "b", metrics_b: ["count"],
    groupbyRows: ["state"], groupbyColumns: ["gender"], adhoc_filters: [temporalRange], row_limit: 100,
  };
  for (const [vizType, chart] of Object.entries(CHART_TYPES)) {
    const ctx = parseQueryContext(chart.buildQuery({ ...formData, viz_type: vizType }) as unknown as Record<string, unknown>);
    expect(ctx.queries.length, vizType).toBeGreaterThan(0);
    expect(ctx.datasource, vizType).toEqual({ id: 1, type: "table" });
  }
});

test("line chart: monthly counts per product line pivot, lose the metric level, flatten into one series each", () => {
  const fd = { datasource: "22__table", viz_type: "echarts_timeseries_line", x_axis: "order_date", time_grain_sqla: "P1M", metrics: ["count"], groupby: ["product_line"], adhoc_filters: [temporalRange], truncate_metric: true, show_empty_columns: true, row_limit: 10000 };
  const rows = [
    { order_date: feb, product_line: "Cars", count: 3 }, { order_date: feb, product_line: "Ships", count: 1 }, { order_date: mar, product_line: "Cars", count: 5 },
  ];
  const model = draw(fd, [answer(fd, rows)]);
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.data.labels).toEqual(["February", "March"]);
  expect(model.data.datasets.map((d) => [d.label, d.data])).toEqual([["Cars", [3, 5]], ["Ships", [1, null]]]);
});

test("grouped series names: one metric gives the group values (truncate_metric on or unset), several give 'metric, group'", () => {
  const base = { datasource: "22__table", viz_type: "echarts_timeseries_bar", x_axis: "order_date", time_grain_sqla: "P1M", groupby: ["product_line"], adhoc_filters: [temporalRange], row_limit: 10000 };
  const rows = [{ order_date: feb, product_line: "Classic Cars", "SUM(sales)": 3, count: 1 }, { order_date: feb, product_line: "Ships", "SUM(sales)": 2, count: 1 }];
  const sales = { expressionType: "SQL", sqlExpression: "SUM(sales)", label: "SUM(sales)" };
  const names = (fd: FormData, sqlRows: Record<string, unknown>[]) => {
    const model = draw(fd, [answer(fd, sqlRows)]);
    if (model.kind !== "chartjs") throw new Error(model.kind);
    return model.data.datasets.map((d) => d.label);
  };
  const oneMetric = rows.map(({ count: _c, ...r }) => r);
  expect(names({ ...base, metrics: [sales] }, oneMetric)).toEqual(["Classic Cars", "Ships"]);
  expect(names({ ...base, metrics: [sales], truncate_metric: true }, oneMetric)).toEqual(["Classic Cars", "Ships"]);
  expect(names({ ...base, metrics: [sales], truncate_metric: false }, oneMetric)).toEqual(["SUM(sales), Classic Cars", "SUM(sales), Ships"]);
  expect(names({ ...base, metrics: [sales, "count"] }, rows).sort()).toEqual(["SUM(sales), Classic Cars", "SUM(sales), Ships", "count, Classic Cars", "count, Ships"]);
});

test("big number with trendline: cumulative sum through the engine, headline the newest total", () => {
  const fd = { datasource: "22__table", viz_type: "big_number", x_axis: "order_date", time_grain_sqla: "P1M", metric: "count", rolling_type: "cumsum" };
  const model = draw(fd, [answer(fd, [{ order_date: feb, count: 1200 }, { order_date: mar, count: 300 }])]);
  expect(model).toMatchObject({ kind: "big_number", value: 1500, headline: "1.5k" });
});

test("table: percentage metrics come back as %metric through the engine's contribution", () => {
  const fd = { datasource: "1__table", viz_type: "table", query_mode: "aggregate", groupby: ["state"], metrics: ["count"], percent_metrics: ["count"] };
  const model = draw(fd, [answer(fd, [{ state: "CA", count: 30 }, { state: "NY", count: 10 }])]);
  expect(model.kind === "table" && model.formatted).toEqual([{ state: "CA", count: "30", "%count": "75.000%" }, { state: "NY", count: "10", "%count": "25.000%" }]);
});

test("histogram, box plot and heatmap read what the engine's histogram, boxplot and rank steps produce", () => {
  const hist = { datasource: "1__table", viz_type: "histogram_v2", column: "qty", groupby: [], bins: 2 };
  const h = draw(hist, [answer(hist, [{ qty: 1 }, { qty: 2 }, { qty: 3 }, { qty: 5 }])]);
  expect(h.kind === "chartjs" && [h.data.labels, h.data.datasets[0].data]).toEqual([["1 - 3", "3 - 5"], [2, 2]]);

  const box = { datasource: "1__table", viz_type: "box_plot", columns: ["day"], groupby: ["line"], metrics: ["count"], whiskerOptions: "Min/max (no outliers)" };
  const b = draw(box, [answer(box, [{ day: 1, line: "A", count: 1 }, { day: 2, line: "A", count: 3 }, { day: 3, line: "A", count: 5 }])]);
  expect(b.kind === "chartjs" && b.data.datasets[0].data).toMatchObject([{ min: 1, median: 3, max: 5, mean: 3 }]);

  const heat = { datasource: "1__table", viz_type: "heatmap_v2", x_axis: "a", groupby: "b", metric: "count", linear_color_scheme: "white_black", normalized: true };
  const m = draw(heat, [answer(heat, [{ a: "x", b: "p", count: 1 }, { a: "y", b: "p", count: 9 }])]);
  expect(m.kind === "chartjs" && m.data.datasets[0].backgroundColor).toEqual(["#808080", "#000000"]);
});

test("every brief's viz_type is registered with metadata and a control panel", () => {
  const wanted = [
    "table", "big_number_total", "big_number", "echarts_timeseries_line", "echarts_timeseries_bar", "echarts_area", "echarts_timeseries_scatter",
    "echarts_timeseries_step", "echarts_timeseries_smooth", "echarts_timeseries", "pie", "mixed_timeseries", "pivot_table_v2", "histogram_v2", "box_plot", "heatmap_v2",
    "bubble_v2", "funnel", "gauge_chart", "radar", "treemap_v2", "sunburst_v2", "sankey_v2", "waterfall",
    "word_cloud", "gantt_chart", "horizon",
    "graph_chart", "tree_chart", "chord", "world_map",
    "pop_kpi", "bullet", "rose", "time_table", "handlebars",
    "cal_heatmap", "paired_ttest", "para", "partition",
  ];
  expect(Object.keys(CHART_TYPES).sort()).toEqual([...wanted].sort());
  for (const v of wanted) expect(getChartType(v)!.controlPanel.sections.length, v).toBeGreaterThan(0);
  expect(getChartType("no_such_viz")).toBeUndefined();
  expect(getChartType("toString")).toBeUndefined();
});
