import { expect, test } from "./shared-page";
import { addTab, chooseDatabase, openSqlLab, typeSql } from "./sqllab-helpers";

// Things that used to do nothing (issue 31): each journey presses the control and checks that something
// visibly happened, on the one signed-in admin page the spec shares.

// A D1 query of several seconds. D1 cannot interrupt a statement, and under `wrangler dev` the statement holds
// the whole Worker until it ends, so the stop's answer comes only then: "stopped" must show before it.
const LONG_D1 = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 30000000) SELECT count(*) AS n FROM c";

test("SQL Lab: Stop and Ctrl+E stop a running D1 query at once, in Results and in Query history", async ({ adminPage: page }) => {
  // examples runs asynchronously: the QueryJob Durable Object runs the statement
  await openSqlLab(page);
  await addTab(page);
  await chooseDatabase(page, "examples");
  await typeSql(page, LONG_D1);
  await page.getByTestId("run-button").click();
  await expect(page.getByTestId("query-running")).toBeVisible();
  const stop = page.waitForRequest((r) => r.url().includes("/api/v1/query/stop") && r.method() === "POST");
  await page.getByTestId("stop-button").click();
  expect((await stop).postDataJSON()).toHaveProperty("client_id");
  await expect(page.getByTestId("query-stopped")).toBeVisible();
  await expect(page.getByTestId("run-button")).toBeVisible();
  await page.getByRole("tab", { name: "Query history" }).click();
  await expect(page.getByTestId("query-history").getByTestId("query-state").first()).toHaveText("stopped");

  // the keyboard: Ctrl+E from inside the editor
  await page.getByRole("tab", { name: "Results" }).click();
  await page.locator(".monaco-editor .view-lines").first().click();
  await page.keyboard.press("Control+r");
  await expect(page.getByTestId("query-running")).toBeVisible();
  const stopByKey = page.waitForRequest((r) => r.url().includes("/api/v1/query/stop"));
  await page.keyboard.press("Control+e");
  await stopByKey;
  await expect(page.getByTestId("query-stopped")).toBeVisible();
});

