import { expect, test } from "vitest";
import { cellText, newCollator, rowText, sortedOrder, textOrder } from "./result-grid-model";

test("sorting orders rows by index with nulls last, numbers numerically", () => {
  const rows = [{ n: 10 }, { n: null }, { n: 2 }, { n: 33 }];
  expect([...sortedOrder(rows, "n", "asc")]).toEqual([2, 0, 3, 1]);
  expect([...sortedOrder(rows, "n", "desc")]).toEqual([3, 0, 2, 1]);
  expect([...sortedOrder(rows, null, "asc")]).toEqual([0, 1, 2, 3]);
});

test("text sorts use the collator once per distinct text: numeric-aware, nulls last both ways, ties in row order", () => {
  const texts = ["row 10", null, "row 2", "Zoe", "row 2", "émile", "anna"];
  expect([...textOrder(texts, "asc", newCollator().compare)]).toEqual([6, 5, 2, 4, 0, 3, 1]);
  expect([...textOrder(texts, "desc", newCollator().compare)]).toEqual([3, 0, 2, 4, 5, 6, 1]);
  let calls = 0;
  const counting = (a: string, b: string) => (calls++, a < b ? -1 : a > b ? 1 : 0);
  textOrder(Array.from({ length: 10_000 }, (_, i) => `v${i % 3}`), "asc", counting);
  expect(calls).toBeLessThan(10);
});

test("a mixed column sorts as text; objects by their JSON", () => {
  const rows = [{ v: "b" }, { v: 3 }, { v: { k: 1 } }, { v: "a" }];
  // the collator puts punctuation before digits and letters
  expect([...sortedOrder(rows, "v", "asc")]).toEqual([2, 1, 3, 0]);
});

test("copying a row gives tab-separated cells with NULL for missing values", () => {
  expect(rowText({ a: 1, b: null, c: { x: 1 } }, ["a", "b", "c"])).toBe('1\tNULL\t{"x":1}');
  expect(cellText("text")).toBe("text");
});
