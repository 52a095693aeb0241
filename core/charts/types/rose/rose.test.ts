import { expect, test } from "vitest";
import { baseAxis } from "../../test-fixtures";
import { rose } from ".";

const fd = {
  datasource: "3__table", viz_type: "rose", granularity_sqla: "ds", time_grain_sqla: "P1Y", metrics: ["sum__num"], groupby: ["gender"], adhoc_filters: [],
  limit: 10, timeseries_limit_metric: "sum__num", order_desc: true, row_limit: 10000, number_format: ",d", date_time_format: "%Y", rich_tooltip: true,
};
const y1999 = Date.UTC(1999, 0, 1), y2000 = Date.UTC(2000, 0, 1);
const data = [
  { ds: y2000, gender: "boy", sum__num: 10 }, { ds: y1999, gender: "boy", sum__num: 30 },
  { ds: y1999, gender: "girl", sum__num: 20 }, { ds: y2000, gender: "girl", sum__num: 40 },
];

test("rose: the time column (with its grain) and the groups, one row per period and group, series limited", () => {
  const [q] = rose.buildQuery(fd).queries;
  expect(q.columns).toEqual([baseAxis("ds", "P1Y"), "gender"]);
  expect(q.series_columns).toEqual(["gender"]);
  expect(q.metrics).toEqual(["sum__num"]);
  expect(q).toMatchObject({ timeseries_limit: 10, timeseries_limit_metric: "sum__num", orderby: [["ds", true]] });
});

test("rose: one sector per period, series stacked outwards as running sums, the outermost painted first", () => {
  const model = rose.transformProps({ formData: fd, queriesData: [{ data }], width: 400, height: 400 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("polarArea");
  expect(model.data.labels).toEqual(["1999", "2000"]);
  // boy 30 | 10; girl stacked on top: 30 + 20 = 50 | 10 + 40 = 50
  expect(model.data.datasets.map((d) => [d.label, d.data, d.values, d.order])).toEqual([["boy", [30, 10], [30, 10], 0], ["girl", [50, 50], [20, 40], 1]]);
  const tooltip = (model.options.plugins as any).tooltip.callbacks;
  // the tooltip reads the series' own value, not its running sum
  expect(tooltip.label({ datasetIndex: 1, dataIndex: 0 })).toBe("girl: 20");
  expect(tooltip.title([{ dataIndex: 1 }])).toBe("2000");
  expect((model.options.interaction as any).mode).toBe("index");
});

test("rose: area proportions draw the square root of the running sum, so a ring's area reads as its value", () => {
  const model = rose.transformProps({ formData: { ...fd, rose_area_proportion: true, rich_tooltip: false }, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.data.datasets[0].data).toEqual([Math.sqrt(30), Math.sqrt(10)]);
  expect(model.data.datasets[1].data).toEqual([Math.sqrt(50), Math.sqrt(50)]);
  expect((model.options.interaction as any).mode).toBe("nearest");
  expect(rose.transformProps({ formData: fd, queriesData: [{ data: [] }], width: 1, height: 1 }).kind).toBe("empty");
});
