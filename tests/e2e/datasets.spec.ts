import { expect, test, type Page } from "@playwright/test";
import { admin, datasetEditorTab, login } from "./helpers";

/** Opens Data → Datasets; retried because the menu only responds once the page has hydrated. */
async function openDatasets(page: Page) {
  await expect(async () => {
    await page.mouse.move(0, 300);
    await page.getByTestId("menu-Data").hover();
    await page.getByRole("menuitem", { name: "Datasets" }).click({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test("an admin finds birth_names in the datasets list and edits one of its metrics", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openDatasets(page);
  await expect(page).toHaveURL(/\/tablemodelview\/list\/?$/);
  await expect(page.getByRole("heading", { name: "Datasets" })).toBeVisible();
  await expect(page.getByTestId("dataset-row-flights")).toContainText("examples");

  await page.getByTestId("dataset-search").fill("birth");
  await page.getByTestId("dataset-search").press("Enter");
  await expect(page.getByTestId("dataset-count")).toHaveText("1 dataset");
  const row = page.getByTestId("dataset-row-birth_names");
  await expect(row).toContainText("Physical");
  await expect(row).toContainText("main");

  await page.getByTestId("edit-dataset-birth_names").click();
  await expect(page.getByTestId("dataset-title")).toHaveText("birth_names");
  const metric = page.getByTestId("metric-row-sum__num");
  await datasetEditorTab(page, "Metrics", metric);
  await expect(metric.getByLabel("SQL expression")).toHaveValue("SUM(num)");
  await metric.getByLabel("Label").fill("Total births");
  await metric.getByLabel("D3 format").fill(",.0f");
  await page.getByTestId("save-dataset").click();
  await expect(page.getByTestId("toast").filter({ hasText: "The dataset has been saved" })).toBeVisible();

  // the change is stored: a fresh load shows it, and the columns kept their types
  await page.reload();
  await datasetEditorTab(page, "Metrics", page.getByTestId("metric-row-sum__num"));
  await expect(page.getByTestId("metric-row-sum__num").getByLabel("Label")).toHaveValue("Total births");
  await expect(page.getByTestId("metric-row-sum__num").getByLabel("D3 format")).toHaveValue(",.0f");
  await page.getByRole("tab", { name: "Columns", exact: true }).click();
  await expect(page.getByTestId("column-row-ds")).toContainText("DATETIME");
  await expect(page.getByTestId("column-row-ds").getByLabel("ds is temporal")).toBeChecked();

  // the dataset's name in the list opens Explore on it, as in Superset (the row's Edit action opens the editor)
  await page.goto("/tablemodelview/list/");
  await page.getByTestId("explore-dataset-birth_names").click();
  await expect(page).toHaveURL(/\/explore\/\?datasource_type=table&datasource_id=\d+/);
  await expect(page.getByTestId("dataset-name")).toHaveText("birth_names");
});
