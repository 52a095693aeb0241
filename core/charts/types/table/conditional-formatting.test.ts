import { expect, test } from "vitest";
import { addAlpha } from "../../colors/schemes";
import { cellBackgrounds, describeRule, formattableColumns, opacity, ruleProblem } from "./conditional-formatting";
import { table } from ".";

const rows = [{ v: 0 }, { v: 50 }, { v: 100 }, { v: null }];

test("opacity grows from the cut-off (minimum opacity) to the extreme (full)", () => {
  expect([opacity(50, 50, 100, 0.05), opacity(75, 50, 100, 0.05), opacity(100, 50, 100, 0.05), opacity(7, 7, 7, 0.05)]).toEqual([0.05, 0.53, 1, 1]);
  expect([addAlpha("#ACE1C4", 1), addAlpha("#ACE1C4", 0.5), addAlpha("#ACE1C4", 0)]).toEqual(["#ACE1C4ff", "#ACE1C480", "#ACE1C400"]);
});

test("rules: greater than, between, no operator, not equal; incomplete rules colour nothing", () => {
  expect(cellBackgrounds([{ column: "v", operator: ">", targetValue: 50, colorScheme: "#FF0000" }], rows)).toEqual([{}, {}, { v: "#FF0000ff" }, {}]);
  // 50 sits at the left edge of 0 ≤ x ≤ 100: 0.05 + 0.95 × 0.5 = 0.525 → 0.53 → 135 = 0x87
  expect(cellBackgrounds([{ column: "v", operator: "≤ x ≤", targetValueLeft: 0, targetValueRight: 100, colorScheme: "#00FF00" }], rows)).toEqual([
    { v: "#00FF000d" }, { v: "#00FF0087" }, { v: "#00FF00ff" }, {},
  ]);
  expect(cellBackgrounds([{ column: "v", operator: "None", colorScheme: "#0000FF" }], rows)).toEqual([{ v: "#0000FF00" }, { v: "#0000FF80" }, { v: "#0000FFff" }, {}]);
  // ≠ 0: the extreme is the value farthest from 0 (100)
  expect(cellBackgrounds([{ column: "v", operator: "≠", targetValue: 0, colorScheme: "#000000" }], rows)[1]).toEqual({ v: "#00000087" });
  expect(cellBackgrounds([{ column: "v", operator: ">", colorScheme: "#000000" }, { column: "v", operator: "< x <", targetValueLeft: 1, colorScheme: "#000000" }], rows)).toEqual([{}, {}, {}, {}]);
});

test("the table model carries the backgrounds when the form data has rules", () => {
  const model = table.transformProps({
    formData: { query_mode: "raw", all_columns: ["v"], conditional_formatting: [{ column: "v", operator: "=", targetValue: 50, colorScheme: "#123456" }] },
    queriesData: [{ data: rows.slice(0, 3), colnames: ["v"], coltypes: [0] }], width: 1, height: 1,
  });
  expect(model.kind === "table" && model.cellBackgrounds).toEqual([{}, { v: "#123456ff" }, {}]);
});

test("the control's columns: the numeric columns of the last answer, else the metric labels", () => {
  const answer = { colnames: ["state", "sum__num", "%count"], coltypes: [1, 0, 0] };
  expect(formattableColumns({ metrics: ["x"] }, answer)).toEqual(["sum__num", "%count"]);
  expect(formattableColumns({ metrics: ["sum__num", { expressionType: "SQL", sqlExpression: "1", label: "one" }], percent_metrics: ["count"] }, null)).toEqual(["sum__num", "one", "%count"]);
  expect(formattableColumns({ query_mode: "raw", metrics: ["count"] }, null)).toEqual([]);
});

test("rules in words, and what a rule still lacks", () => {
  expect(describeRule({ column: "sum__num", operator: ">", targetValue: 1000 })).toBe("sum__num > 1000");
  expect(describeRule({ column: "count", operator: "≤ x <", targetValueLeft: 1, targetValueRight: 5 })).toBe("1 ≤ count < 5");
  expect(describeRule({ column: "count", operator: "None" })).toBe("count");
  expect(ruleProblem({ operator: ">" })).toBe("Choose a column");
  expect(ruleProblem({ column: "c", colorScheme: "#ACE1C4", operator: ">" })).toBe("Enter a value");
  expect(ruleProblem({ column: "c", colorScheme: "#ACE1C4", operator: "< x <", targetValueLeft: 5, targetValueRight: 1 })).toBe("The left value must be less than the right value");
  expect(ruleProblem({ column: "c", colorScheme: "#ACE1C4", operator: "None" })).toBeNull();
  expect(ruleProblem({ column: "c", colorScheme: "#ACE1C4", operator: "=", targetValue: 0 })).toBeNull();
});
