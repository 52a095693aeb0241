import { expect, test } from "vitest";
import { baseAxis } from "../../test-fixtures";
import { bandColor, bandFill, rowMaximum, shiftForScale } from "./bands";
import { horizon } from ".";

// params of the example bundle's "Vehicle Sales/Seasonality_of_Revenue_per_Product_Line.yaml" (its adhoc SUM(sales)
// metric written as the saved metric of our example dataset)
const example = {
  datasource: "23__table", viz_type: "horizon", granularity_sqla: "order_date", time_grain_sqla: "P1D", groupby: ["product_line"], metrics: ["sum__sales"],
  horizon_color_scale: "series", order_desc: true, row_limit: null, series_height: "25", time_range: "No filter", adhoc_filters: [], url_params: {}, annotation_layers: [],
};

test("horizon: the query asks one row per time and product line, the time as the x-axis with its grain", () => {
  const [query] = horizon.buildQuery(example).queries;
  expect(query).toMatchObject({
    columns: [baseAxis("order_date", "P1D"), "product_line"],
    metrics: ["sum__sales"],
    series_columns: ["product_line"],
    orderby: [["order_date", true]],
    granularity: "order_date",
    time_range: "No filter",
  });
  expect(horizon.buildQuery(example).form_data).toBe(example);
});

test("horizon bands: four bands fill in turn, 'change' is relative to the first value, 'overall' shares one scale", () => {
  // max 8 fills 4 bands: 2 per band; 5 fills bands 0 and 1, half of band 2, nothing of band 3
  expect([0, 1, 2, 3].map((b) => bandFill(5, 8, b))).toEqual([1, 1, 0.5, 0]);
  expect([0, 1, 2, 3].map((b) => bandFill(-3, 8, b))).toEqual([1, 0.5, 0, 0]);
  expect(bandFill(null, 8, 0)).toBe(0);
  expect(shiftForScale([4, 6, null, 1], "change")).toEqual([0, 2, null, -3]);
  expect(shiftForScale([4, 6], "series")).toEqual([4, 6]);
  const rows = [[1, -6], [2, 3]];
  expect([rowMaximum(rows, 1, "series"), rowMaximum(rows, 1, "overall")]).toEqual([3, 6]);
  expect([bandColor(0, false), bandColor(3, false), bandColor(0, true), bandColor(3, true)]).toEqual(["#fee090", "#d73027", "#abd9e9", "#313695"]);
});

test("horizon transformProps: one row per series, positive bands up from the baseline, negative ones down from the top", () => {
  const t1 = Date.UTC(2003, 0, 1), t2 = Date.UTC(2003, 0, 2);
  const data = [
    { order_date: t1, product_line: "Cars", sum__sales: 8 }, { order_date: t2, product_line: "Cars", sum__sales: 2 },
    { order_date: t1, product_line: "Ships", sum__sales: -4 }, { order_date: t2, product_line: "Ships", sum__sales: 1 },
  ];
  const model = horizon.transformProps({ formData: example, queriesData: [{ data, colnames: ["order_date", "product_line", "sum__sales"], coltypes: [2, 1, 0] }], width: 400, height: 80 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  const sets = model.data.datasets as any[];
  // Cars (max 8): 8 fills all four bands, 2 fills band 0 only; Ships (max 4): -4 fills all four negative bands,
  // 1 is a quarter of 4, so exactly band 0
  expect(sets.map((d) => [d.label, d.band, d.negative])).toEqual([
    ["Cars", 0, false], ["Cars", 1, false], ["Cars", 2, false], ["Cars", 3, false],
    ["Ships", 0, false], ["Ships", 0, true], ["Ships", 1, true], ["Ships", 2, true], ["Ships", 3, true],
  ]);
  // row 0's baseline is 1 - 0.04 = 0.96; a full band reaches 0.96 - 0.92 = 0.04
  expect(sets[0].data.map((v: number) => +v.toFixed(2))).toEqual([0.04, 0.04]);
  expect(sets[1].data.map((v: number) => +v.toFixed(2))).toEqual([0.04, 0.96]);
  // Ships' -4 hangs from row 1's top (1.04) down a full band
  expect(sets[5].data.map((v: number) => +v.toFixed(2))).toEqual([1.96, 1.04]);
  expect(sets[5].fill).toEqual({ value: 1.04 });
  // darker bands are painted over lighter ones
  expect(sets.slice(0, 4).map((d) => d.order)).toEqual([-0, -1, -2, -3]);
  const y = (model.options.scales as any).y;
  // 80 px - 30 px of axis leaves two rows of 25 px: exactly the two series
  expect([y.min, y.max, y.reverse]).toEqual([0, 2, true]);
  expect([0.5, 1.5].map((v) => y.ticks.callback(v))).toEqual(["Cars", "Ships"]);
  expect((model.options.plugins as any).tooltip.callbacks.label({ dataset: sets[4], dataIndex: 0 })).toBe("Ships: -4");
});
