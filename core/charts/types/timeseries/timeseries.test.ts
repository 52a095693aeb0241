import { expect, test } from "vitest";
import { baseAxis, supersetQuery, temporalRange } from "../../test-fixtures";
import { timeseriesArea, timeseriesBar, timeseriesGeneric, timeseriesLine, timeseriesStep } from ".";
import { colorKey } from "./series";


// params of the example bundle's "Featured Charts/Line.yaml" (display-only keys kept, they ride along in form_data)
const line = {
  datasource: "22__table", viz_type: "echarts_timeseries_line", x_axis: "order_date", time_grain_sqla: "P1M", x_axis_sort_asc: true, x_axis_sort_series: "name",
  x_axis_sort_series_ascending: true, metrics: ["count"], groupby: ["product_line"], adhoc_filters: [temporalRange], order_desc: true, row_limit: 10000,
  truncate_metric: true, show_empty_columns: true, comparison_type: "values", annotation_layers: [], sort_series_type: "sum", color_scheme: "supersetColors",
  seriesType: "echarts_timeseries_line", only_total: true, opacity: 0.2, markerSize: 6, show_legend: true, legendType: "scroll", legendOrientation: "top",
  x_axis_time_format: "smart_date", rich_tooltip: true, tooltipTimeFormat: "smart_date", y_axis_format: "SMART_NUMBER", truncateXAxis: true, y_axis_bounds: [null, null],
  extra_form_data: {}, dashboards: [13],
};

test("line: the example bundle's query context (x-axis + dimension, pivot, drop metric level, flatten)", () => {
  const ctx = timeseriesLine.buildQuery(line);
  expect(ctx.queries).toEqual([supersetQuery({
    extras: { time_grain_sqla: "P1M", having: "", where: "" },
    columns: [baseAxis("order_date", "P1M"), "product_line"],
    series_columns: ["product_line"],
    metrics: ["count"],
    orderby: [["count", false]],
    row_limit: 10000,
    time_offsets: [],
    post_processing: [ { operation: "pivot", options: { index: ["order_date"], columns: ["product_line"], aggregates: { count: { operator: "mean" } }, drop_missing_columns: false } }, { operation: "rename", options: { columns: { count: null }, level: 0, inplace: true } }, { operation: "flatten" }, ],
  })]);
});

test("time comparison as difference: offsets queried, pivot over both, compare drops the originals, renamed to the offset", () => {
  const [q] = timeseriesLine.buildQuery({ ...line, groupby: [], time_compare: ["1 year ago"], comparison_type: "difference", rolling_type: "cumsum" }).queries;
  expect(q.time_offsets).toEqual(["1 year ago"]);
  expect(q.post_processing).toEqual([
    { operation: "pivot", options: { index: ["order_date"], columns: [], aggregates: { count: { operator: "mean" }, "count__1 year ago": { operator: "mean" } }, drop_missing_columns: false } },
    { operation: "cum", options: { operator: "sum", columns: { "difference__count__count__1 year ago": "difference__count__count__1 year ago" } } },
    { operation: "compare", options: { source_columns: ["count"], compare_columns: ["count__1 year ago"], compare_type: "difference", drop_original_columns: true } },
    { operation: "rename", options: { columns: { "difference__count__count__1 year ago": "1 year ago" }, level: 0, inplace: true } },
    { operation: "flatten" },
  ]);
});

test("native filter data mask: appended filters and an overridden time range reach the query", () => {
  const [q] = timeseriesBar.buildQuery({
    ...line, viz_type: "echarts_timeseries_bar",
    extra_form_data: { filters: [{ col: "country", op: "IN", val: ["France"] }], time_range: "Last year", time_grain_sqla: "P1W" },
  }).queries;
  // Superset puts the data mask's filters before the chart's own adhoc filters
  expect(q.filters).toEqual([{ col: "country", op: "IN", val: ["France"] }, { col: "order_date", op: "TEMPORAL_RANGE", val: "No filter" }]);
  expect(q.time_range).toBe("Last year");
  expect(q.extras).toEqual({ time_grain_sqla: "P1W", having: "", where: "" });
  expect(q.columns).toEqual([baseAxis("order_date", "P1W"), "product_line"]);
});

