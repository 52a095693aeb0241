import type { Page, TestInfo } from "@playwright/test";
import { CHART_TYPES } from "../../core/charts/registry";
import { CHART_EXAMPLES } from "../../core/charts/examples";
import { api } from "./explore-helpers";
import { colouredPixels, drawnPixels } from "./helpers";
import { expect, test } from "./shared-page";

// One journey per registered chart type, on one shared signed-in page (./shared-page.ts):
// 1. the type's example chart, created at first start, opens in Explore by slice_id, runs its query and draws
//    (canvas charts with coloured marks, tables and big numbers as DOM); a screenshot per type is kept;
// 2. from that page it is saved as a new chart, renamed and overwritten, and the new chart reopened by slice_id: it
//    keeps its type and its new name and still answers with rows.
// The two halves were two loops over every type, the second opening each type's form data as stored form data first
// (4 page loads a type, now 2). Opening Explore on stored form data does not depend on the type: explore.spec.ts
// covers it (SQL Lab's form_data_key).

interface ChartRow { id: number; slice_name: string; viz_type: string }

async function exampleCharts(page: Page): Promise<Map<string, ChartRow>> {
  // every page: other journeys save charts of their own, so the examples need not be on the first page
  const rows: ChartRow[] = [];
  for (let pageNo = 0; ; pageNo++) {
    const q = encodeURIComponent(`(page:${pageNo},page_size:100,columns:!(id,slice_name,viz_type))`);
    const list = await api<{ result: ChartRow[]; count: number }>(page, `/api/v1/chart/?q=${q}`);
    rows.push(...list.result);
    if (list.result.length === 0 || rows.length >= list.count) break;
  }
  const found = new Map<string, ChartRow>();
  for (const vizType of Object.keys(CHART_TYPES)) {
    const chart = rows.find((c) => c.viz_type === vizType && c.slice_name === CHART_EXAMPLES[vizType]?.name);
    if (chart) found.set(vizType, chart);
  }
  return found;
}

let listed: Promise<Map<string, ChartRow>> | undefined;

const DOM_CHARTS: Record<string, string> = { table: "table-chart", pivot_table_v2: "pivot-table-chart", big_number_total: "big-number-chart", pop_kpi: "big-number-chart", time_table: "table-chart", handlebars: "handlebars-chart", paired_ttest: "table-chart" };

async function expectAnswered(page: Page) {
  await expect(page.getByTestId("row-count")).toHaveText(/[1-9][\d,]* rows?/);
  await expect(page.getByTestId("chart-error")).toHaveCount(0);
}

async function expectDrawn(page: Page, vizType: string, testInfo: TestInfo) {
  await expect(page.getByTestId("chart-empty")).toHaveCount(0);
  const dom = DOM_CHARTS[vizType];
  if (dom) {
    await expect(page.getByTestId(dom)).toBeVisible();
    if (dom === "big-number-chart") await expect(page.getByTestId("big-number-headline")).toHaveText(/\d/);
    else if (dom === "handlebars-chart") {
      // the template's list, with the chart's CSS applied inside its box (scoped)
      await expect(page.getByTestId(dom).locator("li").first()).toContainText(/births/);
      await expect(page.getByTestId(dom).locator(".girl").first()).toHaveCSS("color", "rgb(160, 53, 123)");
    } else expect(await page.getByTestId(dom).locator("tbody tr").count()).toBeGreaterThan(0);
  } else {
    if (vizType === "big_number") await expect(page.getByTestId("big-number-headline")).toHaveText(/\d/);
    await expect.poll(() => drawnPixels(page), { message: `${vizType} drew` }).toBeGreaterThan(2000);
    await expect.poll(() => colouredPixels(page), { message: `${vizType} drew coloured marks` }).toBeGreaterThan(500);
  }
  const path = testInfo.outputPath(`${vizType}.png`);
  await page.screenshot({ path });
  await testInfo.attach(vizType, { path, contentType: "image/png" });
}

/** A handlebars template's HTML loses its scripts and event handlers; an unknown helper is the chart's error. */
async function expectTemplateSanitised(page: Page) {
  const chart = page.getByTestId("handlebars-chart");
  const template = page.getByLabel("Template", { exact: true });
  await template.fill(`<img src="x" onerror="window.__hbs = 1"><script>window.__hbs = 2</script><b class="safe">{{data.length}} rows</b>`);
  await expect(chart.locator(".safe")).toHaveText("10 rows");
  await expect(chart.locator("script, [onerror]")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __hbs?: number }).__hbs)).toBeUndefined();
  await template.fill("{{shout name}}");
  await expect(page.getByTestId("chart-error")).toHaveText("Unknown helper: shout");
}

async function saveChart(page: Page, name: string, mode: "saveas" | "overwrite") {
  // a click before hydration opens nothing: retry until the dialog shows
  await expect(async () => {
    await page.getByTestId("save-chart").click();
    await expect(page.getByTestId("save-confirm")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // on an existing chart the dialog offers to overwrite it; "Save as..." makes a new one
  if (mode === "saveas") await page.getByTestId("save-as-new").check();
  else await expect(page.getByTestId("save-overwrite")).toBeChecked();
  await page.getByTestId("chart-name-input").fill(name);
  await page.getByTestId("save-confirm").click();
  await expect(page.getByTestId("save-confirm")).toHaveCount(0);
  await expect(page.getByTestId("chart-title")).toHaveText(name);
}

for (const vizType of Object.keys(CHART_TYPES)) {
  test(`${vizType}: the example chart draws, is saved as a new chart, overwritten and reopened`, async ({ adminPage: page }, testInfo) => {
    listed ??= exampleCharts(page);
    const example = (await listed).get(vizType);
    expect(example, `the example chart of ${vizType} exists`).toBeDefined();
    await page.goto(`/explore/?slice_id=${example!.id}`);
    await expect(page.getByTestId("chart-title")).toHaveText(CHART_EXAMPLES[vizType].name);
    await expectAnswered(page);
    await expectDrawn(page, vizType, testInfo);

    const stamp = Date.now().toString(36);
    await saveChart(page, `Saved ${vizType} ${stamp}`, "saveas");
    await expect(page).toHaveURL(/slice_id=\d+/);
    const sliceId = Number(new URL(page.url()).searchParams.get("slice_id"));
    expect(sliceId).not.toBe(example!.id);

    await saveChart(page, `Renamed ${vizType} ${stamp}`, "overwrite");
    const saved = await api<{ result: { viz_type: string; slice_name: string; params: string } }>(page, `/api/v1/chart/${sliceId}`);
    expect(saved.result).toMatchObject({ viz_type: vizType, slice_name: `Renamed ${vizType} ${stamp}` });
    expect(JSON.parse(saved.result.params)).toMatchObject({ viz_type: vizType });

    await page.goto(`/explore/?slice_id=${sliceId}`);
    await expect(page.getByTestId("chart-title")).toHaveText(`Renamed ${vizType} ${stamp}`);
    await expectAnswered(page);
    if (vizType === "handlebars") await expectTemplateSanitised(page);
  });
}
