import { expect, test } from "vitest";
import { crossFilter } from "./cross-filter";

test("funnel: the clicked element's label is a value of the first dimension", () => {
  expect(crossFilter({ groupby: ["gender", "state"] }, { label: "girl", index: 0 })).toEqual([{ col: "gender", value: "girl" }]);
  expect(crossFilter({ groupby: "state" }, { label: "CA" })).toEqual([{ col: "state", value: "CA" }]);
  expect(crossFilter({ groupby: [] }, { label: "girl" })).toBeNull();
  expect(crossFilter({ groupby: ["gender"] }, { series: "girl" })).toBeNull();
});
