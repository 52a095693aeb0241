import type { DrawInput } from "./draw-chart";

// Saved charts and chart-data answers for the render tests and the render bench: what the chart-data engine
// answers for each chart type (the shapes its transformProps reads), small enough to read.

const start = Date.UTC(2024, 0, 1);

export const lineChart: DrawInput = {
  formData: { viz_type: "echarts_timeseries_line", x_axis: "ds", time_grain_sqla: "P1D", metrics: ["count"], groupby: [], show_legend: true, x_axis_time_format: "smart_date", y_axis_format: "SMART_NUMBER" },
  queriesData: [{ colnames: ["ds", "count"], coltypes: [2, 0], data: Array.from({ length: 50 }, (_, i) => ({ ds: start + i * 86_400_000, count: 100 + i })) }],
  width: 600, height: 300,
};

/** An aggregate table of `rows` rows: a name, a state and a number the chart formats as SMART_NUMBER. */
export const tableChart = (rows: number, size = { width: 800, height: 400 }): DrawInput => ({
  formData: { viz_type: "table", query_mode: "aggregate", groupby: ["name", "state"], metrics: ["sum__num"], percent_metrics: [], row_limit: rows, order_desc: true },
  queriesData: [{
    colnames: ["name", "state", "sum__num"], coltypes: [1, 1, 0],
    data: Array.from({ length: rows }, (_, i) => ({ name: `Name number ${i + 1}`, state: ["CA", "NY", "TX"][i % 3], sum__num: 1234567.891 / (i + 1) })),
  }],
  ...size, chartName: "Top names",
});

export const pivotChart: DrawInput = {
  formData: {
    viz_type: "pivot_table_v2", groupbyColumns: ["product_line"], groupbyRows: ["country"], metrics: [{ expressionType: "SQL", sqlExpression: "SUM(sales)", label: "SUM(sales)" }],
    metricsLayout: "COLUMNS", aggregateFunction: "Sum", valueFormat: ",d", rowTotals: true, colTotals: true, rowOrder: "key_a_to_z", colOrder: "key_a_to_z",
  },
  queriesData: [{ data: [{ product_line: "Cars", country: "France", "SUM(sales)": 100 }, { product_line: "Ships", country: "France", "SUM(sales)": 300 }, { product_line: "Cars", country: "USA", "SUM(sales)": 600 }] }],
  width: 600, height: 300,
};

export const bigNumberTrend: DrawInput = {
  formData: {
    viz_type: "big_number", x_axis: "ds", time_grain_sqla: "P1M", metric: "count", show_trend_line: true, start_y_axis_at_zero: true, color_picker: { r: 0, g: 122, b: 135, a: 1 },
    header_font_size: 0.4, subheader_font_size: 0.15, y_axis_format: "SMART_NUMBER", time_format: "smart_date", compare_lag: 1, compare_suffix: "over last month",
  },
  queriesData: [{ data: Array.from({ length: 24 }, (_, i) => ({ ds: Date.UTC(2022, i, 1), count: Math.round(1000 + 300 * Math.sin(i / 3) + i * 20) })) }],
  width: 800, height: 400,
};

export const bigNumberTotal: DrawInput = {
  formData: { viz_type: "big_number_total", metric: { expressionType: "SQL", sqlExpression: "SUM(sales)", label: "Total" }, y_axis_format: "$,.2f", subheader: "sales", header_font_size: 0.4, subheader_font_size: 0.15 },
  queriesData: [{ data: [{ Total: 1234567.891 }] }],
  width: 800, height: 400,
};

