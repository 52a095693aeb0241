import { expect, test } from "vitest";
import { crossFilter } from "./cross-filter";

test("table: a row filters by its first dimension's value; raw records by the first column; nothing without one", () => {
  expect(crossFilter({ query_mode: "aggregate", groupby: ["state", "gender"] }, { row: { state: "CA", gender: "boy", count: 5 } })).toEqual([{ col: "state", value: "CA" }]);
  expect(crossFilter({ query_mode: "raw", all_columns: ["name"] }, { row: { name: "Amy" } })).toEqual([{ col: "name", value: "Amy" }]);
  expect(crossFilter({ query_mode: "aggregate", groupby: [{ label: "st", sqlExpression: "state", expressionType: "SQL" }] }, { row: { st: "NY" } })).toEqual([{ col: "st", value: "NY" }]);
  expect(crossFilter({ query_mode: "aggregate", groupby: [] }, { row: { count: 5 } })).toBeNull();
  expect(crossFilter({ query_mode: "aggregate", groupby: ["state"] }, { label: "x" })).toBeNull();
});
