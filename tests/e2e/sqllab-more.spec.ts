import { expect, test } from "@playwright/test";
import { admin, login } from "./helpers";
import { addTab, apiAs, chooseDatabase, makeSqlLabUser, openSqlLab, typeSql, unique, type SqlLabUser } from "./sqllab-helpers";

// SQL Lab journeys of an analyst: a user with the sql_lab role plus database_access on the examples
// database and on the local PostgreSQL (registered with asynchronous runs), made through the API by admin.

let user: SqlLabUser;

test.beforeAll(async () => {
  user = await makeSqlLabUser();
});

test("run a long PostgreSQL query asynchronously and stop it", async ({ page }) => {
  await login(page, user.username, user.password);
  await openSqlLab(page);
  await addTab(page);
  await chooseDatabase(page, user.postgres.name);
  await typeSql(page, "SELECT count(*) FROM generate_series(1, 4000000000) AS g");
  const execute = page.waitForResponse((r) => r.url().includes("/api/v1/sqllab/execute/"));
  await page.getByTestId("run-button").click();
  expect((await execute).status()).toBe(202); // accepted: the QueryJob Durable Object runs it
  await expect(page.getByTestId("query-running")).toBeVisible();
  await page.getByTestId("stop-button").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Query was stopped." })).toBeVisible();
  await expect(page.getByTestId("query-stopped")).toBeVisible();
  await expect(page.getByTestId("run-button")).toBeVisible();
});

test("estimate the cost of a PostgreSQL query", async ({ page }) => {
  await login(page, user.username, user.password);
  await openSqlLab(page);
  await addTab(page);
  await chooseDatabase(page, user.postgres.name);
  await typeSql(page, "SELECT g FROM generate_series(1, 1000) AS g WHERE g % 7 = 0");
  await page.getByTestId("estimate-button").click();
  await expect(page.getByTestId("estimate-table")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("estimate-table")).toContainText(/cost/i);
});

test("save a query, find it in Saved queries, edit and schedule it, and open it in a new tab", async ({ page }) => {
  const u = unique();
  await login(page, user.username, user.password);
  await openSqlLab(page);
  await addTab(page);
  await chooseDatabase(page, "examples");
  await typeSql(page, `SELECT name, num FROM birth_names WHERE name = 'saved_${u}'`);
  await page.getByTestId("save-button").click();
  await page.getByTestId("save-query-name").fill(`Births ${u}`);
  await page.getByTestId("save-query-confirm").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Your query was saved" })).toBeVisible();

  await page.getByTestId("menu-SQL").click();
  await page.getByRole("menuitem", { name: "Saved Queries" }).click();
  await expect(page).toHaveURL(/\/savedqueryview\/list\/$/);
  await page.getByTestId("saved-query-search").fill(`saved_${u}`); // all_text also searches the SQL
  await page.getByTestId("saved-query-search").press("Enter");
  const row = page.locator(`[data-testid="saved-query-row"][data-label="Births ${u}"]`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId("saved-query-count")).toHaveText("1 saved query");
  await expect(row).toContainText("examples");
  await expect(row).toContainText("Ana Lyst");

  await row.getByLabel(`Preview Births ${u}`).click();
  await expect(page.getByTestId("saved-query-preview-sql")).toContainText(`saved_${u}`);
  await page.keyboard.press("Escape");

  await row.getByLabel(`Edit Births ${u}`).click();
  await page.getByTestId("edit-query-name").fill(`Births weekly ${u}`);
  await page.getByTestId("edit-query-scheduled").check();
  await page.getByTestId("schedule-crontab").fill("not a cron");
  await page.getByTestId("edit-query-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Your query could not be scheduled" })).toBeVisible();
  await page.getByTestId("schedule-crontab").fill("0 6 * * 1");
  await page.getByTestId("edit-query-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Your query has been scheduled. To see details of your query, navigate to Saved queries" })).toBeVisible();
  const renamed = page.locator(`[data-testid="saved-query-row"][data-label="Births weekly ${u}"]`);
  await expect(renamed).toContainText("0 6 * * 1");

  await renamed.getByRole("link", { name: `Births weekly ${u}` }).click();
  await expect(page.getByTestId("editor-tab").filter({ hasText: `Births weekly ${u}` }).last()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".monaco-editor .view-lines").first()).toContainText(`saved_${u}`, { timeout: 20_000 });
  await expect(page).toHaveURL(/\/sqllab\/$/); // the request left the address, so a reload opens nothing twice
});

