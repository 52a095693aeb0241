import { expect, test, type Page } from "@playwright/test";
import { EXAMPLE_DASHBOARDS } from "../../core/dashboards/examples/index";
import { admin, login } from "./helpers";
import { painted, walkDashboard } from "./dashboard-walk";

// The example dashboards made at first start (Births, Sales, Flights): every tab opened and every chart scrolled
// to is painted (a canvas with drawn pixels, or a table / big number as DOM), with no chart error. Then, warm (their
// data now cached), a reload draws every chart of every tab from the data the page carried: no chart-data request.

/** Opens every tab, scrolls to every chart of it and waits for each to be painted; answers the titles seen. */
async function paintedTitles(page: Page): Promise<string[]> {
  await expect.poll(() => page.getByTestId("dashboard-tab").count()).toBeGreaterThan(1);
  const seen = await walkDashboard(page, async (box, title) => {
    await expect(box.getByTestId("dashboard-chart-error"), title).toHaveCount(0);
    await expect.poll(() => painted(box, 500), { message: `${title} painted`, timeout: 30_000 }).toBe(true);
    return title;
  });
  return [...seen.values()];
}

for (const d of EXAMPLE_DASHBOARDS) {
  test(`example dashboard ${d.title}: every chart of every tab painted; warm, with no chart-data request`, async ({ page }) => {
    test.setTimeout(240_000);
    await login(page, admin().username, admin().password);
    await page.goto(`/superset/dashboard/${d.slug}/`);
    await expect(page.getByTestId("dashboard-title")).toHaveText(d.title);
    await expect(page.getByTestId("dashboard-markdown").first()).toBeVisible();
    const titles = await paintedTitles(page);
    expect(titles.sort()).toEqual(d.charts.map((c) => c.name).sort());
    await page.screenshot({ path: `test-results/example-dashboard-${d.slug}.png`, fullPage: true });

    // warm: the page carries every chart's cached data, so the browser asks for none
    const chartData: string[] = [];
    page.on("request", (r) => r.url().includes("/api/v1/chart/data") && chartData.push(r.url()));
    await page.goto(`/superset/dashboard/${d.slug}/`);
    expect((await paintedTitles(page)).length).toBe(d.charts.length);
    expect(chartData).toEqual([]);
  });
}
