import { expect, test } from "vitest";
import { chunked, idChunks, rowChunks } from "./chunked";

test("splits into chunks that keep every item in order", () => {
  expect(chunked([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  expect(chunked([], 3)).toEqual([]);
});

test("id and row chunks stay under D1's 100 bound parameters", () => {
  const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
  expect(idChunks(ids).every((c) => c.length <= 90)).toBe(true);
  expect(idChunks(ids).flat()).toEqual(ids);
  expect(rowChunks(ids, 2).every((c) => c.length * 2 <= 90)).toBe(true);
});
