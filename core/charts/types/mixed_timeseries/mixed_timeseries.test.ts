import { expect, test } from "vitest";
import { example } from "./example";
import { baseAxis, supersetQuery, temporalRange } from "../../test-fixtures";
import { mixedTimeseries } from ".";

const sumSales = { expressionType: "SIMPLE", column: { column_name: "sales" }, aggregate: "SUM", sqlExpression: null, hasCustomLabel: false, label: "SUM(sales)" };
// params of the example bundle's "Featured Charts/Mixed.yaml" (the metric's column object trimmed)
const mixed = {
  datasource: "22__table", viz_type: "mixed_timeseries", x_axis: "order_date", time_grain_sqla: "P1M", metrics: [sumSales], groupby: [],
  adhoc_filters: [temporalRange], order_desc: true, row_limit: 10000, truncate_metric: true, comparison_type: "values",
  metrics_b: ["count"], groupby_b: [], adhoc_filters_b: [temporalRange], order_desc_b: true, row_limit_b: 10000, truncate_metric_b: true, comparison_type_b: "values",
  annotation_layers: [], color_scheme: "supersetColors", seriesType: "echarts_timeseries_line", opacity: 0.2, markerSize: 6, yAxisIndex: 1,
  seriesTypeB: "echarts_timeseries_bar", opacityB: 0.2, markerSizeB: 6, yAxisIndexB: 0, show_legend: true, legendOrientation: "top",
  x_axis_time_format: "smart_date", rich_tooltip: true, tooltipTimeFormat: "smart_date", y_axis_bounds: [null, null], y_axis_format: "SMART_NUMBER",
  y_axis_bounds_secondary: [null, null], y_axis_format_secondary: "SMART_NUMBER", extra_form_data: {},
};

const expected = (metric: unknown) => (supersetQuery({
  extras: { time_grain_sqla: "P1M", having: "", where: "" },
  columns: [baseAxis("order_date", "P1M")],
  series_columns: [],
  metrics: [metric],
  orderby: [[metric, false]],
  row_limit: 10000,
  time_offsets: [],
  post_processing: [ { operation: "pivot", options: { index: ["order_date"], columns: [], aggregates: { [typeof metric === "string" ? metric : "SUM(sales)"]: { operator: "mean" } }, drop_missing_columns: true } }, { operation: "flatten" }, ],
}));

test("mixed: the example bundle's two queries, Query B from the _b keys; form_data is Query A's", () => {
  const ctx = mixedTimeseries.buildQuery(mixed);
  expect(ctx.queries).toEqual([expected(sumSales), expected("count")]);
  expect(Object.keys(ctx.form_data).some((k) => k.endsWith("_b"))).toBe(false);
  expect(ctx.form_data.seriesTypeB).toBe("echarts_timeseries_bar");
});

test("mixed transformProps: union of x values, line on the secondary axis, bars on the primary, identifiers", () => {
  const feb = Date.UTC(2024, 1, 1), mar = Date.UTC(2024, 2, 1), apr = Date.UTC(2024, 3, 1);
  const model = mixedTimeseries.transformProps({
    formData: { ...mixed, show_query_identifiers: true, y_axis_format_secondary: "$,.0f" },
    queriesData: [
      { data: [{ order_date: mar, "SUM(sales)": 2000 }, { order_date: feb, "SUM(sales)": 1000 }], colnames: ["order_date", "SUM(sales)"], coltypes: [2, 0] },
      { data: [{ order_date: apr, count: 7 }, { order_date: feb, count: 5 }], colnames: ["order_date", "count"], coltypes: [2, 0] },
    ],
    width: 1, height: 1,
  });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.data.labels).toEqual(["February", "March", "April"]);
  expect(model.data.datasets.map((d) => [d.label, d.data, d.type, d.yAxisID, d.borderColor])).toEqual([
    ["SUM(sales) (Query A)", [1000, 2000, null], "line", "y1", "#1FA8C9"],
    ["count (Query B)", [5, null, 7], "bar", "y", "#454E7C"],
  ]);
  const label = (model.options.plugins as any).tooltip.callbacks.label;
  expect(label({ dataset: { label: "SUM(sales) (Query A)", yAxisID: "y1" }, raw: 1000 })).toBe("SUM(sales) (Query A): $1,000");
  expect(label({ dataset: { label: "count (Query B)", yAxisID: "y" }, raw: 5 })).toBe("count (Query B): 5");
  expect(mixedTimeseries.transformProps({ formData: mixed, queriesData: [{ data: [] }, { data: [] }], width: 1, height: 1 }).kind).toBe("empty");
});

test("mixed transformProps: older Superset's series types (bar, line, steps) draw as such; the example's orders sit on the right axis", () => {
  const feb = Date.UTC(2024, 1, 1);
  const queriesData = [
    { data: [{ order_date: feb, "SUM(sales)": 1000 }], colnames: ["order_date", "SUM(sales)"], coltypes: [2, 0] },
    { data: [{ order_date: feb, count: 5 }], colnames: ["order_date", "count"], coltypes: [2, 0] },
  ];
  const model = mixedTimeseries.transformProps({ formData: { ...mixed, seriesType: "bar", seriesTypeB: "end" }, queriesData, width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.data.datasets.map((d) => [d.type, Boolean(d.stepped)])).toEqual([["bar", false], ["line", true]]);
  // the product's example: Query B's orders on the secondary (right) axis, in bars and a line
  const params = example.params as Record<string, unknown>;
  const ex = mixedTimeseries.transformProps({
    formData: params,
    queriesData: [
      { data: [{ order_date: feb, sum__sales: 1000 }], colnames: ["order_date", "sum__sales"], coltypes: [2, 0] },
      { data: [{ order_date: feb, count_distinct__order_number: 5 }], colnames: ["order_date", "count_distinct__order_number"], coltypes: [2, 0] },
    ],
    width: 1, height: 1,
  });
  if (ex.kind !== "chartjs") throw new Error(ex.kind);
  expect(ex.data.datasets.map((d) => [d.label, d.type, d.yAxisID])).toEqual([["sum__sales", "bar", "y"], ["count_distinct__order_number", "line", "y1"]]);
});
