import { expect, test } from "vitest";
import { filterLabel, filterProblem, simpleFilter, simpleMetric, sqlFilter, sqlMetric, temporalRangeFilter, typedComparator } from "./adhoc";

test("a Custom SQL metric is labelled with its expression unless named; a simple one with AGG(column)", () => {
  expect(sqlMetric(" SUM(num) / COUNT(*) ")).toMatchObject({ expressionType: "SQL", sqlExpression: "SUM(num) / COUNT(*)", label: "SUM(num) / COUNT(*)", hasCustomLabel: false });
  expect(sqlMetric("SUM(num)", "Births")).toMatchObject({ label: "Births", hasCustomLabel: true });
  expect(simpleMetric("num", "AVG", "BIGINT")).toMatchObject({ expressionType: "SIMPLE", aggregate: "AVG", column: { column_name: "num", type: "BIGINT" }, label: "AVG(num)" });
  expect(simpleMetric("num", "MAX", null, "Top")).toMatchObject({ label: "Top", hasCustomLabel: true });
});

test("filters are written as Superset's form data and labelled as its pills", () => {
  const f = simpleFilter("state", "NOT IN", ["CA", "NY"]);
  expect(f).toMatchObject({ expressionType: "SIMPLE", subject: "state", operator: "NOT IN", comparator: ["CA", "NY"], clause: "WHERE", sqlExpression: null });
  expect(filterLabel(f)).toBe("state NOT IN (CA, NY)");
  expect(filterLabel(simpleFilter("name", "IS NULL", "ignored"))).toBe("name IS NULL");
  expect(simpleFilter("name", "IS NOT NULL", "x").comparator).toBeNull();
  expect(filterLabel(temporalRangeFilter("ds", "Last year"))).toBe("ds (Last year)");
  const having = sqlFilter(" SUM(num) > 10 ", "HAVING");
  expect(having).toMatchObject({ expressionType: "SQL", sqlExpression: "SUM(num) > 10", clause: "HAVING", subject: null, operator: null });
  expect(filterLabel(having)).toBe("HAVING SUM(num) > 10");
  expect(filterLabel(sqlFilter("num > 5", "WHERE"))).toBe("num > 5");
});

test("a filter without what it needs cannot be saved; a time filter of 'No filter' is complete (Superset's default)", () => {
  expect(filterProblem(temporalRangeFilter("ds", "No filter"))).toBeNull();
  expect(filterProblem(temporalRangeFilter("ds", " "))).toBe("Date Filter must have value");
  expect(filterProblem(temporalRangeFilter("ds", "Last week"))).toBeNull();
  expect(filterProblem(sqlFilter("  ", "WHERE"))).toBe("Custom SQL cannot be empty");
  expect(filterProblem(simpleFilter("state", "IN", []))).toBe("Choose at least one value");
  expect(filterProblem(simpleFilter("num", ">", ""))).toBe("Enter a value");
  expect(filterProblem(simpleFilter("num", "IS NULL", null))).toBeNull();
  expect(filterProblem({ expressionType: "SIMPLE", clause: "WHERE", subject: null, operator: "==" })).toBe("Choose a column");
});

test("a comparator typed into a numeric column's filter is sent as a number", () => {
  expect(typedComparator("100", "BIGINT")).toBe(100);
  expect(typedComparator("1.5", "REAL")).toBe(1.5);
  expect(typedComparator("100", "VARCHAR(10)")).toBe("100");
  expect(typedComparator("abc", "INTEGER")).toBe("abc");
});
