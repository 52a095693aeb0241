import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { birthNamesId, openWithFormData } from "./explore-helpers";
import { admin, drawnPixels, login } from "./helpers";

// Explore's "Download as image" and "Embed code" (issue 10): the chart drawn to a PNG file; the embed code is an
// iframe of a permalink opened standalone, which shows the chart alone (no navigation, no controls) at its size.

const pie = { viz_type: "pie", metric: "count", groupby: ["gender"], adhoc_filters: [], row_limit: 100 };

test("explore: download the chart as an image; its embed code opens the chart alone", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openWithFormData(page, await birthNamesId(page), pie);
  await page.getByTestId("run-query").click();
  await expect.poll(() => drawnPixels(page)).toBeGreaterThan(2000);

  await page.getByTestId("download-menu").click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-image").click()]);
  expect(download.suggestedFilename()).toMatch(/\.png$/);
  const png = await readFile((await download.path())!);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.length).toBeGreaterThan(2000);

  await page.getByTestId("share-menu").click();
  await page.getByTestId("embed-code-item").click();
  const code = page.getByTestId("embed-code");
  await expect(code).toHaveValue(/<iframe\n {2}width="600"\n {2}height="400"/);
  await page.getByRole("textbox", { name: "Chart height" }).fill("300");
  await expect(code).toHaveValue(/height="300"[\s\S]*standalone=1&height=300/);
  const src = /src="([^"]+)"/.exec(await code.inputValue())![1];
  expect(src).toMatch(/\/explore\/p\/[A-Za-z0-9_-]+\/\?standalone=1&height=300$/);

  // the frame's address: the chart alone, drawn, without the app's navigation or Explore's panes
  await page.goto(src);
  await expect(page.getByTestId("explore-standalone")).toBeVisible();
  await expect.poll(() => drawnPixels(page)).toBeGreaterThan(2000);
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
  await expect(page.getByTestId("control-panel")).toHaveCount(0);
  await expect(page).toHaveURL(/standalone=1/);
});
