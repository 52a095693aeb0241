import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./shared-page";

// Settings → Row Level Security: an admin adds a rule in the dialog (a malformed clause is refused with the SQL
// gate's message first), sees it listed with its dataset and role, and deletes it. The rule's clause filters no
// row (1 = 1), so specs running beside this one read the same data.

test("an admin adds a row-level security rule, is told why a bad clause is refused, and deletes the rule", async ({ adminPage: page }) => {
  const name = `rls_${Date.now().toString(36)}`;
  await page.goto("/rowlevelsecurity/list/");
  await expect(page.getByRole("heading", { name: "Row Level Security" })).toBeVisible();

  await expect(async () => {
    await page.getByTestId("add-rls").click();
    await expect(page.getByRole("dialog")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("rls-name").fill(name);
  await dialog.getByTestId("rls-tables").click();
  await page.getByRole("option", { name: /birth_names$/ }).first().click();
  await page.keyboard.press("Tab");
  await dialog.getByTestId("rls-roles").click();
  await page.getByRole("option", { name: "Public", exact: true }).click();
  await page.keyboard.press("Tab");
  await dialog.getByTestId("rls-group-key").fill("region");
  await dialog.getByTestId("rls-clause").fill("1 = 1; DELETE FROM birth_names");
  await dialog.getByTestId("rls-save").click();
  await expect(dialog.getByText("Clause contains multiple statements")).toBeVisible();

  await dialog.getByTestId("rls-clause").fill("1 = 1");
  await dialog.getByTestId("rls-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: `Rule ${name} was added` })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId(`rls-row-${name}`);
  await expect(row).toContainText("birth_names");
  await expect(row).toContainText("Public");
  await expect(row).toContainText("Regular");

  // out as preset-cli's rls.yaml, deleted, and back in from that file with its dataset and role
  await page.getByTestId("bulk-select").click();
  await row.getByRole("checkbox").check();
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 30_000 }), page.getByTestId("bulk-export").click()]);
  expect(download.suggestedFilename()).toBe("rls.yaml");
  const file = await download.path();
  await deleteRule(page, name);

  await page.getByTestId("bundle-import").click();
  const importing = page.getByRole("dialog", { name: "Import rule" });
  await importing.locator('input[type="file"]').setInputFiles({ name: "rls.yaml", mimeType: "application/x-yaml", buffer: readFileSync(file) });
  await importing.getByTestId("bundle-import-submit").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Rules imported" })).toBeVisible();
  await expect(row).toContainText("birth_names");
  await expect(row).toContainText("Public");
  await deleteRule(page, name);
});

async function deleteRule(page: Page, name: string) {
  const row = page.getByTestId(`rls-row-${name}`);
  await row.getByTestId("rls-delete").click();
  await page.getByTestId("delete-confirm-text").fill("DELETE");
  await page.getByTestId("confirm-delete").click();
  await expect(page.getByTestId("toast").filter({ hasText: `Deleted: ${name}` })).toBeVisible();
  await expect(row).toHaveCount(0);
}
