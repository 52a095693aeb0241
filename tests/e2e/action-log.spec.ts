import { expect, test } from "@playwright/test";
import { admin, login } from "./helpers";

// The browser's event logger (batched beacons of spa_navigation events) and the Action Log page that shows them.

test("page views are logged from the browser and appear in the Action Log", async ({ page }) => {
  const { username, password } = admin();
  const beacons: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/tptanalytics/log/") && r.method() === "POST") beacons.push(r.url());
  });
  await login(page, username, password);
  await page.goto("/logs/");
  await expect(page.getByRole("heading", { name: "Action Log" })).toBeVisible();
  // Client-side navigation to the home page and back: each path is one spa_navigation event.
  await page.getByTestId("brand").click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => beacons.length, { timeout: 5000 }).toBeGreaterThan(0);
  await expect(async () => {
    await page.goto("/logs/?action=spa_navigation");
    await expect(page.getByTestId("log-table")).toContainText("/logs/");
  }).toPass({ timeout: 10_000 });
  await expect(page.getByTestId("log-table")).toContainText(username);

  // Filtering by an unknown user leaves nothing; a row opens its full JSON.
  await page.getByTestId("log-filter-user").fill("no-such-user");
  await page.getByTestId("log-filter-user").press("Enter");
  await expect(page).toHaveURL(/user=no-such-user/);
  await expect(page.getByTestId("list-empty")).toContainText("No results match your filter criteria");
  await page.goto("/logs/?action=spa_navigation");
  await page.getByTestId("log-table").getByRole("row").nth(1).click();
  await expect(page.getByRole("dialog")).toContainText('"event_name": "spa_navigation"');
  await expect(page.getByRole("dialog")).toContainText('"version": "v2"');
});
