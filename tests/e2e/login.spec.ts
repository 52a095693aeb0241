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

// Dot segments and backslashes normalise to "//host", which a browser reads as another host in a Location header.
const HOSTILE_NEXT = ["/.//evil.example/phish", "/x/..//evil.example/phish", "/%2e//evil.example/phish", "/.\\/evil.example/phish", "/x/..\\\\evil.example/phish"];

test("hostile next addresses keep a signing-in and a signed-in user on this site", async ({ page }) => {
  const offsite: string[] = [];
  // No request may leave for another host; answer it here so a regression shows as a URL, not a network error.
  await page.route((url) => !["localhost", "127.0.0.1"].includes(url.hostname), (route) => {
    offsite.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<title>phish</title>" });
  });
  const onThisSite = () => expect.poll(() => new URL(page.url()).hostname).toMatch(/^(localhost|127\.0\.0\.1)$/);
  // The login form's answer: the hidden next field carries the hostile address through the sign-in.
  await page.goto(`/login/?next=${encodeURIComponent(HOSTILE_NEXT[0])}`);
  await page.getByLabel("Username").fill(admin().username);
  await page.getByLabel("Password").fill(admin().password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("user-menu")).toContainText(admin().username);
  await onThisSite();
  // The login page's loader, for someone already signed in.
  for (const next of HOSTILE_NEXT) {
    await page.goto(`/login/?next=${encodeURIComponent(next)}`);
    await onThisSite();
    await expect(page.getByTestId("user-menu")).toBeVisible();
  }
  expect(offsite).toEqual([]);
});
