import { expect, test } from "vitest";
import { buildTree } from "../../hierarchy";
import { supersetQuery, temporalRange } from "../../test-fixtures";
import { layoutBands } from "./layout";
import { partition } from ".";

const formData = {
  datasource: "22__table", viz_type: "partition", groupby: ["territory", "country"], metrics: ["sum__sales"], adhoc_filters: [temporalRange],
  limit: 0, row_limit: 10000, timeseries_limit_metric: "count", order_desc: true, color_scheme: "supersetColors", number_format: ",d",
  partition_limit: 5, partition_threshold: 0.05, log_scale: false, rich_tooltip: true, time_series_option: "not_time",
};

test("partition: Superset's query, grouped by every level with the sort metric, not a time series", () => {
  expect(partition.buildQuery(formData).queries).toEqual([supersetQuery({
    columns: ["territory", "country"],
    metrics: ["sum__sales", "count"],
    orderby: [["count", false]],
    row_limit: 10000,
    timeseries_limit_metric: "count",
    is_timeseries: false,
  })]);
});

// EMEA 60 (France 40, Spain 18, Malta 2), NA 40 (USA 40)
const data = [
  { territory: "EMEA", country: "France", sum__sales: 40 }, { territory: "EMEA", country: "Spain", sum__sales: 18 },
  { territory: "EMEA", country: "Malta", sum__sales: 2 }, { territory: "NA", country: "USA", sum__sales: 40 },
];
const tree = () => buildTree(data, ["territory", "country"], "sum__sales", "sum__sales", (_, v) => String(v));

test("partition layout: each group a band of its parent's height by value, the biggest first", () => {
  const bands = layoutBands(tree(), 0, 1);
  expect(bands.map((b) => [b.depth, b.name, b.y, b.h, b.share])).toEqual([
    [0, "sum__sales", 0, 1, 1],
    [1, "EMEA", 0, 0.6, 0.6],
    [2, "France", 0, 0.4, 40 / 60],
    [2, "Spain", 0.4, 0.18, 18 / 60],
    [2, "Malta", 0.58, 0.02, 2 / 60],
    [1, "NA", 0.6, 0.4, 0.4],
    [2, "USA", 0.6, 0.4, 1],
  ].map(([d, n, y, h, s]) => [d, n, expect.closeTo(y as number, 12), expect.closeTo(h as number, 12), expect.closeTo(s as number, 12)]));
});

test("partition layout: the limit and the threshold leave groups out, their room blank; log scale evens the sizes", () => {
  // Malta is 3.3% of EMEA: under a 5% threshold; a limit of 2 a node keeps France and Spain, a limit of 1 EMEA and France
  expect(layoutBands(tree(), 0, 1, { threshold: 0.05 }).map((b) => b.name)).toEqual(["sum__sales", "EMEA", "France", "Spain", "NA", "USA"]);
  const limited = layoutBands(tree(), 0, 1, { limit: 2 });
  expect(limited.map((b) => b.name)).toEqual(["sum__sales", "EMEA", "France", "Spain", "NA", "USA"]);
  expect(limited[4]).toMatchObject({ name: "NA", y: 0.6 });
  expect(layoutBands(tree(), 0, 1, { limit: 1 }).map((b) => [b.name, b.h])).toEqual([["sum__sales", 1], ["EMEA", 0.6], ["France", 0.4]]);
  const log = layoutBands(tree(), 0, 1, { logScale: true });
  // EMEA and NA by ln(61) and ln(41)
  expect(log[1].h).toBeCloseTo(Math.log(61) / (Math.log(61) + Math.log(41)), 12);
});

test("partition transformProps: one rectangle per band from its level's column, named where tall enough", () => {
  const model = partition.transformProps({ formData, queriesData: [{ data }], width: 600, height: 400 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("matrix");
  const [ds] = model.data.datasets;
  expect((ds.data as { x: number; y: number; h: number }[]).map((p) => [p.x, p.y])).toEqual([[0, 0], [1, 0], [2, 0], [2, 0.4], [1, 0.6], [2, 0.6]]);
  // Malta is left out (under 5%); the 2% band would be 8 px, too short for a name anyway
  expect((ds.textMarks as { text: string }[]).map((m) => m.text)).toEqual(["sum__sales 100", "EMEA 60", "France 40", "Spain 18", "NA 40", "USA 40"]);
  expect((ds.height as (c: unknown) => number)({ chart: { chartArea: { height: 400 } }, raw: { h: 0.4 } })).toBe(159);
  expect((ds.width as (c: unknown) => number)({ chart: { chartArea: { width: 600 } } })).toBe(199);
  const label = (model.options.plugins as any).tooltip.callbacks.label;
  expect(label({ dataIndex: 3 })).toBe("sum__sales › EMEA › Spain: 18 (30.0%)");
  expect(label({ dataIndex: 1 })).toBe("EMEA: 60 (60.0%)");
});

test("partition: no hierarchy is the chart's error", () => {
  expect(() => partition.transformProps({ formData: { ...formData, groupby: [] }, queriesData: [{ data }], width: 600, height: 400 })).toThrow(/at least one groupby column/);
});
