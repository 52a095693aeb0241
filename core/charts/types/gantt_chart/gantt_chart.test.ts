import { expect, test } from "vitest";
import { supersetQuery } from "../../test-fixtures";
import { ganttChart, timeAxisRange } from ".";

// params of the example bundle's "Featured Charts/Gantt.yaml"
const startFilter = { clause: "WHERE", comparator: "No filter", expressionType: "SIMPLE", operator: "TEMPORAL_RANGE", subject: "start_time" };
const example = {
  datasource: "61__table", viz_type: "gantt_chart", start_time: "start_time", end_time: "end_time", y_axis: "status", series: "priority",
  subcategories: true, tooltip_columns: ["project", "phase"], adhoc_filters: [startFilter], order_by_cols: ['["status",false]'], row_limit: 10000,
  color_scheme: "supersetColors", show_legend: true, x_axis_time_format: "smart_date", tooltipTimeFormat: "%Y-%m-%d %H:%M", tooltipValuesFormat: "SMART_NUMBER", extra_form_data: {},
};
const h = (hour: number) => Date.UTC(2024, 4, 6, hour);

test("gantt_chart: the example bundle's query context (one row per event, ordered as asked)", () => {
  expect(ganttChart.buildQuery(example).queries).toEqual([{
    ...supersetQuery({
      columns: ["start_time", "end_time", "status", "project", "phase", "priority"],
      metrics: [],
      orderby: [["status", false]],
      row_limit: 10000,
      series_columns: ["priority"],
    }),
    filters: [{ col: "start_time", op: "TEMPORAL_RANGE", val: "No filter" }],
  }]);
});

const data = [
  { start_time: h(9), end_time: h(11), status: "Open", priority: "high", project: "A", phase: "design" },
  { start_time: h(10), end_time: h(14), status: "Done", priority: "low", project: "B", phase: "build" },
  { start_time: h(12), end_time: h(13), status: "Open", priority: "low", project: "C", phase: "test" },
];

test("gantt_chart transformProps: floating bars per series, sub-rows per series value, time bounds from the events", () => {
  const model = ganttChart.transformProps({ formData: example, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("bar");
  expect(model.data.labels).toEqual(["Done / low", "Open / high", "Open / low"]);
  const [high, low] = model.data.datasets as any[];
  expect([high.label, high.data, high.backgroundColor]).toEqual(["high", [{ x: [h(9), h(11)], y: "Open / high" }], "#1FA8C9"]);
  expect([low.label, low.data, low.backgroundColor]).toEqual(["low", [{ x: [h(10), h(14)], y: "Done / low" }, { x: [h(12), h(13)], y: "Open / low" }], "#454E7C"]);
  expect([high.grouped, model.options.indexAxis]).toEqual([false, "y"]);
  const x = (model.options.scales as any).x;
  expect([x.min, x.max, x.ticks.stepSize]).toEqual([h(9), h(14), 3_600_000]);
  expect((model.options.plugins as any).tooltip.callbacks.label({ datasetIndex: 1, dataIndex: 1 })).toEqual(["2024-05-06 12:00 – 2024-05-06 13:00", "project: C", "phase: test"]);
});

test("gantt_chart without subcategories: one row per y value, shared by the series", () => {
  const model = ganttChart.transformProps({ formData: { ...example, subcategories: false }, queriesData: [{ data }], width: 1, height: 1 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.data.labels).toEqual(["Done", "Open"]);
  expect((model.data.datasets[1] as any).data.map((d: { y: string }) => d.y)).toEqual(["Done", "Open"]);
  const empty = ganttChart.transformProps({ formData: example, queriesData: [{ data: [{ start_time: null, end_time: h(1), status: "x" }] }], width: 1, height: 1 });
  expect(empty.kind).toBe("empty");
});

test("gantt_chart time axis: whole steps of at most ten ticks", () => {
  // 9:10 to 9:50 is 40 minutes: 5-minute steps give 8 ticks, widened to 9:10 … 9:50
  expect(timeAxisRange(h(9) + 10 * 60_000, h(9) + 50 * 60_000)).toEqual({ min: h(9) + 10 * 60_000, max: h(9) + 50 * 60_000, stepSize: 300_000 });
  // 5:07 to 23:40 is 18.5 hours: 3-hour steps, widened to 3:00 … 00:00
  expect(timeAxisRange(h(5) + 7 * 60_000, h(23) + 40 * 60_000)).toEqual({ min: h(3), max: h(24), stepSize: 3 * 3_600_000 });
});
