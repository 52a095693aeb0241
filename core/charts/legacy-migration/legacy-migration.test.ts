import { expect, test } from "vitest";
import { migrateLegacyChart } from "./index";

// Before/after pairs from Superset's own migration tests (tests/unit_tests/migrations/viz/*.py), without the
// `form_data_bak` copy Superset keeps in params: here the legacy form data is kept as the chart's first revision.

const TIMESERIES_SOURCE = {
  datasource: "1__table", bottom_margin: 20, comparison_type: "absolute", contribution: true, left_margin: 20, rich_tooltip: true, rolling_type: "sum",
  show_brush: "yes", show_controls: true, show_legend: true, show_markers: true, time_compare: "1 year", x_axis_label: "x", x_axis_format: "SMART_DATE",
  x_ticks_layout: "45°", y_axis_bounds: [0, 100], y_axis_format: "SMART_NUMBER", y_axis_label: "y", y_axis_showminmax: true, y_log_scale: true,
};
const TIMESERIES_TARGET = {
  datasource: "1__table", comparison_type: "difference", contributionMode: "row", logAxis: true, markerEnabled: true, rich_tooltip: true, rolling_type: "sum",
  show_extra_controls: true, show_legend: true, time_compare: ["1 year ago"], truncateYAxis: true, x_axis_title_margin: 20, y_axis_title_margin: 20,
  x_axis_title: "x", x_axis_time_format: "SMART_DATE", xAxisLabelRotation: 45, y_axis_bounds: [0, 100], y_axis_format: "SMART_NUMBER", y_axis_title: "y",
  zoomable: true,
};

const migrated = (vizType: string, params: Record<string, unknown>) => {
  const m = migrateLegacyChart(vizType, params);
  expect(m, vizType).not.toBeNull();
  return m!;
};

test("line → ECharts line (nvd3_line_chart_to_echarts_test)", () => {
  const m = migrated("line", { viz_type: "line", ...TIMESERIES_SOURCE });
  expect(m.to).toBe("echarts_timeseries_line");
  expect(m.formData).toEqual({ viz_type: "echarts_timeseries_line", ...TIMESERIES_TARGET });
});

test("a line's interpolation picks the smooth or step type", () => {
  expect(migrated("line", { line_interpolation: "cardinal" }).to).toBe("echarts_timeseries_smooth");
  const step = migrated("line", { line_interpolation: "step-after" });
  expect([step.to, step.formData.seriesType, "line_interpolation" in step.formData]).toEqual(["echarts_timeseries_step", "end", false]);
  expect(migrated("line", { line_interpolation: "step-before" }).formData.seriesType).toBe("start");
});

test("bar → ECharts bar (nvd3_bar_chart_to_echarts_test)", () => {
  const m = migrated("bar", { viz_type: "bar", show_bar_value: true, bar_stacked: true, ...TIMESERIES_SOURCE });
  expect(m.formData).toEqual({ viz_type: "echarts_timeseries_bar", show_value: true, stack: "Stack", ...TIMESERIES_TARGET });
});

test("dist_bar → the categorical ECharts bar: first group-by on the x-axis, the rest and the columns as dimensions", () => {
  const m = migrated("dist_bar", { viz_type: "dist_bar", show_bar_value: true, bar_stacked: true, groupby: ["column_a", "column_b"], columns: ["column_c", "column_d"], ...TIMESERIES_SOURCE });
  // Superset's fixture also expects a TEMPORAL_RANGE filter on column_a and a P1D grain, which its processor (no
  // x-axis control, no granularity_sqla in the fixture) does not produce: a category is not filtered by time here
  expect(m.formData).toEqual({
    viz_type: "echarts_timeseries_bar", show_value: true, stack: "Stack", x_axis: "column_a", groupby: ["column_b", "column_c", "column_d"], ...TIMESERIES_TARGET,
  });
});

test("dist_bar's legacy time column filters the chart without becoming its x-axis", () => {
  const m = migrated("dist_bar", { groupby: ["state"], metrics: ["count"], granularity_sqla: "ds", time_range: "Last year" });
  expect(m.formData.x_axis).toBe("state");
  expect(m.formData.adhoc_filters).toEqual([{ clause: "WHERE", subject: "ds", operator: "TEMPORAL_RANGE", comparator: "Last year", expressionType: "SIMPLE" }]);
  expect("time_grain_sqla" in m.formData).toBe(false);
});

