import { expect, test } from "vitest";
import { verboseLabel, verboseMapFor, verboseMapOf } from "./verbose-map";

test("verboseMapOf: columns and saved metrics with a verbose name; the others keep their own names", () => {
  const map = verboseMapOf(
    [{ column_name: "ds", verbose_name: "Year" }, { column_name: "gender", verbose_name: null }, { column_name: "state", verbose_name: "" }],
    [{ metric_name: "sum__num", verbose_name: "Births" }, { metric_name: "count", verbose_name: null }],
  );
  expect(map).toEqual({ ds: "Year", sum__num: "Births" });
  expect([verboseLabel(map, "sum__num"), verboseLabel(map, "count"), verboseLabel(map, "toString"), verboseLabel(undefined, "ds")]).toEqual(["Births", "count", "toString", "ds"]);
});

test("verboseMapFor: only the names a chart's form data mentions, wherever they sit; none when nothing is named", () => {
  const map = { ds: "Year", sum__num: "Births", state: "State", num_boys: "Boys" };
  const formData = { viz_type: "echarts_timeseries_bar", metrics: ["sum__num", { expressionType: "SIMPLE", column: { column_name: "num_boys" }, label: "SUM(num_boys)" }], groupby: ["gender"], x_axis: "ds" };
  expect(verboseMapFor(formData, map)).toEqual({ ds: "Year", sum__num: "Births", num_boys: "Boys" });
  expect(verboseMapFor({ viz_type: "big_number_total", metric: "count" }, map)).toBeUndefined();
  expect(verboseMapFor(formData, undefined)).toBeUndefined();
});
