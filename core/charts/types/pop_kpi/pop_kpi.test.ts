import { expect, test } from "vitest";
import { popKpi } from ".";

const fd = {
  datasource: "3__table", viz_type: "pop_kpi", metric: "sum__num", time_compare: "inherit", y_axis_format: ",d", percentDifferenceFormat: "+.1%",
  adhoc_filters: [{ clause: "WHERE", subject: "ds", operator: "TEMPORAL_RANGE", comparator: "2008-01-01 : 2009-01-01", expressionType: "SIMPLE" }],
};

test("pop_kpi: one aggregate query with the comparison as a time offset (a custom one named by its start date)", () => {
  const [q] = popKpi.buildQuery(fd).queries;
  expect(q).toMatchObject({ metrics: ["sum__num"], columns: [], time_offsets: ["inherit"], post_processing: [] });
  expect(q.filters).toEqual([{ col: "ds", op: "TEMPORAL_RANGE", val: "2008-01-01 : 2009-01-01" }]);
  expect(popKpi.buildQuery({ ...fd, time_compare: "custom", start_date_offset: "2006-01-01" }).queries[0].time_offsets).toEqual(["2006-01-01"]);
  expect(popKpi.buildQuery({ ...fd, time_compare: "custom" }).queries[0].time_offsets).toEqual([]);
  // Superset 4.0's codes: y is a year back
  expect(popKpi.buildQuery({ ...fd, time_compare: undefined, time_comparison: "y" }).queries[0].time_offsets).toEqual(["1 year ago"]);
});

test("pop_kpi: value, previous value, difference and change; green for an increase, red with the inverted scheme", () => {
  const queriesData = [{ data: [{ sum__num: 1200, "sum__num__inherit": 1000 }] }];
  const model = popKpi.transformProps({ formData: { ...fd, comparison_color_enabled: true }, queriesData, width: 400, height: 200 });
  if (model.kind !== "big_number") throw new Error(model.kind);
  expect(model.headline).toBe("1,200");
  // (1200 - 1000) / 1000 = +20.0 %
  expect(model.comparisons).toEqual([
    { symbol: "#", label: "Previous value", text: "1,000" },
    { symbol: "△", label: "Value difference", text: "200", color: "#2f9e44" },
    { symbol: "%", label: "Percent difference", text: "+20.0%", color: "#2f9e44" },
  ]);
  const inverted = popKpi.transformProps({ formData: { ...fd, comparison_color_enabled: true, comparison_color_scheme: "Red" }, queriesData, width: 1, height: 1 });
  expect(inverted.kind === "big_number" && inverted.comparisons?.[2].color).toBe("#e03131");
  const plain = popKpi.transformProps({ formData: fd, queriesData, width: 1, height: 1 });
  expect(plain.kind === "big_number" && plain.comparisons?.[2].color).toBeUndefined();
});

test("pop_kpi: a period with nothing reads as -100 % or +100 % as Superset does; no rows is the empty message", () => {
  const fell = popKpi.transformProps({ formData: fd, queriesData: [{ data: [{ sum__num: null, "sum__num__inherit": 50 }] }], width: 1, height: 1 });
  expect(fell.kind === "big_number" && fell.comparisons?.map((c) => c.text)).toEqual(["50", "-50", "-100.0%"]);
  const rose = popKpi.transformProps({ formData: fd, queriesData: [{ data: [{ sum__num: 7, "sum__num__inherit": null }] }], width: 1, height: 1 });
  expect(rose.kind === "big_number" && rose.comparisons?.[2].text).toBe("+100.0%");
  expect(popKpi.transformProps({ formData: fd, queriesData: [{ data: [] }], width: 1, height: 1 }).kind).toBe("empty");
});
