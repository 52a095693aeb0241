import { expect, test } from "vitest";
import { crossFilter } from "./cross-filter";

test("bar/line/area/scatter: a bar or point filters by its series' dimension value", () => {
  expect(crossFilter({ groupby: ["gender"], metrics: ["sum__num"] }, { label: "2000", series: "boy" })).toEqual([{ col: "gender", value: "boy" }]);
  // several metrics name series "<metric>, <value>"
  expect(crossFilter({ groupby: ["gender"], metrics: ["a", "b"] }, { series: "a, girl" })).toEqual([{ col: "gender", value: "girl" }]);
  expect(crossFilter({ groupby: [], metrics: ["a"] }, { series: "a" })).toBeNull();
  expect(crossFilter({ groupby: ["gender"] }, { label: "2000" })).toBeNull();
});
