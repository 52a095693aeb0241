import { expect, test } from "vitest";
import { evaluateAlert, parseValidator } from "./alert";

const op = (o: string, threshold: unknown) => parseValidator("operator", JSON.stringify({ op: o, threshold }));

test("an operator alert compares its single value with the threshold", () => {
  expect(evaluateAlert(op(">", 10), ["n"], [[11]])).toEqual({ triggered: true, value: 11, valueRowJson: null });
  expect(evaluateAlert(op(">", 10), ["n"], [[10]]).triggered).toBe(false);
  expect(evaluateAlert(op(">=", 10), ["n"], [["10"]]).triggered).toBe(true);
  expect(evaluateAlert(op("!=", 3), ["n"], [[3]]).triggered).toBe(false);
  expect(evaluateAlert(op("<", "5"), ["n"], [[4.5]]).triggered).toBe(true);
});

test("no row or a null value counts as 0 for an operator alert, and as quiet for a not-null alert", () => {
  expect(evaluateAlert(op("==", 0), ["n"], [])).toEqual({ triggered: true, value: 0, valueRowJson: null });
  expect(evaluateAlert(op(">", 0), ["n"], [[null]]).triggered).toBe(false);
  const notNull = parseValidator("not null", null);
  expect(evaluateAlert(notNull, ["n"], []).triggered).toBe(false);
  expect(evaluateAlert(notNull, ["n"], [[null]]).triggered).toBe(false);
  expect(evaluateAlert(notNull, ["n"], [[0]]).triggered).toBe(false);
  expect(evaluateAlert(notNull, ["n"], [["late"]])).toEqual({ triggered: true, value: null, valueRowJson: "late" });
});

test("more than one row or column, a text value or a bad config are Superset's errors", () => {
  expect(() => evaluateAlert(op(">", 1), ["n"], [[1], [2]])).toThrow("Alert query returned more than one row. 2 rows returned");
  expect(() => evaluateAlert(op(">", 1), ["a", "b"], [[1, 2]])).toThrow("Alert query returned more than one column. 2 columns returned");
  expect(() => evaluateAlert(op(">", 1), ["n"], [["many"]])).toThrow("Alert query returned a non-number value.");
  expect(() => parseValidator("operator", '{"op":"~","threshold":1}')).toThrow("Alert validator config error.");
  expect(() => parseValidator("operator", "{bad")).toThrow("Alert validator config error.");
  expect(() => parseValidator(null, null)).toThrow("Alert validator config error.");
});

test("an operator named like an inherited property (constructor, toString) is a config error, not a function", () => {
  for (const name of ["constructor", "toString", "__proto__"]) expect(() => op(name, 1)).toThrow("Alert validator config error.");
});
