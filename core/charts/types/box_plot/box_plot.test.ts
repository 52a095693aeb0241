import { expect, test } from "vitest";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { boxPlot } from ".";

// params of the example bundle's "Featured Charts/Box_Plot.yaml"
const example = {
  datasource: "22__table", viz_type: "box_plot", columns: ["order_date"], time_grain_sqla: "P1D", temporal_columns_lookup: { order_date: true },
  groupby: ["product_line"], metrics: ["count"], adhoc_filters: [temporalRange], whiskerOptions: "Tukey", color_scheme: "supersetColors",
  x_ticks_layout: "auto", number_format: "SMART_NUMBER", date_format: "smart_date", extra_form_data: {},
};

test("box_plot: the example bundle's query context (daily counts per product line, Tukey boxplot step)", () => {
  expect(boxPlot.buildQuery(example).queries).toEqual([supersetQuery({
    extras: { time_grain_sqla: "P1D", having: "", where: "" },
    columns: [{ timeGrain: "P1D", columnType: "BASE_AXIS", sqlExpression: "order_date", label: "order_date", expressionType: "SQL" }, "product_line"],
    series_columns: ["product_line"],
    metrics: ["count"],
    post_processing: [{ operation: "boxplot", options: { whisker_type: "tukey", groupby: ["product_line"], metrics: ["count"] } }],
  })]);
});

test("box_plot: percentile whiskers; an unknown whisker option is refused", () => {
  expect(boxPlot.buildQuery({ ...example, whiskerOptions: "9/91 percentiles" }).queries[0].post_processing![0].options).toMatchObject({ whisker_type: "percentile", percentiles: [9, 91] });
  expect(() => boxPlot.buildQuery({ ...example, whiskerOptions: "Whatever" })).toThrow("Unsupported whisker type: Whatever");
});

test("box_plot transformProps: one box per product line from the engine's statistics", () => {
  const row = (line: string, base: number) => ({
    product_line: line, count__mean: base + 1, count__median: base, count__max: base + 5, count__min: base - 5, count__q1: base - 2, count__q3: base + 2,
    count__count: 30, count__outliers: [base + 20],
  });
  const model = boxPlot.transformProps({ formData: example, queriesData: [{ data: [row("Cars", 10), row("Ships", 4)] }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("boxplot");
  expect(model.data.labels).toEqual(["Cars", "Ships"]);
  expect(model.data.datasets[0].data).toEqual([
    { min: 5, q1: 8, median: 10, q3: 12, max: 15, mean: 11, count: 30, outliers: [30] },
    { min: -1, q1: 2, median: 4, q3: 6, max: 9, mean: 5, count: 30, outliers: [24] },
  ]);
});