test("schedule a query from the editor and find its schedule in Saved queries", async ({ page }) => {
  const u = unique();
  await login(page, user.username, user.password);
  await openSqlLab(page);
  await addTab(page);
  await chooseDatabase(page, "examples");
  await typeSql(page, `SELECT count(*) AS scheduled_${u} FROM birth_names`);
  await page.getByTestId("schedule-button").click();
  await page.getByTestId("schedule-name").fill(`Nightly ${u}`);
  await page.getByTestId("schedule-crontab").fill("30 2 * * *");
  await page.getByTestId("schedule-submit").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Your query has been scheduled. To see details of your query, navigate to Saved queries" })).toBeVisible();
  await expect(page.getByTestId("editor-tab").filter({ hasText: `Nightly ${u}` })).toBeVisible();

  await page.getByTestId("schedule-button").click(); // saved now: the stored schedule comes back with its next run
  await expect(page.getByTestId("schedule-crontab")).toHaveValue("30 2 * * *");
  await expect(page.getByText(/Next run \d{4}-\d\d-\d\d 02:30 UTC/)).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto(`/savedqueryview/list/?search=scheduled_${u}`);
  await expect(page.locator(`[data-testid="saved-query-row"][data-label="Nightly ${u}"]`)).toContainText("30 2 * * *");
});

test("bulk select and delete saved queries", async ({ page }) => {
  const u = unique();
  const api = await apiAs(user.username, user.password);
  for (const n of [1, 2, 3]) {
    const res = await api.post("/api/v1/saved_query/", { data: { label: `Bulk ${u} ${n}`, db_id: user.examplesId, sql: `SELECT ${n} AS bulk_${u}`, schema: "main" } });
    expect(res.status()).toBe(201);
  }
  await api.dispose();
  await login(page, user.username, user.password);
  await page.goto(`/savedqueryview/list/?search=bulk_${u}`);
  await expect(page.getByTestId("saved-query-count")).toHaveText("3 saved queries");
  await page.getByTestId("bulk-select").click();
  await page.getByLabel(`Select Bulk ${u} 1`).check();
  await page.getByLabel(`Select Bulk ${u} 2`).check();
  await page.getByTestId("bulk-delete").click();
  await page.getByTestId("confirm-delete").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Deleted 2 saved queries" })).toBeVisible();
  await expect(page.getByTestId("saved-query-count")).toHaveText("1 saved query");

  const last = page.locator(`[data-testid="saved-query-row"][data-label="Bulk ${u} 3"]`);
  await expect(page.getByTestId("bulk-bar")).toHaveCount(0); // a bulk delete ends bulk mode: the row's own delete asks first
  await last.getByLabel(`Delete Bulk ${u} 3`).click();
  await expect(page.getByText(`Are you sure you want to delete Bulk ${u} 3?`)).toBeVisible();
  await page.getByTestId("confirm-delete").click();
  await expect(page.getByTestId("toast").filter({ hasText: `Deleted: Bulk ${u} 3` })).toBeVisible();
  await expect(page.getByTestId("saved-query-count")).toHaveText("0 saved queries");
});

