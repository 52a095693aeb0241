import { expect, test } from "./shared-page";

// Issue 31, Settings: CSS templates and annotation layers are reached from the Settings menu; a CSS template and
// an annotation layer with one annotation are made from their pages' modals and listed.

test("make a CSS template, and an annotation layer with one annotation, from the Settings menu", async ({ adminPage: page }) => {
  const run = Date.now().toString(36);
  await page.goto("/superset/welcome/");
  await page.getByTestId("menu-Settings").click();
  await page.getByRole("menuitem", { name: "CSS Templates" }).click();
  await expect(page).toHaveURL(/\/csstemplatemodelview\/list\/$/);
  await page.getByTestId("add-css-template").click();
  await page.getByTestId("css-template-name").fill(`Dark ${run}`);
  await page.getByTestId("css-template-css").fill(".dashboard { background: #111; }");
  await page.getByTestId("css-template-save").click();
  await expect(page.getByTestId(`css-template-row-Dark ${run}`)).toBeVisible();

  await page.getByTestId("menu-Settings").click();
  await page.getByRole("menuitem", { name: "Annotation Layers" }).click();
  await page.getByTestId("add-layer").click();
  await page.getByTestId("layer-name").fill(`Releases ${run}`);
  await page.getByTestId("layer-save").click();
  await page.getByTestId(`layer-row-Releases ${run}`).getByRole("link").click();
  await expect(page).toHaveURL(/\/annotationlayer\/\d+\/annotation\/$/);
  await page.getByTestId("add-annotation").click();
  await page.getByTestId("annotation-label").fill("v1.0");
  await page.getByTestId("annotation-start").fill("2024-03-01T09:30");
  await page.getByTestId("annotation-save").click();
  const row = page.getByTestId("annotation-row-v1.0");
  await expect(row).toContainText("2024-03-01 09:30");
  await expect(page.getByTestId("annotation-count")).toHaveText("1 annotation");
});
