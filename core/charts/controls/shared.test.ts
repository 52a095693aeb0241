import { expect, test } from "vitest";
import { timeGrain, xAxisIsTemporal } from "./shared";

const columns = [{ column_name: "ds", is_dttm: true }, { column_name: "gender", is_dttm: false }];

test("time grain is shown for a temporal x-axis and hidden for a categorical one, as Superset's", () => {
  expect(timeGrain().visibility).toBe(xAxisIsTemporal);
  expect(xAxisIsTemporal({ x_axis: "ds" }, columns)).toBe(true);
  expect(xAxisIsTemporal({ x_axis: "gender" }, columns)).toBe(false);
  // a name the dataset does not have is not known to be temporal
  expect(xAxisIsTemporal({ x_axis: "gone" }, columns)).toBe(false);
});

test("time grain stays for charts with no x-axis, a custom SQL x-axis, or before the columns are known", () => {
  expect(xAxisIsTemporal({}, columns)).toBe(true);
  expect(xAxisIsTemporal({ x_axis: { sqlExpression: "DATE(ds)", label: "day", expressionType: "SQL" } }, columns)).toBe(true);
  expect(xAxisIsTemporal({ x_axis: "gender" })).toBe(true);
});
