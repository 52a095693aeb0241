import { expect, test } from "vitest";
import { parsePathId } from "./path-id";

test("plain decimal digits are ids, leading zeros included as Werkzeug's <int:pk> reads them", () => {
  expect(parsePathId("16")).toBe(16);
  expect(parsePathId("016")).toBe(16);
  expect(parsePathId("9007199254740991")).toBe(Number.MAX_SAFE_INTEGER);
});

test("every other spelling Number() would accept is not an id", () => {
  for (const raw of ["0x10", "0X10", "0b10000", "0o20", "1e1", "3.1e1", "16.0", "16.", ".5", "+16", "-16", " 16", "16 ", "\t16", "16\n",
    "1_6", "Infinity", "", "0", "00", "9007199254740993", "１６", "٣", "16abc", undefined, null]) {
    expect(parsePathId(raw as string), JSON.stringify(raw)).toBeNull();
  }
});
