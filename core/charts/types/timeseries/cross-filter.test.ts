import { expect, test } from "vitest";
import { crossFilter } from "./cross-filter";

test("bar/line/area/scatter: a bar or point filters by its series' dimension value", () => {
  expect(crossFilter({ groupby: ["gender"], metrics: ["sum__num"] }, { label: "2000", series: "boy" })).toEqual([{ col: "gender", value: "boy" }]);
  // pivoted series are named "<metric>, <value>", with one metric or several
  expect(crossFilter({ groupby: ["gender"], metrics: ["a", "b"] }, { series: "a, girl" })).toEqual([{ col: "gender", value: "girl" }]);
  expect(crossFilter({ groupby: ["gender"], metrics: ["sum__num"] }, { series: "sum__num, girl" })).toEqual([{ col: "gender", value: "girl" }]);
  expect(crossFilter({ groupby: ["name"], metrics: [{ label: "Total", expressionType: "SQL", sqlExpression: "SUM(num)" }] }, { series: "Total, Amy, Jo" })).toEqual([{ col: "name", value: "Amy, Jo" }]);
  expect(crossFilter({ groupby: [], metrics: ["a"] }, { series: "a" })).toBeNull();
  expect(crossFilter({ groupby: ["gender"] }, { label: "2000" })).toBeNull();
});
