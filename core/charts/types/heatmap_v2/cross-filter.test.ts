import { expect, test } from "vitest";
import { crossFilter } from "./cross-filter";

test("heatmap: a cell filters by both its X and Y values", () => {
  expect(crossFilter({ x_axis: "state", groupby: ["gender"] }, { raw: { x: "CA", y: "boy", v: 3 } })).toEqual([{ col: "state", value: "CA" }, { col: "gender", value: "boy" }]);
  expect(crossFilter({ x_axis: "state", groupby: [] }, { raw: { x: "CA", y: "boy" } })).toBeNull();
  expect(crossFilter({ x_axis: "state", groupby: ["gender"] }, { label: "CA" })).toBeNull();
});
