import { expect, test, type Page } from "@playwright/test";
import { admin, login } from "./helpers";
import { addTab, apiAs, chooseDatabase, makeSqlLabUser, openSqlLab, typeSql, unique, type SqlLabUser } from "./sqllab-helpers";

// The SQL Lab defects a new user hit (issue 14), each as the journey that showed it, in Debian's Chromium on
// Linux: saving results as a dataset, the Ctrl shortcuts, Results after a preview, sorting a large result by
// text, the dialect's autocomplete and dark editor, the tab switch surviving a reload, and a user without
// data access being told why SQL Lab is empty.

let analyst: SqlLabUser;

test.beforeAll(async () => {
  analyst = await makeSqlLabUser();
});

const runShortcut = async (page: Page, keys: string, rows: string) => {
  await page.keyboard.press(keys);
  await expect(page.getByTestId("row-count")).toHaveText(rows, { timeout: 20_000 });
};

test("save a result as a virtual dataset: it is listed, Explore's API answers it, and Explore opens on it", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openSqlLab(page);
  await addTab(page);
  await typeSql(page, "SELECT gender, COUNT(*) AS n FROM birth_names GROUP BY gender");
  await runShortcut(page, "Control+Enter", "2 rows returned");
  await page.getByTestId("save-dataset").click();
  const name = `births_by_gender_${unique()}`;
  await page.getByTestId("dataset-name").fill(name);
  const explore = page.context().waitForEvent("page");
  await page.getByTestId("save-dataset-confirm").click();
  // the toast first: it shows for a few seconds only, and Explore's tab can take longer than that to load
  await expect(page.getByTestId("toast").filter({ hasText: `Dataset ${name} was created.` })).toBeVisible();
  const opened = await explore;
  await expect.poll(() => opened.url()).toMatch(/\/explore\/\?form_data_key=[^&]+$/);
  const key = new URL(opened.url()).searchParams.get("form_data_key")!;
  await opened.close();

  const list = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:'${name}')))`)}`);
  expect(list.ok()).toBe(true);
  const found = (await list.json()) as { count: number; result: { id: number; sql: string | null; kind?: string }[] };
  expect(found.count).toBe(1);
  const id = found.result[0].id;
  const byId = await page.request.get(`/api/v1/explore/?datasource_id=${id}&datasource_type=table`);
  expect(byId.status()).toBe(200);
  const ctx = (await byId.json()) as { result: { dataset: { id: number; sql: string; columns: { column_name: string }[] } } };
  expect(ctx.result.dataset.id).toBe(id);
  expect(ctx.result.dataset.sql).toContain("GROUP BY gender");
  expect(ctx.result.dataset.columns.map((c) => c.column_name).sort()).toEqual(["gender", "n"]);
  const byKey = await page.request.get(`/api/v1/explore/?form_data_key=${encodeURIComponent(key)}`);
  const keyed = (await byKey.json()) as { result: { dataset: { id: number }; form_data: { viz_type: string; all_columns: string[] } } };
  expect(keyed.result.dataset.id).toBe(id);
  expect(keyed.result.form_data).toMatchObject({ viz_type: "table", all_columns: ["gender", "n"] });

  // and the Datasets page lists it
  await page.goto(`/tablemodelview/list/?search=${name}`);
  await expect(page.getByTestId(`dataset-row-${name}`)).toBeVisible();
});

test("the Ctrl shortcuts work with the Control key on Linux: run, new tab, switch tabs, stop", async ({ page }) => {
  await login(page, analyst.username, analyst.password);
  await openSqlLab(page);
  const tabs = await addTab(page);
  await typeSql(page, "SELECT 7 AS seven");
  await runShortcut(page, "Control+r", "1 row returned");

  await page.keyboard.press("Control+q");
  await expect(page.getByTestId("editor-tab")).toHaveCount(tabs + 1);
  await page.locator(".monaco-editor .view-lines").first().click();
  await page.keyboard.press("Control+t");
  await expect(page.getByTestId("editor-tab")).toHaveCount(tabs + 2);
  await expect(page.getByTestId("editor-tab").nth(tabs + 1)).toHaveAttribute("aria-selected", "true");

  await page.locator(".monaco-editor .view-lines").first().click();
  await page.keyboard.press("Control+[");
  await expect(page.getByTestId("editor-tab").nth(tabs)).toHaveAttribute("aria-selected", "true");
  await page.locator(".monaco-editor .view-lines").first().click();
  await page.keyboard.press("Control+]");
  await expect(page.getByTestId("editor-tab").nth(tabs + 1)).toHaveAttribute("aria-selected", "true");

  await chooseDatabase(page, analyst.postgres.name);
  await typeSql(page, "SELECT count(*) FROM generate_series(1, 4000000000) AS g");
  await page.keyboard.press("Control+r");
  await expect(page.getByTestId("query-running")).toBeVisible();
  await page.locator(".monaco-editor .view-lines").first().click();
  await page.keyboard.press("Control+e");
  await expect(page.getByTestId("query-stopped")).toBeVisible({ timeout: 20_000 });

  // the help popover lists the keys just used
  await page.getByTestId("shortcuts-button").click();
  for (const keys of ["Ctrl + R", "Ctrl + E", "Ctrl + T", "Ctrl + Q", "Ctrl + [", "Ctrl + ]"]) await expect(page.getByTestId("shortcuts-list")).toContainText(keys);
});

