import { expect, test } from "vitest";
import { crossFilter } from "./cross-filter";

test("radar: a point filters by its polygon's dimension value, not the metric axis it sits on", () => {
  expect(crossFilter({ groupby: ["gender"], metrics: ["a", "b"] }, { label: "a", series: "boy" })).toEqual([{ col: "gender", value: "boy" }]);
  expect(crossFilter({ groupby: [] }, { series: "boy" })).toBeNull();
});
