import type { LegacyFormData, LegacySpec } from "./base";

// The other legacy types Superset's processors migrate (treemap, sunburst, sankey, pivot table, dual line, bubble,
// heatmap, histogram), and the NVD3 pie's label setting, which the ECharts pie reads under another name.

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export const treemap: LegacySpec = {
  target: "treemap_v2",
  rename: { order_desc: "sort_by_metric" },
  remove: ["metrics"],
  pre: (fd) => {
    if (list(fd.metrics).length) fd.metric = list(fd.metrics)[0];
  },
};

export const sunburst: LegacySpec = { target: "sunburst_v2", rename: { groupby: "columns" } };

export const sankey: LegacySpec = {
  target: "sankey_v2",
  remove: ["groupby"],
  pre: (fd) => {
    const groupby = list(fd.groupby);
    if (groupby.length > 1) [fd.source, fd.target] = groupby;
  },
};

const AGGREGATES: Record<string, string> = {
  sum: "Sum", mean: "Average", median: "Median", min: "Minimum", max: "Maximum", std: "Sample Standard Deviation", var: "Sample Variance",
};

export const pivotTable: LegacySpec = {
  target: "pivot_table_v2",
  rename: {
    columns: "groupbyColumns", combine_metric: "combineMetric", groupby: "groupbyRows", number_format: "valueFormat", pandas_aggfunc: "aggregateFunction",
    row_limit: "series_limit", timeseries_limit_metric: "series_limit_metric", transpose_pivot: "transposePivot",
  },
  remove: ["pivot_margins"],
  pre: (fd) => {
    if (fd.pivot_margins) {
      fd.colTotals = fd.pivot_margins;
      fd.colSubTotals = fd.pivot_margins;
    }
    // an aggregate Superset's map lacks stops its migration (KeyError); here it stays as it was, and the pivot
    // table names it when it draws
    if (fd.pandas_aggfunc) fd.pandas_aggfunc = AGGREGATES[String(fd.pandas_aggfunc)] ?? fd.pandas_aggfunc;
    fd.rowOrder = "value_z_to_a";
  },
};

/** Two metrics on two y-axes: the mixed chart's query A on the left axis and query B on the right. */
export const dualLine: LegacySpec = {
  target: "mixed_timeseries",
  hasXAxisControl: true,
  rename: { x_axis_format: "x_axis_time_format", y_axis_2_format: "y_axis_format_secondary", y_axis_2_bounds: "y_axis_bounds_secondary" },
  remove: ["metric", "metric_2"],
  pre: (fd) => {
    fd.yAxisIndex = 0;
    fd.yAxisIndexB = 1;
    fd.adhoc_filters_b = fd.adhoc_filters;
    fd.truncateYAxis = true;
    fd.metrics = [fd.metric];
    fd.metrics_b = [fd.metric_2];
  },
  // query B is filtered as query A, the migrated time filter included
  post: (fd) => {
    fd.adhoc_filters_b = list(fd.adhoc_filters).length ? fd.adhoc_filters : [];
  },
};

const noMargin = (v: unknown) => !v || v === "auto";
const rotation = (fd: LegacyFormData) => {
  if (fd.x_ticks_layout) fd.x_ticks_layout = fd.x_ticks_layout === "45°" ? 45 : 0;
};

export const bubble: LegacySpec = {
  target: "bubble_v2",
  rename: {
    bottom_margin: "x_axis_title_margin", left_margin: "y_axis_title_margin", limit: "row_limit", x_axis_format: "xAxisFormat", x_log_scale: "logXAxis",
    x_ticks_layout: "xAxisLabelRotation", y_axis_showminmax: "truncateYAxis", y_log_scale: "logYAxis",
  },
  remove: ["x_axis_showminmax"],
  pre: (fd) => {
    if (fd.x_axis_label && noMargin(fd.bottom_margin)) fd.bottom_margin = 30;
    rotation(fd);
    // the y-axis is truncated, which keeps the legacy chart's layout
    fd.y_axis_showminmax = true;
  },
};

export const heatmap: LegacySpec = {
  target: "heatmap_v2",
  rename: { all_columns_x: "x_axis", all_columns_y: "groupby", y_axis_bounds: "value_bounds", show_perc: "show_percentage" },
  remove: ["sort_by_metric", "canvas_image_rendering"],
  pre: (fd) => {
    fd.legend_type = "continuous";
  },
};

export const histogram: LegacySpec = {
  target: "histogram_v2",
  rename: { x_axis_label: "x_axis_title", y_axis_label: "y_axis_title", normalized: "normalize" },
  remove: ["all_columns_x", "link_length", "queryFields"],
  pre: (fd) => {
    const columns = list(fd.all_columns_x);
    if (columns.length) fd.column = columns[0];
    const bins = Number.parseInt(String(fd.link_length ?? ""), 10);
    fd.bins = fd.link_length && Number.isFinite(bins) ? bins : 5;
    if (!list(fd.groupby).length) fd.groupby = [];
  },
};

/**
 * The NVD3 pie (Superset before 1.0) kept its label choice in `pie_label_type`; the ECharts pie that took over its
 * viz_type reads `label_type` (same choices). Superset has no processor for it: only pies carrying the old key
 * are migrated, and only that key changes.
 */
export const pie: LegacySpec = { target: "pie", rename: { pie_label_type: "label_type" } };
