import { expect, test } from "vitest";
import { parseTemplateParams } from "./params";

test("empty or missing template parameters are an empty object", () => {
  expect(parseTemplateParams(undefined)).toEqual({});
  expect(parseTemplateParams(null)).toEqual({});
  expect(parseTemplateParams("  ")).toEqual({});
});

test("a JSON object is returned as is", () => {
  expect(parseTemplateParams('{"a": 1, "b": ["x"]}')).toEqual({ a: 1, b: ["x"] });
});

test("invalid JSON is a 400 INVALID_TEMPLATE_PARAMS_ERROR that says so", () => {
  expect(() => parseTemplateParams("{a: 1}")).toThrow(/^Template parameters must be valid JSON/);
  try {
    parseTemplateParams("{");
  } catch (err) {
    expect(err).toMatchObject({ status: 400, errorType: "INVALID_TEMPLATE_PARAMS_ERROR" });
  }
});

test("JSON that is not an object is refused", () => {
  for (const text of ["[1]", "1", '"x"', "null"]) {
    expect(() => parseTemplateParams(text), text).toThrow(/must be a JSON object/);
  }
});
