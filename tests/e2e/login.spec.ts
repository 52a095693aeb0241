import { expect, test } from "@playwright/test";
import { admin, login, logout } from "./helpers";

test("an admin logs in, sees the home page and logs out", async ({ page }) => {
  await login(page, admin().username, admin().password, { form: true });
  await expect(page.getByRole("heading", { name: `Welcome, ${admin().username}` })).toBeVisible();
  await logout(page);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login\/\?next=/);
});

test("a wrong password shows the error and keeps the user on the login page", async ({ page }) => {
  await page.goto("/login/");
  await page.getByLabel("Username").fill(admin().username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("login-error")).toHaveText("Invalid login. Please try again.");
});
