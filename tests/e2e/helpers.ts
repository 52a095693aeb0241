import { expect, type Locator, type Page } from "@playwright/test";

export const admin = () => ({ username: process.env.E2E_ADMIN_USERNAME!, password: process.env.E2E_ADMIN_PASSWORD! });

export async function login(page: Page, username: string, password: string) {
  await page.goto("/login/");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("user-menu")).toContainText(username);
}

/**
 * Waits until React has hydrated this server-rendered element (it carries React's props key), then two animation
 * frames, by which the hydration's effects (the page-view log, handlers) have run. Server HTML shows before it is
 * live, so a step that needs the page's own JavaScript must wait for this on a loaded machine.
 */
export async function hydrated(element: Locator) {
  await expect.poll(() => element.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$"))), { timeout: 20_000 }).toBe(true);
  await element.page().evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

export async function logout(page: Page) {
  // A click that lands before hydration opens nothing: click again until the menu shows.
  await expect(async () => {
    if (!(await page.getByTestId("logout").isVisible())) await page.getByTestId("user-menu").click();
    await expect(page.getByTestId("logout")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId("logout").click();
  await expect(page).toHaveURL(/\/login\/?/);
}

/** Opens the Databases page's connection form on its D1 tab (retried: the button works once hydrated). */
export async function openD1DatabaseForm(page: Page) {
  await page.goto("/databaseview/list/");
  await expect(async () => {
    await page.getByTestId("add-database").click();
    await expect(page.getByRole("dialog")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const dialog = page.getByRole("dialog");
  await dialog.getByText("D1 binding").click();
  return dialog;
}

/** How many pixels of the chart's canvas are drawn (not transparent). */
export async function drawnPixels(page: Page): Promise<number> {
  const canvas = page.getByTestId("chartjs-chart").locator("canvas");
  await expect(canvas).toBeVisible();
  return canvas.evaluate((el: HTMLCanvasElement) => {
    const { data } = el.getContext("2d")!.getImageData(0, 0, el.width, el.height);
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
    return n;
  });
}

/** How many canvas pixels carry colour (not the greys of axes, grid lines and text): the chart's marks. */
export async function colouredPixels(page: Page): Promise<number> {
  const canvas = page.getByTestId("chartjs-chart").locator("canvas");
  await expect(canvas).toBeVisible();
  return canvas.evaluate((el: HTMLCanvasElement) => {
    const { data } = el.getContext("2d")!.getImageData(0, 0, el.width, el.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] > 0 && Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]) > 40) n++;
    }
    return n;
  });
}