test("area → ECharts area with its stacking style", () => {
  const m = migrated("area", { stacked_style: "expand", ...TIMESERIES_SOURCE });
  expect(m.to).toBe("echarts_area");
  expect(m.formData).toEqual({ viz_type: "echarts_area", stack: "Expand", opacity: 0.7, ...TIMESERIES_TARGET });
  expect(migrated("area", {}).formData.stack).toBe("Stack");
});

test("the legacy time column becomes the x-axis and a TEMPORAL_RANGE filter (time_related_fields_test, line)", () => {
  const m = migrated("line", { granularity_sqla: "ds", time_range: "100 years ago : now", adhoc_filters: [] });
  expect(m.formData).toMatchObject({
    x_axis: "ds", time_grain_sqla: "P1D",
    adhoc_filters: [{ clause: "WHERE", comparator: "100 years ago : now", expressionType: "SIMPLE", operator: "TEMPORAL_RANGE", subject: "ds" }],
  });
  expect("granularity_sqla" in m.formData || "time_range" in m.formData).toBe(false);
  expect(migrated("line", { granularity_sqla: "ds", time_grain_sqla: "P1M" }).formData).toMatchObject({ time_grain_sqla: "P1M", adhoc_filters: [{ comparator: "No filter" }] });
});

test("dual_line → mixed chart, one metric per axis, filters copied to query B (dual_line_to_mixed_chart_test)", () => {
  const ADHOC = [{ clause: "WHERE", comparator: ["CA", "FL"], expressionType: "SIMPLE", operator: "IN", subject: "state" }];
  const m = migrated("dual_line", {
    metric: "num_boys", y_axis_format: ",d", y_axis_bounds: [50, 100], metric_2: "num_girls", y_axis_2_format: ",d", y_axis_2_bounds: [75, 150],
    viz_type: "dual_line", adhoc_filters: ADHOC, x_axis_format: "smart_date", color_scheme: "bnbColors", yAxisIndex: 0,
  });
  expect(m.formData).toEqual({
    metrics: ["num_boys"], y_axis_format: ",d", y_axis_bounds: [50, 100], y_axis_bounds_secondary: [75, 150], metrics_b: ["num_girls"], y_axis_format_secondary: ",d",
    viz_type: "mixed_timeseries", adhoc_filters: ADHOC, adhoc_filters_b: ADHOC, x_axis_time_format: "smart_date", color_scheme: "bnbColors",
    yAxisIndex: 0, yAxisIndexB: 1, truncateYAxis: true,
  });
});

test("dual_line's migrated time filter reaches query B too", () => {
  const m = migrated("dual_line", { metric: "a", metric_2: "b", granularity_sqla: "ds", time_range: "Last week" });
  expect(m.formData.adhoc_filters_b).toEqual(m.formData.adhoc_filters);
  expect(m.formData.x_axis).toBe("ds");
});

test("pivot_table → pivot_table_v2 (pivot_table_v1_v2_test)", () => {
  const m = migrated("pivot_table", {
    any_other_key: "untouched", columns: ["state"], combine_metric: true, groupby: ["name"], number_format: "SMART_NUMBER", pandas_aggfunc: "sum",
    pivot_margins: true, timeseries_limit_metric: "count", transpose_pivot: true, viz_type: "pivot_table",
  });
  expect(m.formData).toEqual({
    any_other_key: "untouched", aggregateFunction: "Sum", colTotals: true, colSubTotals: true, combineMetric: true, groupbyColumns: ["state"],
    groupbyRows: ["name"], rowOrder: "value_z_to_a", series_limit_metric: "count", transposePivot: true, valueFormat: "SMART_NUMBER", viz_type: "pivot_table_v2",
  });
});

test("a custom SQL time column becomes a SQL TEMPORAL_RANGE filter (time_related_fields_test)", () => {
  const m = migrated("pivot_table", { granularity_sqla: { expressionType: "SQL", label: "ds", sqlExpression: "sum(ds)" }, time_range: "100 years ago : now" });
  expect(m.formData).toEqual({
    rowOrder: "value_z_to_a", viz_type: "pivot_table_v2",
    adhoc_filters: [{ clause: "WHERE", comparator: null, expressionType: "SQL", operator: "TEMPORAL_RANGE", sqlExpression: "sum(ds)", subject: "ds" }],
  });
});

