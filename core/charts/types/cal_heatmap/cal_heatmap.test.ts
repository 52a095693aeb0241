import { expect, test } from "vitest";
import { cellOf, domainShape, domainsBetween, granularityProblem, layoutDomains, unitsIn } from "./calendar";
import { band, calHeatmap } from ".";

const utc = (s: string) => Date.parse(`${s}Z`);
const JAN = utc("2004-01-01T00:00:00");

const formData = {
  datasource: "22__table", viz_type: "cal_heatmap", granularity_sqla: "order_date", time_range: "No filter", domain_granularity: "month",
  subdomain_granularity: "day", metrics: ["count"], adhoc_filters: [], linear_color_scheme: "white_black", cell_size: 10, cell_padding: 2, steps: 3,
  y_axis_format: ",d", x_axis_time_format: "%Y-%m-%d", show_legend: true, show_values: false, show_metric_name: true,
};

test("cal_heatmap: Superset's query, a legacy time series bucketed to the subdomain's grain", () => {
  const [q] = calHeatmap.buildQuery(formData).queries;
  expect(q).toMatchObject({ granularity: "order_date", is_timeseries: true, metrics: ["count"], columns: [], time_range: "No filter" });
  expect(q.extras).toEqual({ having: "", where: "", time_grain_sqla: "P1D" });
  expect(calHeatmap.buildQuery({ ...formData, subdomain_granularity: "hour" }).queries[0].extras?.time_grain_sqla).toBe("PT1H");
});

test("calendar: days sit in weekday rows (Monday first), a month a block of week columns", () => {
  // 2004-01-01 was a Thursday: the fourth row of the first column; Monday the 5th opens the second column
  expect(cellOf("month", "day", JAN, utc("2004-01-01T00:00:00"))).toEqual({ col: 0, row: 3 });
  expect(cellOf("month", "day", JAN, utc("2004-01-05T12:00:00"))).toEqual({ col: 1, row: 0 });
  // Saturday the 31st: 33 days after Monday 29 December
  expect(cellOf("month", "day", JAN, utc("2004-01-31T00:00:00"))).toEqual({ col: 4, row: 5 });
  expect(domainShape("month", "day", JAN)).toEqual({ cols: 5, rows: 7 });
  // May 2004 starts on a Saturday and ends on a Monday: six week columns
  expect(domainShape("month", "day", utc("2004-05-01T00:00:00"))).toEqual({ cols: 6, rows: 7 });
  expect(cellOf("year", "month", JAN, utc("2004-07-15T00:00:00"))).toEqual({ col: 6, row: 0 });
  expect(domainShape("year", "month", JAN)).toEqual({ cols: 12, rows: 1 });
  // hours of a day: six to a column
  expect(cellOf("day", "hour", JAN, utc("2004-01-01T13:30:00"))).toEqual({ col: 2, row: 1 });
  expect(domainShape("day", "hour", JAN)).toEqual({ cols: 4, rows: 6 });
  expect(unitsIn("month", "day", utc("2004-02-01T00:00:00"))).toHaveLength(29);
  expect(domainsBetween("month", utc("2004-01-20T00:00:00"), utc("2004-03-02T00:00:00"), 10)).toEqual([JAN, utc("2004-02-01T00:00:00"), utc("2004-03-01T00:00:00")]);
});

test("calendar: a subdomain must be the smaller unit", () => {
  expect(granularityProblem("month", "day")).toBeNull();
  expect(granularityProblem("month", "month")).toBe("The subdomain (month) must be a smaller unit than the domain (month)");
  expect(granularityProblem("week", "month")).toBe("The subdomain (month) must be a smaller unit than the domain (week)");
  expect(granularityProblem("decade", "day")).toBe("Unknown domain granularity: decade");
});

