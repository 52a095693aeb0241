import { expect, test, type Page } from "@playwright/test";
import { admin, login } from "./helpers";
import { openSqlLab, typeSql } from "./sqllab-helpers";

// The pages satisfy their own Content-Security-Policy: the browser reports every violation (blocked inline
// script, worker, style, font) as a securitypolicyviolation event and a console error; none may occur while
// a user logs in, opens pages, and runs a query in SQL Lab with Monaco and its web workers.

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return violations;
}

test("pages send a CSP with a nonce, frame and sniffing protection, and satisfy it (SQL Lab with Monaco too)", async ({ page }) => {
  const violations = await watchViolations(page);
  const loginPage = await page.goto("/login/");
  const headers = loginPage!.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'self'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  await login(page, admin().username, admin().password);
  for (const path of ["/", "/tablemodelview/list/", "/databaseview/list/", "/savedqueryview/list/", "/sqllab/history/"]) {
    await page.goto(path);
    await expect(page.getByTestId("user-menu")).toBeVisible();
  }
  await openSqlLab(page);
  await typeSql(page, "SELECT 1 AS one");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(page.getByTestId("result-grid")).toContainText("one");
  expect(violations).toEqual([]);
});
