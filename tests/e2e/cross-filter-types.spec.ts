import { expect, test, type Locator, type Page } from "@playwright/test";
import { birthsDashboard, flowDashboard } from "./filter-dashboard";
import { chartBox as box, drawn } from "./dashboard-locators";

// Cross-filters from seven chart types on one dashboard: a table row, a pivot table's row header, a bar, a funnel
// step, a treemap rectangle, a heatmap cell and a pie slice each filter the big number (never the clicked chart),
// show in the bar's Cross-filters section, and go when removed there.

const MIDDLE = [[0.5, 0.55], [0.45, 0.6], [0.55, 0.45], [0.3, 0.5], [0.7, 0.5]];
// a gauge's ring runs over the top of its box; a circular graph's nodes sit on a ring round the middle, the
// first at 3 o'clock: the points sweep rightwards from the middle
const RING = [[0.5, 0.03], [0.5, 0.06], [0.5, 0.09], [0.5, 0.12], [0.33, 0.5], [0.31, 0.5], [0.67, 0.5], [0.69, 0.5]];
const SWEEP = Array.from({ length: 45 }, (_, i) => [0.52 + i * 0.01, 0.5]);

/** Clicks the chart's canvas at the given points (fractions of its size) in turn until a cross-filter appears. */
async function clickCanvas(page: Page, b: Locator, spots = MIDDLE) {
  const canvas = b.locator("canvas").first();
  let i = 0;
  await expect(async () => {
    const size = (await canvas.boundingBox())!;
    const [x, y] = spots[i++ % spots.length];
    await canvas.click({ position: { x: size.width * x, y: size.height * y } });
    await expect(page.getByTestId("cross-filter-item")).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
}

test("table, pivot table, bar, funnel, treemap, heatmap and pie each cross-filter the big number, and the filter can be removed", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1600, height: 1400 });
  const d = await birthsDashboard(page);
  await page.goto(`/superset/dashboard/${d.slug}/`);
  const total = box(page, d.total);
  const before = await drawn(total);
  const cases: { id: number; value: RegExp; click: (b: Locator) => Promise<void>; tab?: string }[] = [
    { id: d.table, value: /^state = \w+$/, click: (b) => b.locator("tbody tr").first().click() },
    { id: d.pivot, value: /^gender = (boy|girl)$/, click: (b) => b.locator("tbody th").filter({ hasText: /^(boy|girl)$/ }).first().click() },
    { id: d.bar, value: /^gender = (boy|girl)$/, click: (b) => clickCanvas(page, b) },
    { id: d.funnel, value: /^state = \w+$/, click: (b) => clickCanvas(page, b) },
    { id: d.treemap, value: /^gender = (boy|girl)$/, click: (b) => clickCanvas(page, b) },
    { id: d.heatmap, value: /gender = (boy|girl)|state = \w+/, click: (b) => clickCanvas(page, b) },
    { id: d.pie, value: /^gender = (boy|girl)$/, click: (b) => clickCanvas(page, b), tab: "Split" },
  ];
  for (const c of cases) {
    if (c.tab) await page.getByTestId("dashboard-tab").filter({ hasText: c.tab }).click();
    const b = box(page, c.id);
    await b.scrollIntoViewIfNeeded();
    await drawn(b);
    await c.click(b);
    await expect(page.getByTestId("cross-filter-value"), `chart ${c.id}`).toHaveText(c.value);
    await expect(b).toHaveAttribute("data-filters-applied", "0");
    if (!c.tab) {
      await expect(total).toHaveAttribute("data-filters-applied", "1");
      await expect.poll(() => drawn(total)).not.toBe(before);
    }
    await page.getByTestId("cross-filter-remove").click();
    await expect(page.getByTestId("cross-filter-item")).toHaveCount(0);
    if (!c.tab) await expect.poll(() => drawn(total)).toBe(before);
  }
});

test("a gauge ring, a mixed chart's series, a sankey link and a graph node cross-filter the big number too", async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  const d = await flowDashboard(page);
  await page.goto(`/superset/dashboard/${d.slug}/`);
  const total = box(page, d.total);
  const before = await drawn(total);
  const cases: [number, RegExp][] = [
    [d.gauge, /^gender = (boy|girl)$/],
    [d.mixed, /^gender = (boy|girl)$/],
    [d.sankey, /^gender = (boy|girl), state = \w+$/],
    [d.graph, /^(gender = (boy|girl)|state = \w+)$/],
  ];
  for (const [id, value] of cases) {
    const b = box(page, id);
    await b.scrollIntoViewIfNeeded();
    await drawn(b);
    await clickCanvas(page, b, id === d.gauge ? RING : id === d.graph ? SWEEP : MIDDLE);
    await expect(page.getByTestId("cross-filter-value"), `chart ${id}`).toHaveText(value);
    await expect(b).toHaveAttribute("data-filters-applied", "0");
    await expect(total).toHaveAttribute("data-filters-applied", "1");
    await page.getByTestId("cross-filter-remove").click();
    await expect(page.getByTestId("cross-filter-item")).toHaveCount(0);
    await expect.poll(() => drawn(total)).toBe(before);
  }
});
