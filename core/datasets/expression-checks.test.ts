import { expect, test } from "vitest";
import { expressionError, expressionsToCheck } from "./expression-checks";

test("only new and changed metric and calculated-column expressions are checked", () => {
  const stored = { metrics: [{ id: 1, expression: "COUNT(*)" }, { id: 2, expression: "SUM(num)" }], columns: [{ id: 7, expression: "upper(name)" }, { id: 8, expression: null }] };
  const checks = expressionsToCheck({
    metrics: [
      { id: 1, metric_name: "count", expression: "COUNT(*)" },
      { id: 2, metric_name: "total", expression: "SUM(num_boys)" },
      { metric_name: "fresh", expression: "AVG(num)" },
    ],
    columns: [
      { id: 7, column_name: "upper_name", expression: "upper(name)" },
      { id: 8, column_name: "name" },
      { column_name: "calc", expression: "num * 2" },
    ],
  }, stored);
  expect(checks).toEqual([
    { kind: "metric", name: "total", expression: "SUM(num_boys)" },
    { kind: "metric", name: "fresh", expression: "AVG(num)" },
    { kind: "column", name: "calc", expression: "num * 2" },
  ]);
  expect(expressionsToCheck({}, stored)).toEqual([]);
});

test("the error names the metric and quotes its expression", () => {
  expect(expressionError({ kind: "metric", name: "bad", expression: "SUM(nope)" }, "no such column: nope")).toBe(
    'Metric "bad" has an invalid SQL expression (SUM(nope)): no such column: nope',
  );
  expect(expressionError({ kind: "column", name: "c", expression: "x".repeat(200) }, "r")).toMatch(/^Calculated column "c" .*x…\): r$/);
});