test("calendar: as many months per line as make the cells biggest", () => {
  const starts = domainsBetween("month", JAN, utc("2004-12-31T00:00:00"), 20);
  // six-column months with a gap: 6 a line are 41 cells wide, two lines of 9.6 rows: 12 px cells fit 800 × 300
  const layout = layoutDomains("month", "day", starts, 800, 300, 12);
  expect([layout.perLine, layout.unit, layout.slotCols, layout.rows, layout.width, layout.height]).toEqual([6, 12, 6, 7, 41, 19.2]);
  expect(layout.slots[6]).toEqual({ domainStart: utc("2004-07-01T00:00:00"), x: 0, y: 9.6 + 1.6 });
});

test("cal_heatmap: colour bands between the lowest and highest value, as the legend's steps", () => {
  expect([band(0, 0, 10, 10), band(5, 0, 10, 10), band(10, 0, 10, 10), band(3, 3, 3, 10)]).toEqual([0, 5 / 9, 1, 1]);
});

test("cal_heatmap transformProps: every day of the months drawn, days with data by band, names as text marks", () => {
  const data = [{ __timestamp: utc("2004-01-01T00:00:00"), count: 10 }, { __timestamp: utc("2004-01-05T00:00:00"), count: 20 }, { __timestamp: utc("2004-02-29T00:00:00"), count: 30 }];
  const model = calHeatmap.transformProps({ formData, queriesData: [{ data }], width: 800, height: 300 });
  if (model.kind !== "chartjs") throw new Error(model.kind);
  expect(model.type).toBe("matrix");
  const [ds] = model.data.datasets;
  const points = ds.data as { x: number; y: number; v: number | null }[];
  // 31 + 29 days, three with values
  expect(points).toHaveLength(60);
  const valued = points.map((p, i) => [p, (ds.backgroundColor as string[])[i]] as const).filter(([p]) => p.v !== null);
  // Thursday 1 January: column 0, row 3 of the first block (under its 1.6-row name); Sunday 29 February: the second block beside it, 5 columns and a gap on
  expect(valued.map(([p, color]) => [p.x, p.y, p.v, color])).toEqual([[0.5, 1.6 + 1.6 + 3.5, 10, "#ffffff"], [1.5, 1.6 + 1.6 + 0.5, 20, "#808080"], [6 + 4.5, 1.6 + 1.6 + 6.5, 30, "#000000"]]);
  expect((ds.textMarks as { text: string }[]).map((m) => m.text)).toEqual(["count", "Jan 2004", "Feb 2004"]);
  expect(ds.colorLegend).toMatchObject({ low: "10", high: "30" });
  expect((model.options.plugins as any).tooltip.callbacks.label({ dataIndex: points.indexOf(valued[1][0]) })).toBe("2004-01-05: 20");
  const values = calHeatmap.transformProps({ formData: { ...formData, show_values: true, show_legend: false }, queriesData: [{ data }], width: 800, height: 300 });
  const marks = values.kind === "chartjs" ? (values.data.datasets[0].textMarks as { text: string }[]) : [];
  expect(marks.slice(3).map((m) => m.text)).toEqual(["10", "20", "30"]);
});

test("cal_heatmap: a subdomain not smaller than the domain is the chart's error; no rows draw nothing", () => {
  const data = [{ __timestamp: JAN, count: 1 }];
  expect(() => calHeatmap.transformProps({ formData: { ...formData, subdomain_granularity: "month" }, queriesData: [{ data }], width: 800, height: 300 })).toThrow("The subdomain (month) must be a smaller unit than the domain (month)");
  expect(calHeatmap.transformProps({ formData, queriesData: [{ data: [] }], width: 800, height: 300 }).kind).toBe("empty");
  expect(() => calHeatmap.transformProps({ formData: { ...formData, domain_granularity: "hour", subdomain_granularity: "min" }, queriesData: [{ data: [{ __timestamp: JAN, count: 1 }, { __timestamp: utc("2004-03-01T00:00:00"), count: 1 }] }], width: 800, height: 300 })).toThrow(/more than 400 hours/);
});
