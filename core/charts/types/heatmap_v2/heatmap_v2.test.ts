import { expect, test } from "vitest";
import { baseAxis, supersetQuery, temporalRange } from "../../test-fixtures";
import { heatmapV2, sortAxis } from ".";

// params of the example bundle's "Featured Charts/Heatmap.yaml"
const example = {
  datasource: "22__table", viz_type: "heatmap_v2", x_axis: "product_line", time_grain_sqla: "P1D", groupby: "deal_size", metric: "count",
  adhoc_filters: [temporalRange], row_limit: 10000, sort_x_axis: "alpha_asc", sort_y_axis: "alpha_asc", normalize_across: "heatmap",
  legend_type: "continuous", linear_color_scheme: "superset_seq_1", xscale_interval: -1, yscale_interval: -1, left_margin: "auto", bottom_margin: "auto",
  value_bounds: [null, null], y_axis_format: "SMART_NUMBER", x_axis_time_format: "smart_date", show_legend: true, show_percentage: true, show_values: true,
  extra_form_data: {},
};

test("heatmap_v2: the example bundle's query context (both axes ascending, rank over the whole heatmap)", () => {
  expect(heatmapV2.buildQuery(example).queries).toEqual([supersetQuery({
    extras: { time_grain_sqla: "P1D", having: "", where: "" },
    // Superset turns any x-axis into a BASE_AXIS column; the grain only applies when the column is temporal
    columns: [baseAxis("product_line", "P1D"), "deal_size"],
    metrics: ["count"],
    orderby: [["product_line", true], ["deal_size", true]],
    row_limit: 10000,
    post_processing: [{ operation: "rank", options: { metric: "count" } }],
  })]);
  const [q] = heatmapV2.buildQuery({ ...example, sort_x_axis: "value_desc", normalize_across: "y" }).queries;
  expect(q.orderby).toEqual([["deal_size", true]]);
  expect(q.post_processing).toEqual([{ operation: "rank", options: { metric: "count", group_by: "deal_size" } }]);
});

const data = [
  { product_line: "Cars", deal_size: "Large", count: 10, rank: 1 },
  { product_line: "Cars", deal_size: "Small", count: 0, rank: 0 },
  { product_line: "Ships", deal_size: "Large", count: 5, rank: 0.5 },
];

test("heatmap_v2 transformProps: matrix cells coloured between the value bounds, share of total in the tooltip", () => {
  const model = heatmapV2.transformProps({ formData: { ...example, linear_color_scheme: "white_black" }, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("matrix");
  const [ds] = model.data.datasets;
  expect(ds.data).toEqual([{ x: "Cars", y: "Large", v: 10, rank: 1 }, { x: "Cars", y: "Small", v: 0, rank: 0 }, { x: "Ships", y: "Large", v: 5, rank: 0.5 }]);
  expect(ds.backgroundColor).toEqual(["#000000", "#ffffff", "#808080"]);
  expect(ds.valueTexts).toEqual(["10", "0", "5"]);
  expect((ds.width as any)({ chart: { chartArea: { width: 202 } } })).toBe(100);
  const scales = model.options.scales as any;
  expect([scales.x.labels, scales.y.labels]).toEqual([["Cars", "Ships"], ["Large", "Small"]]);
  expect((model.options.plugins as any).tooltip.callbacks.label({ dataIndex: 0 })).toBe("product_line Cars, deal_size Large: 10 (66.67%)");
  const bounded = heatmapV2.transformProps({ formData: { ...example, linear_color_scheme: "white_black", value_bounds: [0, 20] }, queriesData: [{ data }], width: 1, height: 1 });
  expect(bounded.kind === "chartjs" && bounded.data.datasets[0].backgroundColor).toEqual(["#808080", "#ffffff", "#bfbfbf"]);
});

test("heatmap_v2: categories sorted by name or by their totals after the query", () => {
  const model = heatmapV2.transformProps({ formData: { ...example, sort_x_axis: "value_desc", sort_y_axis: "alpha_desc" }, queriesData: [{ data }], width: 1, height: 1 });
  const scales = model.kind === "chartjs" ? (model.options.scales as any) : null;
  // Cars total 10, Ships 5
  expect([scales.x.labels, scales.y.labels]).toEqual([["Cars", "Ships"], ["Small", "Large"]]);
  expect(sortAxis(["b", "a", "b", "c"], [1, 5, 1, 3], "value_asc")).toEqual(["b", "c", "a"]);
  expect(sortAxis(["x10", "x9"], [1, 1], "alpha_asc")).toEqual(["x9", "x10"]);
});

test("heatmap_v2: a colour legend from the low bound to the high one beside the grid, none when the legend is off", () => {
  const model = heatmapV2.transformProps({ formData: { ...example, linear_color_scheme: "white_black", value_bounds: [0, 20] }, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  const legend = model.data.datasets[0].colorLegend as { colors: string[]; low: string; high: string };
  expect([legend.colors.length, legend.colors[0], legend.colors[19], legend.low, legend.high]).toEqual([20, "#ffffff", "#000000", "0", "20"]);
  expect((model.options.layout as any).padding.right).toBe(70);
  const off = heatmapV2.transformProps({ formData: { ...example, show_legend: false }, queriesData: [{ data }], width: 1, height: 1 });
  if (off.kind !== "chartjs") throw new Error(off.kind);
  expect([off.data.datasets[0].colorLegend, (off.options.layout as any).padding.right]).toEqual([undefined, 0]);
});
