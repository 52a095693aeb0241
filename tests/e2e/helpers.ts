import { expect, type BrowserContext, type Locator, type Page } from "@playwright/test";

export const admin = () => ({ username: process.env.E2E_ADMIN_USERNAME!, password: process.env.E2E_ADMIN_PASSWORD! });

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;

// Sessions this test process has already signed in, by Worker origin, username and password: a journey's login
// reuses one instead of posting the form again (the form, its password hashing and two page loads each time were
// minutes of every e2e run). login.spec.ts tests the form itself ({ form: true }).
const sessions = new Map<string, Cookies>();
const sessionKey = (origin: string, username: string, password: string) => JSON.stringify([origin, username, password]);

/**
 * Signs `page` in and leaves it on the home page (`origin`: a spec's own Worker; else the shared one). The first
 * login of each user posts the form; later ones put that session's cookie into the page's fresh context, unless the
 * session has ended since (logout(), a changed password or role bumps it): then the form again.
 */
export async function login(page: Page, username: string, password: string, options: { form?: boolean; origin?: string } = {}) {
  const origin = options.origin ?? new URL(process.env.E2E_BASE_URL!).origin;
  const key = sessionKey(origin, username, password);
  const saved = options.form ? undefined : sessions.get(key);
  if (saved) {
    await page.context().addCookies(saved);
    await page.goto(`${origin}/`);
    if (!new URL(page.url()).pathname.startsWith("/login")) {
      await expect(page.getByTestId("user-menu")).toContainText(username);
      return;
    }
    sessions.delete(key);
  }
  await page.goto(`${origin}/login/`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("user-menu")).toContainText(username);
  sessions.set(key, (await page.context().cookies(origin)).filter((c) => c.name === "session"));
}

/** Forgets the saved session `page` holds (it is about to be revoked). */
async function forgetSession(page: Page) {
  const current = (await page.context().cookies()).find((c) => c.name === "session")?.value;
  for (const [key, cookies] of sessions) if (cookies.some((c) => c.value === current)) sessions.delete(key);
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

/**
 * Opens a menu with `opener` and clicks its `item`, retried as one step: a click that lands before hydration
 * opens nothing, and a menu still closing from an earlier pick shows an item that is gone before the click lands
 * (a plain click would then wait for it until the test's timeout). With `opens` (the dialog the item opens), a
 * retry after a click that did land but was slow to settle stops once that dialog shows, instead of opening the
 * menu again over it. The waits are generous: on a loaded machine one click may take seconds to settle.
 */
export async function clickMenuItem(opener: Locator, item: Locator, opens?: Locator, hoverFirst?: Locator) {
  await expect(async () => {
    if (opens && (await opens.isVisible())) return;
    if (!(await item.isVisible())) {
      await opener.click({ timeout: 5000 });
      // an item inside a submenu: the submenu opens on hover
      if (hoverFirst) await hoverFirst.hover({ timeout: 5000 });
    }
    await item.click({ timeout: 5000 });
    if (opens) await expect(opens).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 45_000 });
}

export async function logout(page: Page) {
  await forgetSession(page);
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

/**
 * Opens a tab of the dataset editor, which opens on Source as Superset's: retried as one step, since a click before
 * hydration selects nothing. `shows` is what the tab's panel holds once selected.
 */
export async function datasetEditorTab(page: Page, name: "Source" | "Metrics" | "Columns" | "Calculated columns" | "Settings", shows: Locator) {
  await expect(async () => {
    await page.getByRole("tab", { name, exact: true }).click();
    await expect(shows).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}
