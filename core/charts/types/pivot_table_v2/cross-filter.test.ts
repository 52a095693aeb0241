import { expect, test } from "vitest";
import { crossFilter } from "./cross-filter";

test("pivot table: a row header filters by each row dimension it names", () => {
  expect(crossFilter({ groupbyRows: ["state", "gender"], groupbyColumns: [] }, { row: { state: "CA", gender: "boy" } }))
    .toEqual([{ col: "state", value: "CA" }, { col: "gender", value: "boy" }]);
  expect(crossFilter({ groupbyRows: ["state"], groupbyColumns: ["gender"], transposePivot: true }, { row: { gender: "girl" } })).toEqual([{ col: "gender", value: "girl" }]);
  expect(crossFilter({ groupbyRows: ["state"] }, { row: {} })).toBeNull();
});
