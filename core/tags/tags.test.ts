import { describe, expect, test } from "vitest";
import { customTagNames, parseTagPayload, tagNameProblem, takeTagIds, toObjectType } from "./tags";

describe("tag names", () => {
  test("Superset's rules: not empty, at most 250 characters, no ':' or ','", () => {
    expect(tagNameProblem("finance")).toBeNull();
    expect(tagNameProblem("  ")).toMatch(/empty/);
    expect(tagNameProblem("x".repeat(251))).toMatch(/longer than 250/);
    expect(tagNameProblem("x".repeat(250))).toBeNull();
    expect(tagNameProblem("owner:1")).toBe(`Invalid tag name "owner:1" (cannot contain ':').`);
    expect(tagNameProblem("a,b:c")).toMatch(/':' or ','/);
  });

  test("a list of names is trimmed and deduplicated, or refused naming each bad one", () => {
    expect(customTagNames([" a ", "a", "b"])).toEqual(["a", "b"]);
    expect(() => customTagNames(["ok", "x:y", "p,q"])).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => customTagNames("a")).toThrow();
  });
});

test("object types: Superset's numbers and names, saved_query as query, nothing else", () => {
  expect([toObjectType(1), toObjectType("2"), toObjectType("dashboard"), toObjectType("saved_query")]).toEqual(["query", "chart", "dashboard", "query"]);
  expect([toObjectType("dataset"), toObjectType(4), toObjectType("__proto__")]).toEqual([null, null, null]);
});

test("a tag body: objects as [type, id] pairs; unknown fields refused", () => {
  expect(parseTagPayload({ name: " q3 ", objects_to_tag: [["chart", 4], [3, 7]] }, true)).toEqual({ name: "q3", objects_to_tag: [{ type: "chart", id: 4 }, { type: "dashboard", id: 7 }] });
  expect(() => parseTagPayload({ description: "x" }, true)).toThrow();
  expect(() => parseTagPayload({ name: "a", objects_to_tag: [["chart", -1]] }, true)).toThrow();
});

test("tag ids are taken out of an object's body", () => {
  const body: Record<string, unknown> = { dashboard_title: "x", tags: [3, 3, 4] };
  expect(takeTagIds(body)).toEqual([3, 4]);
  expect(body).toEqual({ dashboard_title: "x" });
  expect(takeTagIds({})).toBeUndefined();
  expect(() => takeTagIds({ tags: ["a"] })).toThrow();
});
