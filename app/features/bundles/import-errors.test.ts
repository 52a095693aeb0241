import { expect, test } from "vitest";
import { importProblems } from "./import-errors";

test("Superset's 422 answer splits into overwrite, password and other problems", () => {
  const body = {
    errors: [{
      message: "Error importing dashboard",
      extra: {
        "dashboards/Sales_1.yaml": "Dashboard already exists and `overwrite=true` was not passed",
        "databases/pg.yaml": { _schema: ["Must provide a password for the database"] },
        "charts/a.yaml": { uuid: ["Not a valid UUID."] },
        issue_codes: [{ code: 1010 }],
      },
    }],
  };
  expect(importProblems(body)).toEqual({
    needsOverwrite: ["dashboards/Sales_1.yaml"], needsPassword: ["databases/pg.yaml"], other: ["charts/a.yaml › uuid: Not a valid UUID."],
  });
  expect(importProblems({ message: "Not a ZIP file" }).other).toEqual(["Not a ZIP file"]);
});
