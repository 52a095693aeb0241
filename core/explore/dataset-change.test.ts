import { expect, test } from "vitest";
import { COLUMN_WARNING, FILTER_WARNING, METRIC_WARNING, reconcileWithDataset } from "./dataset-change";

const target = { columns: [{ column_name: "ds" }, { column_name: "state" }, { column_name: "num" }], metrics: [{ metric_name: "count" }] };

test("saved metrics and columns the new dataset lacks are dropped; those it has are kept", () => {
  const { formData, dropped, warnings } = reconcileWithDataset(
    { viz_type: "table", metrics: ["count", "sum__sales"], groupby: ["state", "gender"], x_axis: "order_date" },
    target,
  );
  expect(formData.metrics).toEqual(["count"]);
  expect(formData.groupby).toEqual(["state"]);
  expect(formData.x_axis).toBeNull();
  expect(dropped).toEqual(["sum__sales", "gender", "order_date"]);
  expect(warnings).toEqual([]);
});

test("a SIMPLE adhoc metric stays when its column exists, goes when it does not", () => {
  const onNum = { expressionType: "SIMPLE", column: { column_name: "num" }, aggregate: "SUM", label: "SUM(num)" };
  const onSales = { expressionType: "SIMPLE", column: { column_name: "sales" }, aggregate: "SUM", label: "SUM(sales)" };
  const { formData, dropped } = reconcileWithDataset({ viz_type: "pie", metric: onSales, metrics: [onNum, onSales] }, target);
  expect(formData.metrics).toEqual([onNum]);
  expect(formData.metric).toBeNull();
  expect(dropped).toEqual(["SUM(sales)", "SUM(sales)"]);
});

test("adhoc SQL metrics, columns and filters are kept with Superset's datasource warnings", () => {
  const sqlMetric = { expressionType: "SQL", sqlExpression: "SUM(price * qty)", label: "revenue" };
  const sqlColumn = { expressionType: "SQL", sqlExpression: "UPPER(city)", label: "City" };
  const sqlFilter = { expressionType: "SQL", sqlExpression: "price > 10", clause: "WHERE" };
  const { formData, warnings, dropped } = reconcileWithDataset(
    { viz_type: "table", metrics: [sqlMetric], groupby: [sqlColumn], adhoc_filters: [sqlFilter] },
    target,
  );
  expect(formData.metrics).toEqual([sqlMetric]);
  expect(formData.groupby).toEqual([sqlColumn]);
  expect(formData.adhoc_filters).toEqual([sqlFilter]);
  expect(warnings).toEqual([`revenue: ${METRIC_WARNING}`, `City: ${COLUMN_WARNING}`, `price > 10: ${FILTER_WARNING}`]);
  expect(dropped).toEqual([]);
});

test("simple filters on a missing column are dropped; on an existing column or a saved metric they stay", () => {
  const onState = { expressionType: "SIMPLE", subject: "state", operator: "==", comparator: "CA", clause: "WHERE" };
  const onCity = { expressionType: "SIMPLE", subject: "city", operator: "==", comparator: "Paris", clause: "WHERE" };
  const onCount = { expressionType: "SIMPLE", subject: "count", operator: ">", comparator: 5, clause: "HAVING" };
  const { formData, dropped } = reconcileWithDataset({ viz_type: "table", adhoc_filters: [onState, onCity, onCount] }, target);
  expect(formData.adhoc_filters).toEqual([onState, onCount]);
  expect(dropped).toEqual(["city"]);
});

test("keys the form data does not hold are not added, and other keys are left alone", () => {
  const { formData } = reconcileWithDataset({ viz_type: "table", row_limit: 100, color_scheme: "supersetColors" }, target);
  expect(formData).toEqual({ viz_type: "table", row_limit: 100, color_scheme: "supersetColors" });
});
