import { expect, test } from "@playwright/test";
import { admin, login } from "./helpers";
import { birthNamesCharts } from "./api-helpers";

// Card views show thumbnails (issue 31, Superset's card view): each chart card loads its thumbnail_url lazily; a chart
// the server cannot draw (a type it does not know) gets a plain "No preview" box instead of a broken image.

test("chart cards show the chart's thumbnail, or a plain box when it cannot be drawn", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const run = `thumbs_${Date.now().toString(36)}`;
  const { chart } = await birthNamesCharts(page, run);
  const pie = await chart("Pie", "pie", { groupby: ["gender"], metric: "count" });
  const odd = await chart("Odd", "no_such_viz", {});

  await page.goto(`/chart/list/?search=${run}&sort=slice_name&order=asc&view=card`);
  const cards = page.getByTestId("chart-card");
  await expect(cards).toHaveCount(2);
  const image = cards.filter({ hasText: `Pie ${run}` }).getByTestId("card-thumbnail");
  await expect(image).toHaveAttribute("src", new RegExp(`^/api/v1/chart/${pie}/thumbnail/[0-9a-f]{32}/$`));
  await expect(image).toHaveAttribute("loading", "lazy");
  // drawn by the render Worker on first request: a real PNG arrives
  await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  const odds = cards.filter({ hasText: `Odd ${run}` });
  await expect(odds.getByTestId("card-thumbnail-fallback")).toHaveText("No preview", { timeout: 20_000 });
  expect(odd).toBeGreaterThan(0);
});