test("bubble → bubble_v2 (nvd3_bubble_chart_to_echarts_test)", () => {
  const m = migrated("bubble", {
    adhoc_filters: [], bottom_margin: 20, color_scheme: "default", entity: "count", left_margin: 20, limit: 100, max_bubble_size: 50, series: ["region"],
    show_legend: true, size: 75, viz_type: "bubble", x: "year", x_axis_format: "SMART_DATE", x_axis_label: "Year", x_axis_showminmax: true, x_log_scale: true,
    x_ticks_layout: "45°", y: "country", y_axis_bounds: [0, 100], y_axis_format: "SMART_DATE", y_axis_label: "Year", y_axis_showminmax: false, y_log_scale: true,
  });
  expect(m.formData).toEqual({
    adhoc_filters: [], color_scheme: "default", entity: "count", logXAxis: true, logYAxis: true, max_bubble_size: 50, row_limit: 100, series: ["region"],
    show_legend: true, size: 75, truncateYAxis: true, viz_type: "bubble_v2", x: "year", xAxisFormat: "SMART_DATE", xAxisLabelRotation: 45, x_axis_label: "Year",
    x_axis_title_margin: 20, y: "country", y_axis_bounds: [0, 100], y_axis_format: "SMART_DATE", y_axis_label: "Year", y_axis_title_margin: 20,
  });
});

test("heatmap → heatmap_v2 (heatmap_v1_v2_test)", () => {
  const metric = { label: "sales", expressionType: "SQL", sqlExpression: "max(sales)" };
  const common = {
    datasource: "1__table", any_other_key: "untouched", metric, adhoc_filters: [], row_limit: 100, linear_color_scheme: "blue", xscale_interval: 2, yscale_interval: 2,
    normalize_across: "x", left_margin: 50, bottom_margin: 50, y_axis_format: "SMART_NUMBER", currency_format: "USD", sort_x_axis: "alpha_asc", sort_y_axis: "alpha_asc",
    show_legend: true, show_values: true, normalized: true,
  };
  const m = migrated("heatmap", {
    ...common, all_columns_x: "category", all_columns_y: "product", sort_by_metric: true, canvas_image_rendering: "auto", y_axis_bounds: [0, 100], show_perc: true, viz_type: "heatmap",
  });
  expect(m.formData).toEqual({ ...common, x_axis: "category", groupby: "product", legend_type: "continuous", value_bounds: [0, 100], show_percentage: true, viz_type: "heatmap_v2" });
});

test("histogram → histogram_v2 (histogram_v1_v2_test)", () => {
  const m = migrated("histogram", {
    datasource: "1__table", all_columns_x: ["category"], adhoc_filters: [], cumulative: true, linear_color_scheme: "blue", link_length: "5", normalized: true,
    row_limit: 100, viz_type: "histogram", x_axis_label: "X", y_axis_label: "Y",
  });
  expect(m.formData).toEqual({
    datasource: "1__table", adhoc_filters: [], bins: 5, column: "category", cumulative: true, groupby: [], linear_color_scheme: "blue", normalize: true,
    row_limit: 100, viz_type: "histogram_v2", x_axis_title: "X", y_axis_title: "Y",
  });
  expect(migrated("histogram", { all_columns_x: ["a"] }).formData.bins).toBe(5);
});

test("treemap, sunburst and sankey → their v2 types", () => {
  expect(migrated("treemap", { metrics: ["count", "sum__num"], order_desc: true, groupby: ["a"] }).formData).toEqual({ viz_type: "treemap_v2", metric: "count", sort_by_metric: true, groupby: ["a"] });
  expect(migrated("sunburst", { groupby: ["a", "b"], metric: "count" }).formData).toEqual({ viz_type: "sunburst_v2", columns: ["a", "b"], metric: "count" });
  expect(migrated("sankey", { groupby: ["source", "target"], metric: "value" }).formData).toEqual({ viz_type: "sankey_v2", source: "source", target: "target", metric: "value" });
});

test("an NVD3 pie's label type is renamed; a pie of today, a current type and an unknown type are left alone", () => {
  expect(migrated("pie", { pie_label_type: "key_percent", metric: "count", groupby: ["a"] }).formData).toEqual({ viz_type: "pie", label_type: "key_percent", metric: "count", groupby: ["a"] });
  expect(migrateLegacyChart("pie", { label_type: "key", metric: "count" })).toBeNull();
  expect(migrateLegacyChart("echarts_timeseries_line", { x_axis: "ds" })).toBeNull();
  expect(migrateLegacyChart("compare", { metrics: ["count"] })).toBeNull();
  expect(migrateLegacyChart("toString", {})).toBeNull();
});

test("the legacy form data given is not changed", () => {
  const params = { groupby: ["a", "b"], columns: ["c"], granularity_sqla: "ds" };
  const before = structuredClone(params);
  migrated("dist_bar", params);
  expect(params).toEqual(before);
});
