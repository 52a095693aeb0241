import { expect, test, type Page } from "@playwright/test";
import { chord } from "../../core/charts/types/chord";
import { graphChart } from "../../core/charts/types/graph_chart";
import { treeChart } from "../../core/charts/types/tree_chart";
import { worldMap } from "../../core/charts/types/world_map";
import { admin, login } from "./helpers";

// Graph, tree, chord and world map each draw in Explore from their own example chart's form data on the
// product's example datasets: the chart-data query runs, the plugin loads, and the canvas gets painted.

const CASES = [["graph_chart", graphChart], ["tree_chart", treeChart], ["chord", chord], ["world_map", worldMap]] as const;

async function datasetId(page: Page, tableName: string): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${tableName})))`);
  return page.evaluate(async (p) => ((await (await fetch(p)).json()) as { result: { id: number }[] }).result[0].id, `/api/v1/dataset/?q=${q}`);
}

/** Opens Explore on a stored form data, as SQL Lab and explore.spec.ts do. */
async function openWithFormData(page: Page, id: number, formData: Record<string, unknown>) {
  const key = await page.evaluate(async ({ id, formData }) => {
    const csrf = ((await (await fetch("/api/v1/security/csrf_token/")).json()) as { result: string }).result;
    const res = await fetch("/api/v1/explore/form_data", {
      method: "POST", headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify({ datasource_id: id, datasource_type: "table", form_data: JSON.stringify({ ...formData, datasource: `${id}__table` }) }),
    });
    return ((await res.json()) as { key: string }).key;
  }, { id, formData });
  await page.goto(`/explore/?form_data_key=${key}`);
}

/** Pixels of the chart's canvas that are painted (not transparent), and how many distinct colours they use. */
async function painted(page: Page): Promise<{ pixels: number; colors: number }> {
  const canvas = page.getByTestId("chartjs-chart").locator("canvas");
  await expect(canvas).toBeVisible();
  return canvas.evaluate((el: HTMLCanvasElement) => {
    const { data } = el.getContext("2d")!.getImageData(0, 0, el.width, el.height);
    let pixels = 0;
    const colors = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] === 0) continue;
      pixels++;
      colors.add(((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4));
    }
    return { pixels, colors: colors.size };
  });
}

for (const [vizType, type] of CASES) {
  test(`chart types: ${vizType} draws its example chart (${type.example!.dataset}) in Explore`, async ({ page }) => {
    await login(page, admin().username, admin().password);
    const id = await datasetId(page, type.example!.dataset);
    await openWithFormData(page, id, { viz_type: vizType, ...type.example!.params });
    await expect(page.getByTestId("control-errors")).toHaveCount(0);
    await page.getByTestId("run-query").click();
    await expect(page.getByTestId("row-count")).toHaveText(/\d+ rows?/);
    await expect(page.getByTestId("chart-error")).toHaveCount(0);
    // a force layout settles over a few frames; the others draw at once
    await expect.poll(async () => (await painted(page)).pixels, { message: vizType, timeout: 15_000 }).toBeGreaterThan(3000);
    expect((await painted(page)).colors, `${vizType} uses several colours`).toBeGreaterThan(3);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `test-results/chart-types-more-${vizType}.png` });
    await test.info().attach(`${vizType}.png`, { body: await page.getByTestId("chartjs-chart").screenshot(), contentType: "image/png" });
  });
}
