import { expect, test } from "vitest";
import type { ControlPanel } from "../contract";
import { runValidator, validateFormData, withDefaults } from "./validate";
import * as c from "./shared";

test("Superset's validator messages", () => {
  expect([null, "", [], undefined].map((v) => runValidator({ kind: "nonEmpty" }, v))).toEqual(Array(4).fill("cannot be empty"));
  expect(runValidator({ kind: "nonEmpty" }, 0)).toBeNull();
  expect([runValidator({ kind: "integer" }, "12"), runValidator({ kind: "integer" }, "1.5"), runValidator({ kind: "integer" }, "")]).toEqual([null, "is expected to be an integer", null]);
  expect(runValidator({ kind: "number" }, "x")).toBe("is expected to be a number");
  expect(runValidator({ kind: "maxValue", max: 50 }, 51)).toBe("Value cannot exceed 50");
  expect(runValidator({ kind: "maxValue", max: null }, 100001)).toBe("Value cannot exceed 100000");
});

test("validateFormData: defaults count as values; hidden controls are not checked", () => {
  const panel: ControlPanel = {
    sections: [{ label: "Query", controls: [c.metrics(), c.rowLimit(), { name: "rolling_periods", type: "TextControl", label: "Periods", validators: [{ kind: "integer" }], visibility: (fd) => fd.rolling_type === "mean" }] }],
  };
  expect(validateFormData(panel, { rolling_periods: "x" })).toEqual({ metrics: ["cannot be empty"] });
  expect(validateFormData(panel, { metrics: ["count"], rolling_type: "mean", rolling_periods: "x", row_limit: "" })).toEqual({
    rolling_periods: ["is expected to be an integer"], row_limit: ["cannot be empty"],
  });
  expect(withDefaults(panel, { metrics: ["count"] })).toEqual({ metrics: ["count"], row_limit: 10000 });
});
