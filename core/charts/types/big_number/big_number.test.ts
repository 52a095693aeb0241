import { expect, test } from "vitest";
import { baseAxis, supersetQuery, temporalRange } from "../../test-fixtures";
import { bigNumber } from ".";
import { bigNumberTotal } from "../big_number_total";


// params of the example bundle's "Featured Charts/Big_Number_with_Trendline.yaml"
const trendline = {
  datasource: "22__table", viz_type: "big_number", x_axis: "order_date", time_grain_sqla: "P1M", metric: "count", adhoc_filters: [temporalRange],
  show_trend_line: true, start_y_axis_at_zero: true, color_picker: { r: 0, g: 122, b: 135, a: 1 }, header_font_size: 0.4, subheader_font_size: 0.15,
  y_axis_format: "SMART_NUMBER", time_format: "smart_date", rolling_type: "None", extra_form_data: {}, dashboards: [13],
};

test("big_number: the example bundle's query context (BASE_AXIS month column, pivot then flatten)", () => {
  expect(bigNumber.buildQuery(trendline).queries).toEqual([supersetQuery({
    extras: { time_grain_sqla: "P1M", having: "", where: "" },
    columns: [baseAxis("order_date", "P1M")],
    metrics: ["count"],
    post_processing: [ { operation: "pivot", options: { index: ["order_date"], columns: [], aggregates: { count: { operator: "mean" } }, drop_missing_columns: true } }, { operation: "flatten" }, ],
  })]);
});

test("big_number: rolling mean adds a rolling step between pivot and flatten", () => {
  const steps = bigNumber.buildQuery({ ...trendline, rolling_type: "mean", rolling_periods: "3", min_periods: 2 }).queries[0].post_processing!;
  expect(steps.map((s) => s.operation)).toEqual(["pivot", "rolling", "flatten"]);
  expect(steps[1].options).toEqual({ rolling_type: "mean", window: 3, min_periods: 2, columns: { count: "count" } });
});

test("big_number: headline is the newest non-null value, change against compare_lag periods before", () => {
  const jan = Date.UTC(2024, 0, 1), feb = Date.UTC(2024, 1, 1), mar = Date.UTC(2024, 2, 1), apr = Date.UTC(2024, 3, 1);
  const model = bigNumber.transformProps({
    formData: { ...trendline, compare_lag: 2, compare_suffix: "over 2 months" },
    // out of order on purpose; April is null so March (1,250) is the headline and January (1,000) the comparison
    queriesData: [{ data: [{ order_date: feb, count: 900 }, { order_date: apr, count: null }, { order_date: jan, count: 1000 }, { order_date: mar, count: 1250 }] }],
    width: 300, height: 200,
  });
  if (model.kind !== "big_number") throw new Error(model.kind);
  expect([model.value, model.headline, model.subheader]).toEqual([1250, "1.25k", "+25.0% over 2 months"]);
  const line = model.trendline!;
  expect(line.data.labels).toEqual([jan, feb, mar, apr]);
  expect(line.data.datasets[0]).toMatchObject({ data: [1000, 900, 1250, null], borderColor: "rgba(0,122,135,1)", backgroundColor: "rgba(0,122,135,0.2)" });
  // the line fills the box it is given, whatever its width, not a fixed canvas
  expect(line.options).toMatchObject({ responsive: true, maintainAspectRatio: false });
  const tooltip = (line.options.plugins as any).tooltip.callbacks;
  expect(tooltip.title([{ label: String(mar) }])).toBe("March");
  expect(tooltip.label({ raw: 1250 })).toBe("1.25k");
});

test("big_number_total: one metric over everything; null reads No data; no rows is the empty message", () => {
  const fd = { datasource: "7__table", viz_type: "big_number_total", metric: { expressionType: "SQL", sqlExpression: "SUM(sales)", label: "Total" }, y_axis_format: "$,.2f", subheader: "sales", adhoc_filters: [] };
  const [q] = bigNumberTotal.buildQuery(fd).queries;
  expect(q.metrics).toEqual([fd.metric]);
  expect(q.columns).toEqual([]);
  const model = bigNumberTotal.transformProps({ formData: fd, queriesData: [{ data: [{ Total: 1234567.891 }] }], width: 1, height: 1 });
  expect(model).toEqual({ kind: "big_number", value: 1234567.891, headline: "$1,234,567.89", subheader: "sales", headerFontSize: 0.4, subheaderFontSize: 0.15 });
  expect(bigNumberTotal.transformProps({ formData: fd, queriesData: [{ data: [{ Total: null }] }], width: 1, height: 1 })).toMatchObject({ value: null, headline: "No data" });
  expect(bigNumberTotal.transformProps({ formData: fd, queriesData: [{ data: [] }], width: 1, height: 1 }).kind).toBe("empty");
});