test("share a query by link and open it in a fresh browser context", async ({ page, browser }) => {
  const u = unique();
  await login(page, user.username, user.password);
  await openSqlLab(page);
  await addTab(page);
  await chooseDatabase(page, "examples");
  await typeSql(page, `SELECT 'shared_${u}' AS marker`);
  const made = page.waitForResponse((r) => r.url().endsWith("/api/v1/sqllab/permalink") && r.request().method() === "POST");
  await page.getByTestId("share-button").click();
  expect((await made).status()).toBe(201);
  await expect(page.getByTestId("share-link")).toHaveValue(/\/sqllab\/p\/[A-Za-z0-9_-]+$/);
  const link = await page.getByTestId("share-link").inputValue();

  const fresh = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(other).toHaveURL(/\/login\//); // not signed in: the link survives the login
  await other.getByLabel("Username").fill(user.username);
  await other.getByLabel("Password").fill(user.password);
  await other.getByRole("button", { name: "Sign in" }).click();
  await expect(other.locator(".monaco-editor").first()).toBeVisible({ timeout: 20_000 });
  await expect(other.locator(".monaco-editor .view-lines").first()).toContainText(`shared_${u}`, { timeout: 20_000 });
  await expect(other.getByTestId("database-select")).toHaveValue("examples");
  await fresh.close();
});

test("find the runs in Query history, filter them and open one in SQL Lab", async ({ page, browser }) => {
  const u = unique();
  await login(page, user.username, user.password);
  await openSqlLab(page);
  await addTab(page);
  await chooseDatabase(page, "examples");
  await typeSql(page, `SELECT 'history_${u}' AS marker`);
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(page.getByTestId("row-count")).toHaveText("1 row returned", { timeout: 20_000 });
  await typeSql(page, `SELECT no_such_column_${u} FROM birth_names`);
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(page.getByTestId("query-error")).toBeVisible({ timeout: 20_000 });

  await page.getByTestId("menu-SQL").click();
  await page.getByRole("menuitem", { name: "Query History" }).click();
  await expect(page).toHaveURL(/\/sqllab\/history\/$/);
  await page.getByTestId("history-search").fill(u);
  await page.getByTestId("history-search").press("Enter");
  await expect(page.getByTestId("history-count")).toHaveText("2 queries");
  const ok = page.getByTestId("history-row").filter({ hasText: `history_${u}` });
  await expect(ok.getByTestId("query-state")).toHaveText("success");
  await expect(ok).toContainText("examples");
  await expect(ok).toContainText(/\d\d:\d\d:\d\d\.\d{3}/); // its duration
  await expect(page.getByTestId("history-row").filter({ hasText: `no_such_column_${u}` }).getByTestId("query-state")).toHaveText("failed");

  await page.goto(`/sqllab/history/?search=${u}&status=failed&range=day`);
  await expect(page.getByTestId("history-count")).toHaveText("1 query");
  await page.goto(`/sqllab/history/?search=${u}&database=${user.postgres.id}`);
  await expect(page.getByTestId("history-count")).toHaveText("0 queries");

  await page.goto(`/sqllab/history/?search=history_${u}`);
  await page.getByTestId("history-open").click();
  await expect(page.locator(".monaco-editor .view-lines").first()).toContainText(`history_${u}`, { timeout: 20_000 });
  await expect(page).toHaveURL(/\/sqllab\/$/);
  // an admin (all_query_access) sees everyone's runs and may filter them by user
  const adminContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const adminPage = await adminContext.newPage();
  await login(adminPage, admin().username, admin().password);
  await adminPage.goto(`/sqllab/history/?search=${u}`);
  await expect(adminPage.getByTestId("history-count")).toHaveText("2 queries");
  await adminPage.getByTestId("history-filter-user").click();
  await adminPage.getByRole("option", { name: `Ana Lyst ${user.username.replace("analyst_", "")}` }).click();
  await expect(adminPage).toHaveURL(/user=\d+/);
  await expect(adminPage.getByTestId("history-count")).toHaveText("2 queries");
  await expect(adminPage.getByTestId("history-row").first()).toContainText(`Ana Lyst`);
  await adminContext.close();
});
