import { expect, test, type Page } from "@playwright/test";
import { admin, login, logout } from "./helpers";

// The users journey of issue 2: an admin creates a Gamma user on the List Users page; that user sees only
// what Gamma may see and is refused the users page.

/** Opens an item of the Settings menu; retried because the menu only responds once the page has hydrated. */
async function openSettingsItem(page: Page, label: string) {
  await expect(async () => {
    // leave first: hovering where the pointer already is fires no mouseenter
    await page.mouse.move(0, 300);
    await page.getByTestId("menu-Settings").hover();
    await page.getByRole("menuitem", { name: label }).click({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test("an admin creates a Gamma user, who sees only Gamma's menu and is refused the users page", async ({ page }) => {
  const username = `gamma_${Date.now().toString(36)}`;
  const password = `Gamma-${Math.random().toString(36).slice(2)}!`;

  await login(page, admin().username, admin().password);
  await openSettingsItem(page, "List Users");
  await expect(page).toHaveURL(/\/users\/?$/);
  await expect(page.getByRole("heading", { name: "List Users" })).toBeVisible();

  await page.getByTestId("add-user").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("First name").fill("Grace");
  await dialog.getByLabel("Last name").fill("Gamma");
  await dialog.getByLabel("Username").fill(username);
  await dialog.getByLabel("Email").fill(`${username}@example.com`);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByTestId("user-roles").click();
  await page.getByRole("option", { name: "Gamma", exact: true }).click();
  await page.keyboard.press("Tab"); // closes the roles dropdown (Escape would close the modal)
  await dialog.getByRole("button", { name: "Save" }).click();

  await expect(page.getByTestId("toast").filter({ hasText: `User ${username} was created` })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId(`user-row-${username}`);
  await expect(row).toContainText("Gamma");
  await expect(row.getByTestId("user-status")).toHaveText("Active");
  await logout(page);

  await login(page, username, password);
  // Gamma holds no admin role: no Settings menu (List Users, List Roles, Action Log).
  await expect(page.getByTestId("brand")).toBeVisible();
  await expect(page.getByTestId("menu-Settings")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "List Users" })).toHaveCount(0);

  const refused = await page.goto("/users/");
  expect(refused?.status()).toBe(403);
  await expect(page.getByTestId("error-page").getByRole("heading", { name: "Access denied" })).toBeVisible();
  expect(await page.content()).not.toContain(admin().username + "@");

  await page.goto("/");
  await logout(page);
});

test("an admin deactivates and reactivates a user from the list, and edits their roles", async ({ page }) => {
  const username = `alpha_${Date.now().toString(36)}`;
  await login(page, admin().username, admin().password);
  await page.goto("/users/");
  await page.getByTestId("add-user").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("First name").fill("Alan");
  await dialog.getByLabel("Last name").fill("Alpha");
  await dialog.getByLabel("Username").fill(username);
  await dialog.getByLabel("Email").fill(`${username}@example.com`);
  await dialog.getByLabel("Password").fill("an-alpha-password");
  await dialog.getByTestId("user-roles").click();
  await page.getByRole("option", { name: "Alpha", exact: true }).click();
  await page.keyboard.press("Tab");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  await page.getByTestId("users-search").fill(username);
  await page.getByTestId("users-search").press("Enter");
  await expect(page.getByTestId("users-count")).toHaveText("1 user");
  const row = page.getByTestId(`user-row-${username}`);
  await row.getByRole("button", { name: "Deactivate" }).click();
  await expect(row.getByTestId("user-status")).toHaveText("Inactive");
  await row.getByRole("button", { name: "Activate" }).click();
  await expect(row.getByTestId("user-status")).toHaveText("Active");

  await row.getByRole("button", { name: "Edit" }).click();
  await dialog.getByTestId("user-roles").click();
  await page.getByRole("option", { name: "sql_lab", exact: true }).click();
  await page.keyboard.press("Tab");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: `User ${username} was saved` })).toBeVisible();
  await expect(row).toContainText("sql_lab");
});

test("a duplicate username is shown beside the field", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await page.goto("/users/");
  await page.getByTestId("add-user").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("First name").fill("Copy");
  await dialog.getByLabel("Last name").fill("Cat");
  await dialog.getByLabel("Username").fill(admin().username);
  await dialog.getByLabel("Email").fill(`copycat-${Date.now()}@example.com`);
  await dialog.getByLabel("Password").fill("copycat-password");
  await dialog.getByTestId("user-roles").click();
  await page.getByRole("option", { name: "Gamma", exact: true }).click();
  await page.keyboard.press("Tab"); // closes the roles dropdown (Escape would close the modal)
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("A user with this username already exists.")).toBeVisible();
});

test("the roles page lists the built-in roles and shows a role's permissions", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openSettingsItem(page, "List Roles");
  await expect(page.getByRole("heading", { name: "List Roles" })).toBeVisible();
  for (const name of ["Admin", "Alpha", "Gamma", "sql_lab", "Public"]) await expect(page.getByTestId(`role-row-${name}`)).toBeVisible();
  await page.getByTestId("role-row-sql_lab").getByRole("link", { name: "sql_lab" }).click();
  await expect(page.getByRole("heading", { name: "Permissions of sql_lab" })).toBeVisible();
  const table = page.getByTestId("role-permissions");
  await expect(table).toContainText("can_sqllab");
  await page.getByLabel("Filter").fill("can_sqllab");
  await expect(table.locator("tbody tr")).toHaveCount(1);
});

test("an admin creates a custom role, gives it a permission and deletes it", async ({ page }) => {
  const name = `Readers ${Date.now().toString(36)}`;
  await login(page, admin().username, admin().password);
  await page.goto("/roles/");
  await page.getByTestId("add-role").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: `Permissions of ${name}` })).toBeVisible();
  await expect(page.getByTestId("permission-count")).toHaveText("0 permissions");

  await page.getByTestId("role-permission-picker").click();
  await page.getByTestId("role-permission-picker").fill("can_read on Dashboard");
  await page.getByRole("option", { name: "can_read on Dashboard", exact: true }).click();
  await page.keyboard.press("Tab");
  await page.getByRole("button", { name: "Save permissions" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: `The permissions of ${name} were saved` })).toBeVisible();
  await expect(page.getByTestId("permission-count")).toHaveText("1 permission");
  await expect(page.getByTestId("role-permissions")).toContainText("Dashboard");

  await page.getByRole("button", { name: "Delete role" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/roles\/$/);
  await expect(page.getByTestId(`role-row-${name}`)).toHaveCount(0);
});
