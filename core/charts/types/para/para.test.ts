import { expect, test } from "vitest";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { para } from ".";

const formData = {
  datasource: "22__table", viz_type: "para", series: "country", metrics: ["sum__sales", "count"], secondary_metric: "avg__price_each",
  adhoc_filters: [temporalRange], limit: 0, row_limit: 100, timeseries_limit_metric: "count_distinct__order_number", order_desc: true,
  show_datatable: false, include_series: false, linear_color_scheme: "white_black",
};

test("para: Superset's query, grouped by the series with the colour and sort metrics, ordered by the sort metric", () => {
  expect(para.buildQuery(formData).queries).toEqual([supersetQuery({
    columns: ["country"],
    metrics: ["sum__sales", "count", "avg__price_each", "count_distinct__order_number"],
    orderby: [["count_distinct__order_number", false]],
    row_limit: 100,
    timeseries_limit_metric: "count_distinct__order_number",
  })]);
  // no sort metric: no order by (Superset's legacy query left residual ones out)
  const [q] = para.buildQuery({ ...formData, timeseries_limit_metric: undefined, order_by_cols: ['["country", true]'] }).queries;
  expect([q.metrics, q.orderby]).toEqual([["sum__sales", "count", "avg__price_each"], undefined]);
});

const data = [
  { country: "France", sum__sales: 100, count: 10, avg__price_each: 50 },
  { country: "USA", sum__sales: 300, count: 5, avg__price_each: 70 },
  { country: "Spain", sum__sales: 200, count: 20, avg__price_each: 60 },
];

test("para transformProps: each row a line across the axes scaled low to high, a gap between rows, coloured by the colour metric", () => {
  const model = para.transformProps({ formData, queriesData: [{ data }], width: 800, height: 400 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("line");
  const [ds] = model.data.datasets;
  // sum__sales 100..300, count 5..20
  expect(ds.data).toEqual([
    { x: 0, y: 0 }, { x: 1, y: 1 / 3 }, { x: 1, y: null },
    { x: 0, y: 1 }, { x: 1, y: 0 }, { x: 1, y: null },
    { x: 0, y: 0.5 }, { x: 1, y: 1 }, { x: 1, y: null },
  ]);
  // avg price 50 → white, 70 → black, 60 → mid grey; the segments of a row take its colour (b3: 70% opaque)
  const color = (ds.segment as { borderColor: (ctx: { p0DataIndex: number }) => string }).borderColor;
  expect([color({ p0DataIndex: 0 }), color({ p0DataIndex: 3 }), color({ p0DataIndex: 6 })]).toEqual(["#ffffffb3", "#000000b3", "#808080b3"]);
  expect((ds.textMarks as { text: string }[]).map((m) => m.text)).toEqual(["300", "100", "20", "5"]);
  const scales = model.options.scales as any;
  expect([0, 1].map((v) => scales.x.ticks.callback(v))).toEqual(["sum__sales", "count"]);
  expect((model.options.plugins as any).tooltip.callbacks.label({ dataIndex: 4 })).toBe("USA: count 5");
  expect(model.dataTable).toBeUndefined();
});

test("para: the series as a first axis of names, and the rows' table under the chart", () => {
  const model = para.transformProps({ formData: { ...formData, include_series: true, show_datatable: true }, queriesData: [{ data }], width: 800, height: 400 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  // names in order: France 0, Spain 0.5, USA 1
  expect((model.data.datasets[0].data as { y: number | null }[]).filter((_, i) => i % 4 === 0).map((p) => p.y)).toEqual([0, 1, 0.5]);
  expect((model.data.datasets[0].textMarks as { text: string }[]).slice(0, 3).map((m) => m.text)).toEqual(["France", "Spain", "USA"]);
  expect(model.dataTable?.columns.map((c) => c.label)).toEqual(["country", "sum__sales", "count", "avg__price_each"]);
  expect(model.dataTable?.formatted[1]).toEqual({ country: "USA", sum__sales: "300", count: "5", avg__price_each: "70" });
});