test("running a query while a table preview is showing switches to Results", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openSqlLab(page);
  await addTab(page);
  await page.getByTestId("table-select").click();
  await page.getByRole("option", { name: "flights", exact: true }).click();
  await expect(page.getByTestId("preview-tab")).toHaveAttribute("aria-selected", "true");
  await typeSql(page, "SELECT 1 AS one, 2 AS two");
  await page.getByTestId("run-button").click();
  await expect(page.getByRole("tab", { name: "Results" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("row-count")).toHaveText("1 row returned", { timeout: 20_000 });
});

test("a 5,000-row result sorts by a text column as a person reads numbers in text", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openSqlLab(page);
  await addTab(page);
  await page.getByTestId("limit-select").click();
  await page.getByRole("option", { name: "LIMIT: 10,000" }).click();
  await typeSql(page, "WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 5000) SELECT n, 'row ' || n AS label FROM s");
  await runShortcut(page, "Control+Enter", "5000 rows returned");
  const grid = page.getByTestId("result-grid").first();
  const firstLabel = grid.locator('[role="row"][data-index="0"] [role="gridcell"]').nth(1);
  const header = grid.getByRole("columnheader", { name: /^label/ });
  await header.click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect(grid).toHaveAttribute("aria-busy", "false");
  await expect(firstLabel).toHaveText("row 1");
  await header.click();
  await expect(firstLabel).toHaveText("row 5000"); // not "row 999": the collator compares numbers in text
  await expect(grid.locator('[role="row"][data-index="1"] [role="gridcell"]').nth(1)).toHaveText("row 4999");
});

test("autocomplete offers the selected database's dialect, and the editor follows dark mode", async ({ page }) => {
  await login(page, analyst.username, analyst.password);
  await openSqlLab(page);
  await addTab(page);
  await chooseDatabase(page, "examples");
  await typeSql(page, "SELECT julianda");
  await expect(page.locator(".suggest-widget")).toContainText("JULIANDAY");
  await page.keyboard.press("Escape");
  await typeSql(page, "SELECT NONCLUSTERE");
  await page.keyboard.press("Control+Space");
  await expect(page.locator(".suggest-widget")).not.toContainText("NONCLUSTERED");
  await page.keyboard.press("Escape");
  await chooseDatabase(page, analyst.postgres.name);
  await typeSql(page, "SELECT string_ag");
  await expect(page.locator(".suggest-widget")).toContainText("STRING_AGG");
  await page.keyboard.press("Escape");

  await expect(page.locator(".monaco-editor").first()).toHaveClass(/\bvs\b/);
  await page.getByLabel("Toggle light and dark theme").click();
  await expect(page.locator(".monaco-editor").first()).toHaveClass(/vs-dark/);
  await page.getByLabel("Toggle light and dark theme").click();
  await expect(page.locator(".monaco-editor").first()).not.toHaveClass(/vs-dark/);
});

test("a tab switch is saved at once: a reload right after it reopens that tab", async ({ page }) => {
  await login(page, analyst.username, analyst.password);
  await openSqlLab(page);
  const count = await addTab(page);
  await addTab(page);
  const target = page.getByTestId("editor-tab").nth(count - 1);
  const name = (await target.textContent()) ?? "";
  await target.click();
  await expect(target).toHaveAttribute("aria-selected", "true");
  await page.reload();
  await expect(page.getByTestId("editor-tab").filter({ hasText: name })).toHaveAttribute("aria-selected", "true", { timeout: 20_000 });
});

test("a user without data access is told access is missing and whom to ask", async ({ page }) => {
  const api = await apiAs(admin().username, admin().password);
  const roles = (await (await api.get(`/api/v1/security/roles/?q=${encodeURIComponent("(page_size:100)")}`)).json()) as { result: { id: number; name: string }[] };
  const u = unique();
  const username = `newcomer_${u}`;
  const password = `pw-${u}-${unique()}`;
  const made = await api.post("/api/v1/security/users/", {
    data: { username, first_name: "New", last_name: `Comer ${u}`, email: `${username}@example.com`, password, roles: [roles.result.find((r) => r.name === "sql_lab")!.id] },
  });
  expect(made.ok(), await made.text()).toBe(true);
  await api.dispose();

  await login(page, username, password);
  await page.goto("/sqllab/");
  await expect(page.getByTestId("no-data-access")).toContainText("You don't have access to any database");
  await expect(page.getByTestId("no-data-access")).toContainText("Ask an admin to grant you database access");
  await page.goto("/databaseview/list/");
  await expect(page.getByTestId("no-data-access")).toContainText("Ask an admin to grant you database access");
  await expect(page.getByText("No databases yet.")).toHaveCount(0);
});
