import { expect, test } from "vitest";
import { cellText, rowText, sortedOrder } from "./result-grid-model";

test("sorting orders rows by index with nulls last, numbers numerically", () => {
  const rows = [{ n: 10 }, { n: null }, { n: 2 }, { n: 33 }];
  expect([...sortedOrder(rows, "n", "asc")]).toEqual([2, 0, 3, 1]);
  expect([...sortedOrder(rows, "n", "desc")]).toEqual([3, 0, 2, 1]);
  expect([...sortedOrder(rows, null, "asc")]).toEqual([0, 1, 2, 3]);
});

test("copying a row gives tab-separated cells with NULL for missing values", () => {
  expect(rowText({ a: 1, b: null, c: { x: 1 } }, ["a", "b", "c"])).toBe('1\tNULL\t{"x":1}');
  expect(cellText("text")).toBe("text");
});
