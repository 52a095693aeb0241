import type { Page } from "@playwright/test";
import { CHART_TYPES } from "../../core/charts/registry";
import { api, openWithFormData } from "./explore-helpers";
import { expect, test } from "./shared-page";

// Every registered chart type built in Explore from its example's form data (as SQL Lab's "Save dataset" opens
// Explore on stored form data), saved as a new chart, reopened by slice_id, renamed and overwritten, and reopened
// again: the saved chart keeps its type and its new name and still answers with rows. The tests share one signed-in
// page (./shared-page.ts).

async function datasetId(page: Page, tableName: string): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${tableName})))`);
  return (await api<{ result: { id: number }[] }>(page, `/api/v1/dataset/?q=${q}`)).result[0].id;
}

async function expectAnswered(page: Page) {
  await expect(page.getByTestId("row-count")).toHaveText(/[1-9][\d,]* rows?/);
  await expect(page.getByTestId("chart-error")).toHaveCount(0);
}

async function saveChart(page: Page, name: string, mode: "saveas" | "overwrite") {
  // a click before hydration opens nothing: retry until the dialog shows
  await expect(async () => {
    await page.getByTestId("save-chart").click();
    await expect(page.getByTestId("save-confirm")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  if (mode === "saveas") await expect(page.getByTestId("save-overwrite")).toBeDisabled();
  else await expect(page.getByTestId("save-overwrite")).toBeChecked();
  await page.getByTestId("chart-name-input").fill(name);
  await page.getByTestId("save-confirm").click();
  await expect(page.getByTestId("save-confirm")).toHaveCount(0);
  await expect(page.getByTestId("chart-title")).toHaveText(name);
}

for (const [vizType, type] of Object.entries(CHART_TYPES)) {
  test(`${vizType}: built from form data, saved, reopened, overwritten`, async ({ adminPage: page }) => {
    const example = type.example;
    expect(example, `${vizType} has an example`).toBeDefined();
    const id = await datasetId(page, example!.dataset);
    await openWithFormData(page, id, { ...example!.params, viz_type: vizType });
    // a chart opened on form data is drawn once the user asks ("Create chart"); retried until hydrated. Each try
    // waits 10 s for the answer: on a loaded machine a query takes more than 2 s, and a click that lands while it
    // runs starts it again, so short tries never see an answer
    await expect(async () => {
      await page.getByTestId("run-query").click();
      await expect(page.getByTestId("row-count")).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 40_000 });
    await expectAnswered(page);

    const stamp = Date.now().toString(36);
    await saveChart(page, `Saved ${vizType} ${stamp}`, "saveas");
    await expect(page).toHaveURL(/slice_id=\d+/);
    const sliceId = Number(new URL(page.url()).searchParams.get("slice_id"));

    await page.goto(`/explore/?slice_id=${sliceId}`);
    await expect(page.getByTestId("chart-title")).toHaveText(`Saved ${vizType} ${stamp}`);
    await expectAnswered(page);

    await saveChart(page, `Renamed ${vizType} ${stamp}`, "overwrite");
    const saved = await api<{ result: { viz_type: string; slice_name: string; params: string } }>(page, `/api/v1/chart/${sliceId}`);
    expect(saved.result).toMatchObject({ viz_type: vizType, slice_name: `Renamed ${vizType} ${stamp}` });
    expect(JSON.parse(saved.result.params)).toMatchObject({ viz_type: vizType });

    await page.goto(`/explore/?slice_id=${sliceId}`);
    await expect(page.getByTestId("chart-title")).toHaveText(`Renamed ${vizType} ${stamp}`);
    await expectAnswered(page);
  });
}
