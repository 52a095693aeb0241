import { expect, test, type Page } from "@playwright/test";
import { admin, login } from "./helpers";
import { post } from "./api-helpers";
import { api, openWithFormData } from "./explore-helpers";

// Superset's dataset editor tabs (issue 31): a virtual dataset's SQL edited and saved through the SQL gate (its
// columns follow), a column deleted, the columns synced back from the source, a calculated column checked on save
// and grouped by in Explore, certification and cache timeout kept. Two journeys, each on a dataset of its own.

type Detail = { result: { sql: string; cache_timeout: number | null; extra: string | null; columns: { column_name: string; expression: string | null }[] } };

async function virtualDataset(page: Page, name: string): Promise<number> {
  const { result } = await api<{ result: { id: number; database_name: string }[] }>(page, "/api/v1/database/");
  const examples = result.find((d) => d.database_name === "examples")!;
  return (await post<{ id: number }>(page, "/api/v1/dataset/", { database: examples.id, table_name: name, schema: "main", sql: "SELECT gender, num FROM birth_names" })).id;
}

const toast = (page: Page, text: string | RegExp) => page.getByTestId("toast").filter({ hasText: text });

async function openEditor(page: Page): Promise<number> {
  await login(page, admin().username, admin().password);
  const id = await virtualDataset(page, `vds_${Date.now().toString(36)}`);
  await page.goto(`/tablemodelview/edit/${id}`);
  await expect(page.getByTestId("dataset-sql")).toHaveValue("SELECT gender, num FROM birth_names");
  return id;
}

test("edit a virtual dataset's SQL through the gate, delete a column, sync columns, certify it", async ({ page }) => {
  const id = await openEditor(page);
  const sql = page.getByTestId("dataset-sql");

  // Source: the gate refuses a write; a new SELECT is saved and the columns follow it
  await expect(async () => {
    await sql.fill("DELETE FROM birth_names");
    await page.getByTestId("save-dataset").click();
    await expect(toast(page, "Only SELECT statements are allowed")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await sql.fill("SELECT gender, num, state FROM birth_names");
  await page.getByTestId("save-dataset").click();
  await expect(toast(page, "The dataset has been saved")).toBeVisible();
  await page.getByRole("tab", { name: "Columns", exact: true }).click();
  await expect(page.getByTestId("column-row-state")).toBeVisible();

  // Columns: delete one and save; Sync brings it back from the source
  await page.getByRole("button", { name: "Delete column gender" }).click();
  await page.getByTestId("save-dataset").click();
  await expect(toast(page, "The dataset has been saved").last()).toBeVisible();
  await expect(page.getByTestId("column-row-gender")).toHaveCount(0);
  expect((await api<Detail>(page, `/api/v1/dataset/${id}`)).result.columns.map((c) => c.column_name).sort()).toEqual(["num", "state"]);
  await page.getByTestId("sync-columns").click();
  await expect(toast(page, "Added 1 new column(s): gender")).toBeVisible();
  await expect(page.getByTestId("column-row-gender")).toBeVisible();

  // Settings: certification and cache timeout, saved with the synced column
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByLabel("Certified by").fill("Data team");
  await page.getByLabel("Certification details").fill("Checked each morning");
  await page.getByLabel("Cache timeout").fill("600");
  await page.getByTestId("save-dataset").click();
  await expect(toast(page, "The dataset has been saved").last()).toBeVisible();
  const saved = (await api<Detail>(page, `/api/v1/dataset/${id}`)).result;
  expect(saved.columns.map((c) => c.column_name).sort()).toEqual(["gender", "num", "state"]);
  expect(saved.cache_timeout).toBe(600);
  expect(JSON.parse(saved.extra!)).toEqual({ certification: { certified_by: "Data team", details: "Checked each morning" } });
});

test("a calculated column is checked on save and grouped by in Explore", async ({ page }) => {
  const id = await openEditor(page);
  // a bad expression is refused naming the column; a good one is saved
  await expect(async () => {
    await page.getByRole("tab", { name: "Calculated columns" }).click();
    await expect(page.getByRole("button", { name: "Add calculated column" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole("button", { name: "Add calculated column" }).click();
  await page.getByLabel("Calculated column name").fill("gender_code");
  const expression = page.getByLabel("Calculated column SQL expression");
  await expression.fill("no_such_column || 'x'");
  await page.getByTestId("save-dataset").click();
  await expect(toast(page, 'Calculated column "gender_code" has an invalid SQL expression')).toBeVisible();
  await expression.fill("CASE WHEN gender = 'boy' THEN 'B' ELSE 'G' END");
  await page.getByTestId("save-dataset").click();
  await expect(toast(page, "The dataset has been saved")).toBeVisible();
  const saved = (await api<Detail>(page, `/api/v1/dataset/${id}`)).result;
  expect(saved.columns.find((c) => c.column_name === "gender_code")?.expression).toBe("CASE WHEN gender = 'boy' THEN 'B' ELSE 'G' END");

  // Explore groups by the calculated column
  await openWithFormData(page, id, { viz_type: "table", query_mode: "aggregate", groupby: ["gender_code"], metrics: ["count"], adhoc_filters: [] });
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("row-count")).toHaveText("2 rows");
  await page.getByRole("tab", { name: "Results" }).click();
  await expect(page.getByTestId("results-table").getByRole("columnheader")).toHaveText(["gender_code", "count"]);
  await expect(page.getByTestId("results-table").getByRole("cell", { name: "B", exact: true })).toBeVisible();
});
