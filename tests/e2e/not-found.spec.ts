import { expect, test } from "@playwright/test";
import { admin, login } from "./helpers";

// An unknown address is a styled 404 inside the app shell with a way home, never Remix's developer text;
// the shell's icons are SVG (emoji render as empty boxes without an emoji font).

test("an unknown page shows a 404 in the app shell and leads home", async ({ page }) => {
  const { username, password } = admin();
  await login(page, username, password);
  const res = await page.goto("/no/such/page/");
  expect(res?.status()).toBe(404);
  const error = page.getByTestId("error-page");
  await expect(error.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(error).toContainText("There is no page at /no/such/page/.");
  await expect(page.locator("body")).not.toContainText("No route matches");
  // the shell is there: the user menu and the theme toggle, drawn with an SVG icon and labelled
  await expect(page.getByTestId("user-menu")).toContainText(username);
  await expect(page.getByRole("button", { name: "Toggle light and dark theme" }).locator("svg")).toBeVisible();
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("error-page")).toHaveCount(0);
});

test("a loader's own 404 message is kept", async ({ page }) => {
  const { username, password } = admin();
  await login(page, username, password);
  const res = await page.goto("/tablemodelview/edit/99999999");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("error-page")).toContainText("Dataset not found");
  await expect(page.getByTestId("user-menu")).toBeVisible();
});
