import { expect, test } from "vitest";
import { labelMap } from "./label-map";

test("each label maps to the levels flatten joined with ', '; an escaped separator stays in its value", () => {
  expect(labelMap(["ds", "SUM(num), boy", "count, 1 year ago", "a\\, b, c"])).toEqual({
    ds: ["ds"],
    "SUM(num), boy": ["SUM(num)", "boy"],
    "count, 1 year ago": ["count", "1 year ago"],
    "a, b, c": ["a, b", "c"],
  });
  expect(labelMap([])).toEqual({});
});
