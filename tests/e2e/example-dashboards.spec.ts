import { expect, test, type Locator, type Page } from "@playwright/test";
import { EXAMPLE_DASHBOARDS } from "../../core/dashboards/examples/index";
import { admin, login } from "./helpers";

// The example dashboards made at first start (Births, Sales, Flights): every tab opened and every chart scrolled
// to is painted (a canvas with drawn pixels, or a table / big number as DOM), with no chart error. Then, warm (their
// data now cached), a reload draws every chart of every tab from the data the page carried: no chart-data request.

/** A chart box is painted: a table or big number with content, or a canvas with drawn pixels. */
async function painted(box: Locator): Promise<boolean> {
  return box.evaluate((el) => {
    if (el.querySelector('[data-testid="table-chart"] tbody tr, [data-testid="pivot-table-chart"] tbody tr, [data-testid="big-number-headline"]')) return true;
    const canvas = el.querySelector("canvas");
    if (!canvas || !canvas.width) return false;
    const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
    return n > 500;
  });
}

/** Opens every tab, scrolls to every chart of it and waits for each to be painted; answers the titles seen. */
async function walkDashboard(page: Page): Promise<string[]> {
  const titles: string[] = [];
  const tabs = page.getByTestId("dashboard-tab");
  const n = await tabs.count();
  expect(n).toBeGreaterThan(1);
  for (let t = 0; t < n; t++) {
    await tabs.nth(t).click();
    await expect(tabs.nth(t)).toHaveAttribute("aria-selected", "true");
    const boxes = page.getByTestId("dashboard-chart");
    await expect(boxes.first()).toBeVisible();
    for (let i = 0; i < (await boxes.count()); i++) {
      const box = boxes.nth(i);
      await box.scrollIntoViewIfNeeded();
      const title = (await box.getByTestId("dashboard-chart-title").textContent()) ?? "";
      await expect(box.getByTestId("dashboard-chart-error"), title).toHaveCount(0);
      await expect.poll(() => painted(box), { message: `${title} painted`, timeout: 30_000 }).toBe(true);
      titles.push(title);
    }
  }
  return titles;
}

for (const d of EXAMPLE_DASHBOARDS) {
  test(`example dashboard ${d.title}: every chart of every tab painted; warm, with no chart-data request`, async ({ page }) => {
    test.setTimeout(240_000);
    await login(page, admin().username, admin().password);
    await page.goto(`/superset/dashboard/${d.slug}/`);
    await expect(page.getByTestId("dashboard-title")).toHaveText(d.title);
    await expect(page.getByTestId("dashboard-markdown").first()).toBeVisible();
    const titles = await walkDashboard(page);
    expect(titles.sort()).toEqual(d.charts.map((c) => c.name).sort());
    await page.screenshot({ path: `test-results/example-dashboard-${d.slug}.png`, fullPage: true });

    // warm: the page carries every chart's cached data, so the browser asks for none
    const chartData: string[] = [];
    page.on("request", (r) => r.url().includes("/api/v1/chart/data") && chartData.push(r.url()));
    await page.goto(`/superset/dashboard/${d.slug}/`);
    expect((await walkDashboard(page)).length).toBe(d.charts.length);
    expect(chartData).toEqual([]);
  });
}
