import { test as base, type Page } from "@playwright/test";
import { admin, login } from "./helpers";

/**
 * `adminPage`: one signed-in admin page kept for all the tests a Playwright worker runs of a spec, for the journeys
 * that repeat one check over every chart type. A fresh context per test starts with an empty HTTP cache, so each of
 * those tests fetched and compiled the whole client again before its chart; this page keeps it. A failed test ends
 * its worker, so the next test gets a new page: no test starts on a broken one. Each test still opens its own URL.
 */
export const test = base.extend<{ failureShot: void }, { adminPage: Page }>({
  adminPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, timezoneId: "UTC" });
      const page = await context.newPage();
      await login(page, admin().username, admin().password);
      await use(page);
      await context.close();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  // the config's screenshot: "only-on-failure" covers the test's own `page` only
  failureShot: [
    async ({ adminPage }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        const path = testInfo.outputPath("failure.png");
        await adminPage.screenshot({ path }).then(() => testInfo.attach("failure", { path, contentType: "image/png" }), () => undefined);
      }
    },
    { auto: true },
  ],
});

export { expect } from "@playwright/test";
