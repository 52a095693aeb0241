import { expect, test } from "vitest";
import { statementAt } from "./shortcuts";

test("run current query picks the statement under the cursor", () => {
  const sql = "SELECT 1;\nSELECT 2;\nSELECT 3";
  expect(statementAt(sql, 3)).toBe("SELECT 1");
  expect(statementAt(sql, 14)).toBe("SELECT 2");
  expect(statementAt(sql, sql.length)).toBe("SELECT 3");
  expect(statementAt("SELECT 1;", 9)).toBe("SELECT 1");
});
