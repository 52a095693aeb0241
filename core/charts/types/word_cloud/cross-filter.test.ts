import { expect, test } from "vitest";
import { crossFilter } from "./cross-filter";

test("word cloud: a clicked word filters its dimension column (series)", () => {
  expect(crossFilter({ series: "name" }, { label: "Amy" })).toEqual([{ col: "name", value: "Amy" }]);
  expect(crossFilter({}, { label: "Amy" })).toBeNull();
});
