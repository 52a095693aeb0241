import { expect, test } from "@playwright/test";
import { ownWorker } from "./own-worker";
import { typeSql } from "./sqllab-helpers";

// A deployment whose SQL_MAX_ROW is below 10 (issue 14): the limit dropdown still offers that maximum, as
// Superset's QueryLimitSelect does, and a run returns no more rows. Its own Worker, started with that setting.

const worker = ownWorker({ SQL_MAX_ROW: "5" });

test("with SQL_MAX_ROW 5 the limit dropdown offers 5 and a run returns 5 rows", async ({ page }) => {
  test.setTimeout(120_000);
  await worker.loginAsAdmin(page);
  await page.goto(`${worker.url()}/sqllab/`);
  await expect(page.locator(".monaco-editor").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("limit-select")).toHaveValue("LIMIT: 5");
  await page.getByTestId("limit-select").click();
  await expect(page.getByRole("option")).toHaveText(["LIMIT: 5"]);
  await page.keyboard.press("Escape");
  await typeSql(page, "WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 10) SELECT n FROM s");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("row-count")).toHaveText("5 rows returned", { timeout: 20_000 });
});
