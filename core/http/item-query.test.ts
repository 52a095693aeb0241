import { expect, test } from "vitest";
import { parseItemArgs } from "./item-query";
import { decodeRison } from "./rison-guard";

test("reads columns and keys, and defaults when q is absent", () => {
  expect(parseItemArgs(undefined)).toEqual({ columns: null, keys: null });
  expect(parseItemArgs(decodeRison("(columns:!(id,name),keys:!(none))"))).toEqual({ columns: ["id", "name"], keys: ["none"] });
});

test.each([
  ["!(1)", "must be a rison object"],
  ["'text'", "must be a rison object"],
  ["(columns:id)", "columns must be a list"],
  ["(keys:!(1))", "keys must be a list"],
  ["(page:2)", "Unknown q argument: page"],
])("%s is refused", (q, message) => {
  expect(() => parseItemArgs(decodeRison(q))).toThrow(message);
});
