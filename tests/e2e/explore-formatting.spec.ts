import { expect, test } from "@playwright/test";
import { birthNamesId, openWithFormData, pickOption } from "./explore-helpers";
import { admin, login } from "./helpers";

// The table chart's conditional formatting control in Explore (issue 10): a formatter is edited in a popover,
// applied only when complete, colours the matching cells at once (no new query) and can be removed.

test("explore: a conditional formatter colours the table's matching cells; an incomplete one cannot be applied", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openWithFormData(page, await birthNamesId(page), { viz_type: "table", query_mode: "aggregate", groupby: ["gender"], metrics: ["count"], adhoc_filters: [], row_limit: 100 });
  await page.getByTestId("run-query").click();
  const rows = page.getByTestId("table-chart").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  // the cells read in SMART_NUMBER ("44.8k"): a threshold half-way between the two counts parts them
  const counts = (await rows.locator("td:nth-child(2)").allTextContents()).map((t) => parseFloat(t) * (/k$/.test(t.trim()) ? 1000 : 1));
  const threshold = Math.round((counts[0] + counts[1]) / 2);

  await page.getByTestId("add-formatter").click();
  const editor = page.getByTestId("formatter-editor");
  await pickOption(page, editor.getByRole("textbox", { name: "Column" }), "count");
  await pickOption(page, editor.getByRole("textbox", { name: "Operator" }), ">");
  await expect(editor.getByTestId("formatter-problem")).toHaveText("Enter a value");
  await expect(editor.getByTestId("formatter-apply")).toBeDisabled();
  await editor.getByRole("textbox", { name: "Target value" }).fill(String(threshold));
  await editor.getByTestId("formatter-apply").click();
  await expect(page.getByTestId("formatter")).toContainText(`count > ${threshold}`);

  // only the larger count passes: one coloured cell, drawn without a new query
  const coloured = rows.locator("td[style*='background']");
  await expect(coloured).toHaveCount(1);
  await expect(page.getByTestId("chart-stale")).toHaveCount(0);

  await page.getByRole("button", { name: "Remove formatter" }).click();
  await expect(coloured).toHaveCount(0);
});