const small = { width: 600, height: 300 };
/** One chart of each type drawn by a Chart.js plugin. */
export const pluginCharts: Record<string, DrawInput> = {
  heatmap_v2: {
    formData: { viz_type: "heatmap_v2", x_axis: "product_line", groupby: "deal_size", metric: "count", sort_x_axis: "alpha_asc", sort_y_axis: "alpha_asc", normalize_across: "heatmap", legend_type: "continuous", linear_color_scheme: "superset_seq_1", xscale_interval: -1, yscale_interval: -1, value_bounds: [null, null], y_axis_format: "SMART_NUMBER", show_legend: true, show_values: true },
    queriesData: [{ data: [{ product_line: "Cars", deal_size: "Large", count: 10, rank: 1 }, { product_line: "Cars", deal_size: "Small", count: 0, rank: 0 }, { product_line: "Ships", deal_size: "Large", count: 5, rank: 0.5 }] }], ...small,
  },
  treemap_v2: {
    formData: { viz_type: "treemap_v2", groupby: ["year", "product_line"], metric: "count", color_scheme: "supersetColors", show_labels: true, show_upper_labels: true, label_type: "key_value", number_format: "SMART_NUMBER", date_format: "smart_date" },
    queriesData: [{ data: [{ year: 2003, product_line: "Cars", count: 30 }, { year: 2003, product_line: "Ships", count: 10 }, { year: 2004, product_line: "Cars", count: 60 }] }], ...small,
  },
  box_plot: {
    formData: { viz_type: "box_plot", columns: ["order_date"], groupby: ["product_line"], metrics: ["count"], whiskerOptions: "Tukey", color_scheme: "supersetColors", number_format: "SMART_NUMBER", date_format: "smart_date" },
    queriesData: [{ data: [["Cars", 10], ["Ships", 4]].map(([line, b]) => ({ product_line: line, count__mean: +b + 1, count__median: b, count__max: +b + 5, count__min: +b - 5, count__q1: +b - 2, count__q3: +b + 2, count__count: 30, count__outliers: [+b + 20] })) }], ...small,
  },
  sankey_v2: {
    formData: { viz_type: "sankey_v2", source: "product_line", target: "deal_size", metric: "count", color_scheme: "supersetColors" },
    queriesData: [{ data: [{ product_line: "Cars", deal_size: "Small", count: 5 }, { product_line: "Ships", deal_size: "Small", count: 2 }, { product_line: "Cars", deal_size: "Large", count: 3 }] }], ...small,
  },
  funnel: {
    formData: { viz_type: "funnel", groupby: ["status"], metric: "count", sort_by_metric: true, percent_calculation_type: "first_step", color_scheme: "supersetColors", show_legend: true, number_format: "SMART_NUMBER", show_labels: true },
    queriesData: [{ data: [{ status: "Shipped", count: 200 }, { status: "Resolved", count: 100 }, { status: "Cancelled", count: 50 }] }], ...small,
  },
  graph_chart: {
    formData: { viz_type: "graph_chart", source: "deal_size", target: "product_line", metric: "count", color_scheme: "supersetColors", layout: "force", edgeSymbol: "none,arrow", baseNodeSize: 20, baseEdgeWidth: 3 },
    queriesData: [{ data: [{ deal_size: "A", product_line: "B", count: 10 }, { deal_size: "A", product_line: "C", count: 30 }, { deal_size: "B", product_line: "C", count: 20 }] }], ...small,
  },
  tree_chart: {
    formData: { viz_type: "tree_chart", id: "id", parent: "parent", name: "name", root_node_id: "1", metric: "count", layout: "orthogonal", symbol: "emptyCircle", symbolSize: 7 },
    queriesData: [{ data: [{ id: 4, parent: 2, name: "C", count: 1 }, { id: 1, parent: null, name: "Root", count: 10 }, { id: 2, parent: 1, name: "A", count: 4 }, { id: 3, parent: 1, name: "B", count: 5 }] }], ...small,
  },
  world_map: {
    formData: { viz_type: "world_map", entity: "country_name", country_fieldtype: "name", metric: "count", secondary_metric: "count", show_bubbles: true, max_bubble_size: "25", linear_color_scheme: "schemeYlOrBr", color_picker: { a: 1, b: 135, g: 122, r: 0 } },
    queriesData: [{ data: [{ country_name: "France", count: 10 }, { country_name: "Japan", count: 30 }, { country_name: "Brazil", count: 20 }] }], width: 800, height: 400,
  },
  chord: {
    formData: { viz_type: "chord", groupby: "channel_1", columns: "channel_2", metric: "SUM(cnt)", color_scheme: "supersetColors", y_axis_format: "SMART_NUMBER" },
    queriesData: [{ data: [{ channel_1: "a", channel_2: "b", "SUM(cnt)": 6 }, { channel_1: "b", channel_2: "a", "SUM(cnt)": 2 }, { channel_1: "a", channel_2: "c", "SUM(cnt)": 3 }] }], ...small,
  },
};
