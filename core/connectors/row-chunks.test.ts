import { describe, expect, test } from "vitest";
import { chunkRows, estimateRowBytes } from "./row-chunks";

describe("chunkRows", () => {
  test("a result that fits comes back as the same array, in one part", () => {
    const rows = [[1, "a"], [2, "b"]];
    const parts = chunkRows(rows, 1024);
    expect(parts).toHaveLength(1);
    expect(parts[0]).toBe(rows);
  });

  test("a big result is cut into consecutive parts under the size, with every row once and in order", () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [i, "x".repeat(100)]);
    const parts = chunkRows(rows, 10_000);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(estimateRowBytes(part) * part.length).toBeLessThanOrEqual(10_000);
    expect(parts.flat()).toEqual(rows);
  });

  test("a row bigger than a part still travels, alone", () => {
    const rows = [["x".repeat(500)], ["y".repeat(500)]];
    expect(chunkRows(rows, 100)).toEqual([[rows[0]], [rows[1]]]);
  });

  test("the estimate samples rows across the result, counts bigint values, and is zero for no rows", () => {
    expect(estimateRowBytes([])).toBe(0);
    expect(estimateRowBytes([[10n ** 30n]])).toBe(2 * JSON.stringify([String(10n ** 30n)]).length);
    // small rows first, wide rows later: the sample sees both
    const rows = [...Array.from({ length: 500 }, () => [1]), ...Array.from({ length: 500 }, () => ["z".repeat(1000)])];
    expect(estimateRowBytes(rows)).toBeGreaterThan(900);
  });
});