test("bar without dimensions sorted by a metric: sort step, and the sort metric joins the query", () => {
  const [q] = timeseriesBar.buildQuery({ datasource: "1__table", x_axis: "state", metrics: ["count"], groupby: [], x_axis_sort: "sum__num", x_axis_sort_asc: false, timeseries_limit_metric: "sum__num" }).queries;
  expect(q.metrics).toEqual(["count", "sum__num"]);
  expect(q.post_processing).toContainEqual({ operation: "sort", options: { by: "sum__num", ascending: false } });
});

const feb = Date.UTC(2024, 1, 1), mar = Date.UTC(2024, 2, 1);
const data = {
  colnames: ["order_date", "Ships", "Cars"], coltypes: [2, 0, 0],
  data: [{ order_date: feb, Ships: 10, Cars: 30 }, { order_date: mar, Ships: null, Cars: 10 }],
};

test("line transformProps: series by total descending, supersetColors in that order, month labels, SMART_NUMBER ticks", () => {
  const model = timeseriesLine.transformProps({ formData: line, queriesData: [data], width: 600, height: 300 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("line");
  expect(model.data.labels).toEqual(["February", "March"]);
  expect(model.data.datasets.map((d) => [d.label, d.data, d.borderColor, d.tension, d.pointRadius])).toEqual([
    ["Cars", [30, 10], "#1FA8C9", 0, 0],
    ["Ships", [10, null], "#454E7C", 0, 0],
  ]);
  const scales = model.options.scales as any;
  expect(scales.y.ticks.callback(1500)).toBe("1.5k");
  const tooltip = (model.options.plugins as any).tooltip.callbacks;
  expect(tooltip.title([{ dataIndex: 1 }])).toBe("March");
  expect(tooltip.label({ dataset: { label: "Cars" }, raw: 10 })).toBe("Cars: 10");
});

test("a long x-axis (5,000 days) sizes its ticks from a sample; a short one measures every label", () => {
  const day = 86_400_000;
  const long = { colnames: ["order_date", "count"], coltypes: [2, 0], data: Array.from({ length: 5000 }, (_, i) => ({ order_date: Date.UTC(2000, 0, 1) + i * day, count: i % 97 })) };
  const big = timeseriesLine.transformProps({ formData: { ...line, groupby: [] }, queriesData: [long], width: 600, height: 300 });
  const small = timeseriesLine.transformProps({ formData: line, queriesData: [data], width: 600, height: 300 });
  if (big.kind !== "chartjs" || small.kind !== "chartjs") throw new Error("not a Chart.js model");
  expect(big.data.labels).toHaveLength(5000);
  expect((big.options.scales as any).x.ticks.sampleSize).toBe(100);
  expect((small.options.scales as any).x.ticks.sampleSize).toBeUndefined();
  expect(big.options.normalized).toBe(true);
});

test("dashboard label colours win over the scheme; step and area styles", () => {
  const step = timeseriesStep.transformProps({ formData: { ...line, seriesType: "end", label_colors: { Ships: "#000000" } }, queriesData: [data], width: 1, height: 1 });
  if (step.kind !== "chartjs") throw new Error(step.kind);
  expect(step.data.datasets.map((d) => [d.label, d.borderColor, d.stepped])).toEqual([["Cars", "#1FA8C9", "after"], ["Ships", "#000000", "after"]]);
  const area = timeseriesArea.transformProps({ formData: { ...line, opacity: 0.5 }, queriesData: [data], width: 1, height: 1 });
  if (area.kind !== "chartjs") throw new Error(area.kind);
  expect(area.data.datasets[0]).toMatchObject({ fill: "origin", backgroundColor: "rgba(31,168,201,0.5)" });
});

test("bar stacked Expand: shares per x, horizontal orientation swaps the axes", () => {
  const model = timeseriesBar.transformProps({ formData: { ...line, stack: "Expand", orientation: "horizontal", sort_series_type: "name", sort_series_ascending: true }, queriesData: [data], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.data.datasets.map((d) => [d.label, d.data])).toEqual([["Cars", [0.75, 1]], ["Ships", [0.25, null]]]);
  expect(model.options.indexAxis).toBe("y");
  const scales = model.options.scales as any;
  expect([scales.x.stacked, scales.x.ticks.callback(0.25), scales.y.type]).toEqual([true, "25%", "category"]);
});

test("no rows: Superset's empty message", () => {
  expect(timeseriesBar.transformProps({ formData: line, queriesData: [{ data: [] }], width: 1, height: 1 })).toEqual({ kind: "empty", message: "No results were returned for this query" });
});

test("time comparison series: dashed, in the colour of the series they shift", () => {
  const fd = { ...line, groupby: [], metrics: ["count"], time_compare: ["1 year ago"], comparison_type: "values" };
  const model = timeseriesLine.transformProps({ formData: fd, queriesData: [{ data: [{ order_date: feb, count: 5, "1 year ago": 4 }] }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.data.datasets.map((d) => [d.label, d.borderColor, d.borderDash])).toEqual([["count", "#1FA8C9", undefined], ["1 year ago", "#1FA8C9", [5, 5]]]);
  expect(colorKey("CA, 1 year ago", fd)).toBe("CA");
});

test("line transformProps: a saved metric's series is labelled by its verbose name, a dimension's values as they are", () => {
  const births = { colnames: ["ds", "sum__num"], coltypes: [2, 0], data: [{ ds: feb, sum__num: 5 }, { ds: mar, sum__num: 7 }] };
  const model = timeseriesLine.transformProps({ formData: { ...line, x_axis: "ds", metrics: ["sum__num"], groupby: [] }, queriesData: [births], width: 600, height: 300, verboseMap: { sum__num: "Births" } });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.data.datasets.map((d) => [d.label, d.data])).toEqual([["Births", [5, 7]]]);
  const byDimension = timeseriesLine.transformProps({ formData: line, queriesData: [data], width: 600, height: 300, verboseMap: { Cars: "never used" , sum__num: "Births" } });
  if (byDimension.kind !== "chartjs") throw new Error(byDimension.kind);
  expect(byDimension.data.datasets.map((d) => d.label)).toEqual(["Cars", "Ships"]);
});

test("generic chart: its Series Style draws as the matching type, an area fills under line styles only", () => {
  const draw = (extra: Record<string, unknown>) => {
    const model = timeseriesGeneric.transformProps({ formData: { ...line, viz_type: "echarts_timeseries", ...extra }, queriesData: [data], width: 1, height: 1 });
    if (model.kind !== "chartjs") throw new Error(model.kind);
    return model;
  };
  const style = (extra: Record<string, unknown>) => {
    const model = draw(extra);
    const d = model.data.datasets[0];
    return [model.type, d.tension, d.stepped, d.showLine, d.fill];
  };
  expect(style({})).toEqual(["line", 0, false, true, false]);
  expect(style({ seriesType: "smooth" })).toEqual(["line", 0.4, false, true, false]);
  expect(style({ seriesType: "middle" })).toEqual(["line", 0, "middle", true, false]);
  expect(style({ seriesType: "start", area: true })).toEqual(["line", 0, "before", true, "origin"]);
  expect(style({ seriesType: "scatter", area: true })).toEqual(["line", 0, false, false, false]);
  expect(style({ seriesType: "bar", area: true })).toEqual(["bar", undefined, undefined, undefined, undefined]);
  expect(draw({ seriesType: "smooth", area: true, stack: "Stack", opacity: 0.5 }).data.datasets[0]).toMatchObject({ fill: "stack", backgroundColor: "rgba(31,168,201,0.5)", tension: 0.4 });
  expect(draw({ seriesType: "bar", orientation: "horizontal" }).options.indexAxis).toBe("y");
  // the step chart of its own keeps its start default; the generic chart's default is a plain line
  expect(timeseriesStep.controlPanel.sections.flatMap((s) => s.controls).find((c) => c.name === "seriesType")?.default).toBe("start");
  const panel = timeseriesGeneric.controlPanel.sections.flatMap((s) => s.controls);
  expect(panel.find((c) => c.name === "seriesType")?.default).toBe("line");
  const area = panel.find((c) => c.name === "area")!;
  expect([area.visibility!({ seriesType: "smooth" }), area.visibility!({ seriesType: "bar" })]).toEqual([true, false]);
  expect(panel.find((c) => c.name === "orientation")!.visibility!({ seriesType: "line" })).toBe(false);
});
