import { expect, test } from "vitest";
import { RECENT_VIZ_TYPES_LIMIT, knownRecentVizTypes, parseRecentVizTypes, withRecentVizType } from "./recent-viz-types";

test("a chosen type moves to the front, once", () => {
  expect(withRecentVizType([], "pie")).toEqual(["pie"]);
  expect(withRecentVizType(["table", "pie", "big_number"], "pie")).toEqual(["pie", "table", "big_number"]);
});

test("the list keeps at most the limit, dropping the oldest", () => {
  const many = Array.from({ length: RECENT_VIZ_TYPES_LIMIT }, (_, i) => `t${i}`);
  const next = withRecentVizType(many, "new");
  expect(next).toHaveLength(RECENT_VIZ_TYPES_LIMIT);
  expect(next[0]).toBe("new");
  expect(next).not.toContain(`t${RECENT_VIZ_TYPES_LIMIT - 1}`);
});

test("stored text that is not a list of names reads as empty or is cleaned", () => {
  expect(parseRecentVizTypes(null)).toEqual([]);
  expect(parseRecentVizTypes("not json")).toEqual([]);
  expect(parseRecentVizTypes('{"a":1}')).toEqual([]);
  expect(parseRecentVizTypes('["pie", 3, "", "pie", "table"]')).toEqual(["pie", "table"]);
});

test("types the registry no longer knows are skipped", () => {
  expect(knownRecentVizTypes(["pie", "gone", "table"], (t) => t !== "gone")).toEqual(["pie", "table"]);
});
