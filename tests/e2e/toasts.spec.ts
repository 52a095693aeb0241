import { expect, test, type Locator } from "@playwright/test";
import { admin, login, openD1DatabaseForm } from "./helpers";

// Toasts name fields by their labels, stay clear of a modal's buttons and do not stack repeats.

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error("not on screen");
  return b;
}
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("a refused save in a modal: labelled message, clear of the modal's buttons, not stacked when repeated", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const dialog = await openD1DatabaseForm(page);
  await dialog.getByLabel("Display name").fill("examples"); // taken by the example database
  await dialog.getByRole("button", { name: "Save" }).click();
  const toast = page.getByTestId("toast").filter({ hasText: "already exists" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Database name");
  await expect(toast).not.toContainText("database_name");
  const toastBox = await box(toast);
  for (const name of ["Save", "Cancel", "Test connection"]) {
    const button = dialog.getByRole("button", { name });
    if (await button.count()) expect(overlap(toastBox, await box(button.first()))).toBe(false);
  }
  await dialog.getByRole("button", { name: "Save" }).click();
  await page.waitForTimeout(500);
  await expect(page.getByTestId("toast").filter({ hasText: "already exists" })).toHaveCount(1);
});
