import { expect, test } from "vitest";
import { verboseLabel, verboseMapOf } from "./verbose-map";

test("verboseMapOf: columns and saved metrics with a verbose name; the others keep their own names", () => {
  const map = verboseMapOf(
    [{ column_name: "ds", verbose_name: "Year" }, { column_name: "gender", verbose_name: null }, { column_name: "state", verbose_name: "" }],
    [{ metric_name: "sum__num", verbose_name: "Births" }, { metric_name: "count", verbose_name: null }],
  );
  expect(map).toEqual({ ds: "Year", sum__num: "Births" });
  expect([verboseLabel(map, "sum__num"), verboseLabel(map, "count"), verboseLabel(map, "toString"), verboseLabel(undefined, "ds")]).toEqual(["Births", "count", "toString", "ds"]);
});
