import { expect, test } from "vitest";
import { bullet, numberList } from ".";

const fd = {
  datasource: "5__table", viz_type: "bullet", metric: "avg__arrival_delay", adhoc_filters: [], y_axis_format: ",.1f",
  ranges: "5, 15, 30", range_labels: "On time, Late, Very late", markers: "10", marker_labels: "Target", marker_lines: "20, 25", marker_line_labels: "Limit",
};

test("bullet: one metric over everything, no dimensions", () => {
  const [q] = bullet.buildQuery(fd).queries;
  expect(q.metrics).toEqual(["avg__arrival_delay"]);
  expect(q.columns).toEqual([]);
});

test("bullet: comma-separated lists read as Superset's to_array", () => {
  expect(numberList("5, 15,30")).toEqual([5, 15, 30]);
  expect(numberList(" 1.5 ,x, ")).toEqual([1.5]);
  expect(numberList(undefined)).toEqual([]);
});

test("bullet: bands widest first and lightest, the measure over them, triangles and lines at their values", () => {
  const model = bullet.transformProps({ formData: fd, queriesData: [{ data: [{ avg__arrival_delay: 12.34 }] }], width: 400, height: 120 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("bar");
  expect(model.options.indexAxis).toBe("y");
  const ds = model.data.datasets;
  expect(ds.map((d) => [d.label, d.data])).toEqual([
    ["Very late", [30]], ["Late", [15]], ["On time", [5]],
    ["avg__arrival_delay", [12.34]],
    ["Target", [{ x: 10, y: "avg__arrival_delay" }]],
    ["Limit", [{ x: 20, y: "avg__arrival_delay" }]], ["Marker line 2", [{ x: 25, y: "avg__arrival_delay" }]],
  ]);
  expect(ds.slice(0, 3).map((d) => d.backgroundColor)).toEqual(["#eeeeee", "#dddddd", "#cccccc"]);
  // bands drawn before (under) the measure, the measure under the markers
  expect(ds.map((d) => d.order)).toEqual([103, 102, 101, 10, 1, 0, 0]);
  expect(ds[4]).toMatchObject({ type: "scatter", pointStyle: "triangle" });
  expect(ds[5]).toMatchObject({ type: "scatter", pointStyle: "line", rotation: 90 });
  const label = (model.options.plugins as any).tooltip.callbacks.label;
  expect(label({ dataset: { label: "Late" }, parsed: { x: 15 } })).toBe("Late: 15.0");
});

test("bullet: with no ranges one band runs to 110 % of the value (truncated, as BulletViz's int())", () => {
  const model = bullet.transformProps({ formData: { ...fd, ranges: "", markers: "", marker_lines: "" }, queriesData: [{ data: [{ avg__arrival_delay: 19 }] }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.data.datasets.map((d) => d.data)).toEqual([[20], [19]]);
  expect(bullet.transformProps({ formData: fd, queriesData: [{ data: [] }], width: 1, height: 1 }).kind).toBe("empty");
});
