import { expect, test } from "@playwright/test";
import { admin, login } from "./helpers";
import { addTab, openSqlLab, typeSql } from "./sqllab-helpers";

// SQL Lab journeys in a real browser against the real Worker and the examples database.
// These run as admin; tests/e2e/sqllab-more.spec.ts runs as a sql_lab user granted data access.

test("browse the examples schema and preview a table", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openSqlLab(page);
  await expect(page.getByTestId("database-select")).toHaveValue("examples");
  await page.getByTestId("schema-select").click();
  await page.getByRole("option").first().click();
  await page.getByTestId("table-select").click();
  await page.getByRole("option", { name: "birth_names", exact: true }).click();
  const table = page.locator('[data-testid="table-element"][data-table="birth_names"]');
  await expect(table.getByTestId("table-columns")).toContainText("name");
  await table.getByTestId("table-toggle").click();
  await expect(table.getByTestId("table-columns")).toHaveCount(0);
  await expect(page.getByTestId("preview-tab")).toContainText("birth_names");
  await expect(page.getByTestId("result-grid").first()).toBeVisible();
});

test("write a GROUP BY with autocomplete, run it with the keyboard and format it", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openSqlLab(page);
  await addTab(page);
  await typeSql(page, "select gender, count(*) as n from birth_na");
  await expect(page.locator(".suggest-widget")).toContainText("birth_names");
  await page.keyboard.press("Enter");
  await page.keyboard.type(" group by gender");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(page.getByTestId("row-count")).toHaveText("2 rows returned", { timeout: 20_000 });
  await page.getByTestId("format-button").click();
  await expect(page.locator(".monaco-editor .view-lines").first()).toContainText("GROUP BY", { ignoreCase: false });
});

test("tabs, their SQL and their results come back after a reload, and a closed tab stays closed", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openSqlLab(page);
  const count = await addTab(page);
  const tabs = page.getByTestId("editor-tab");
  const name = /Untitled Query \d+/.exec((await tabs.last().textContent()) ?? "")?.[0] ?? "";
  expect(name).not.toBe("");
  await typeSql(page, "SELECT 42 AS answer");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(page.getByTestId("row-count")).toHaveText("1 row returned", { timeout: 20_000 });
  await page.waitForTimeout(1500); // the edit debounce pushes the tab to the server
  await page.reload();
  await expect(page.locator(".monaco-editor").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("editor-tab")).toHaveCount(count);
  await expect(page.locator(".monaco-editor .view-lines").first()).toContainText("SELECT 42 AS answer");
  await expect(page.getByTestId("row-count")).toHaveText("1 row returned", { timeout: 20_000 });
  await expect(page.getByTestId("result-grid").first()).toContainText("42");
  await page.getByLabel(`Tab actions for ${name}`).click();
  await page.getByRole("menuitem", { name: "Close tab" }).click();
  await expect(page.getByTestId("editor-tab")).toHaveCount(count - 1);
  await page.reload();
  await expect(page.getByTestId("editor-tab")).toHaveCount(count - 1);
});

test("save a query and open it through ?savedQueryId in a new tab", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openSqlLab(page);
  await addTab(page);
  await typeSql(page, "SELECT 7 AS seven");
  await page.getByTestId("save-button").click();
  await page.getByTestId("save-query-name").fill("Seven");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/v1/saved_query/") && r.request().method() === "POST");
  await page.getByTestId("save-query-confirm").click();
  const { id } = (await (await saved).json()) as { id: number };
  await expect(page.getByTestId("toast").filter({ hasText: "Your query was saved" })).toBeVisible();
  await page.goto(`/sqllab/?savedQueryId=${id}`);
  await expect(page.getByTestId("editor-tab").filter({ hasText: "Seven" }).last()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".monaco-editor .view-lines").first()).toContainText("SELECT 7 AS seven");
});
