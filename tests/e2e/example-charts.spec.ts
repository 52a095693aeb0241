import type { Page } from "@playwright/test";
import { CHART_TYPES } from "../../core/charts/registry";
import { colouredPixels, drawnPixels } from "./helpers";
import { expect, test } from "./shared-page";

// The example chart of every registered chart type, created at first start: opened in Explore by its slice_id it
// runs its query and draws, canvas charts with coloured marks, tables and big numbers as DOM. A screenshot
// per type is kept with the test's results. The tests share one signed-in page (./shared-page.ts) and one reading
// of the chart list: nothing else runs between them.

interface ChartRow { id: number; slice_name: string; viz_type: string }

async function exampleChartIds(page: Page): Promise<Map<string, number>> {
  // every page: other journeys save charts of their own, so the examples need not be on the first page
  const rows: ChartRow[] = [];
  for (let pageNo = 0; ; pageNo++) {
    const q = encodeURIComponent(`(page:${pageNo},page_size:100,columns:!(id,slice_name,viz_type))`);
    const list = await page.evaluate(async (path) => (await (await fetch(path)).json()) as { result: ChartRow[]; count: number }, `/api/v1/chart/?q=${q}`);
    rows.push(...list.result);
    if (list.result.length === 0 || rows.length >= list.count) break;
  }
  const ids = new Map<string, number>();
  for (const [vizType, type] of Object.entries(CHART_TYPES)) {
    const chart = rows.find((c) => c.viz_type === vizType && c.slice_name === type.example?.name);
    if (chart) ids.set(vizType, chart.id);
  }
  return ids;
}

let listed: Promise<Map<string, number>> | undefined;

const DOM_CHARTS: Record<string, string> = { table: "table-chart", pivot_table_v2: "pivot-table-chart", big_number_total: "big-number-chart" };

for (const vizType of Object.keys(CHART_TYPES)) {
  test(`example chart of ${vizType} opens in Explore and draws`, async ({ adminPage: page }, testInfo) => {
    listed ??= exampleChartIds(page);
    const id = (await listed).get(vizType);
    expect(id, `the example chart of ${vizType} exists`).toBeDefined();
    await page.goto(`/explore/?slice_id=${id}`);
    await expect(page.getByTestId("chart-title")).toHaveText(CHART_TYPES[vizType].example!.name);
    await expect(page.getByTestId("row-count")).toHaveText(/[1-9][\d,]* rows?/);
    await expect(page.getByTestId("chart-error")).toHaveCount(0);
    await expect(page.getByTestId("chart-empty")).toHaveCount(0);
    const dom = DOM_CHARTS[vizType];
    if (dom) {
      await expect(page.getByTestId(dom)).toBeVisible();
      if (dom === "big-number-chart") await expect(page.getByTestId("big-number-headline")).toHaveText(/\d/);
      else expect(await page.getByTestId(dom).locator("tbody tr").count()).toBeGreaterThan(0);
    } else {
      if (vizType === "big_number") await expect(page.getByTestId("big-number-headline")).toHaveText(/\d/);
      await expect.poll(() => drawnPixels(page), { message: `${vizType} drew` }).toBeGreaterThan(2000);
      await expect.poll(() => colouredPixels(page), { message: `${vizType} drew coloured marks` }).toBeGreaterThan(500);
    }
    const path = testInfo.outputPath(`${vizType}.png`);
    await page.screenshot({ path });
    await testInfo.attach(vizType, { path, contentType: "image/png" });
  });
}
