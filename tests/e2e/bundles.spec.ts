import { expect, test, type Page } from "@playwright/test";
import { admin, login } from "./helpers";

// Importing a Superset bundle from the Dashboards list: a dashboard with a chart is made and exported through the
// API, deleted, then imported back through the Import modal; importing it a second time asks for OVERWRITE first.
// The row's Export action downloads Superset's ZIP.

const run = Date.now().toString(36);

async function csrfToken(page: Page): Promise<string> {
  return page.evaluate(async () => ((await (await fetch("/api/v1/security/csrf_token/")).json()) as { result: string }).result);
}

async function send(page: Page, method: "post" | "delete", path: string, data?: unknown) {
  const res = await page.request[method](path, { data, headers: { "X-CSRFToken": await csrfToken(page) } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as { id: number };
}

async function importThroughModal(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  // a click before hydration opens nothing: click until the modal shows
  const dialog = page.getByRole("dialog", { name: "Import dashboard" });
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByTestId("bundle-import").click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByTestId("bundle-import-submit").click();
  return dialog;
}

test("a dashboard bundle imports from the Dashboards list, and again only after OVERWRITE", async ({ page }) => {
  const { username, password } = admin();
  await login(page, username, password);
  const datasets = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`);
  const datasetId = ((await datasets.json()) as { result: { id: number }[] }).result[0].id;
  const title = `Imported ${run}`;
  const chart = await send(page, "post", "/api/v1/chart/", {
    slice_name: `Bundle chart ${run}`, viz_type: "big_number_total", datasource_id: datasetId, datasource_type: "table",
    params: JSON.stringify({ viz_type: "big_number_total", metric: "count" }),
  });
  const position = {
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"], parents: ["ROOT_ID"] },
    "ROW-1": { type: "ROW", id: "ROW-1", children: ["CHART-1"], parents: ["ROOT_ID", "GRID_ID"], meta: { background: "BACKGROUND_TRANSPARENT" } },
    "CHART-1": { type: "CHART", id: "CHART-1", children: [], parents: ["ROOT_ID", "GRID_ID", "ROW-1"], meta: { chartId: chart.id, width: 6, height: 50 } },
  };
  const dash = await send(page, "post", "/api/v1/dashboard/", { dashboard_title: title, published: true, position_json: JSON.stringify(position) });
  const exported = await page.request.get(`/api/v1/dashboard/export/?q=${encodeURIComponent(`!(${dash.id})`)}`);
  expect(exported.status()).toBe(200);
  const bundle = { name: "dashboard_export.zip", mimeType: "application/zip", buffer: await exported.body() };
  await send(page, "delete", `/api/v1/dashboard/${dash.id}`);

  await page.goto("/dashboard/list/");
  const dialog = await importThroughModal(page, bundle);
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Dashboard imported")).toBeVisible();
  await page.goto(`/dashboard/list/?search=${encodeURIComponent(title)}`);
  const row = page.getByTestId("dashboard-row").filter({ hasText: title });
  await expect(row).toHaveCount(1);

  const again = await importThroughModal(page, bundle);
  await expect(again.getByTestId("bundle-import-overwrite")).toContainText("already exist");
  await expect(again.getByTestId("bundle-import-submit")).toBeDisabled();
  await again.getByTestId("bundle-import-confirm").fill("OVERWRITE");
  await again.getByTestId("bundle-import-submit").click();
  await expect(again).toBeHidden();
  await expect(page.getByTestId("dashboard-row").filter({ hasText: title })).toHaveCount(1);

  // the imported dashboard draws its chart from the imported layout
  await row.getByRole("link", { name: title }).click();
  await expect(page.locator('[data-testid="dashboard-chart"]')).toHaveCount(1);

  await page.goto(`/dashboard/list/?search=${encodeURIComponent(title)}`);
  const download = page.waitForEvent("download");
  await page.getByTestId("dashboard-row").filter({ hasText: title }).getByTestId("bundle-export").click();
  expect((await download).suggestedFilename()).toMatch(/^dashboard_export_\d{8}T\d{6}\.zip$/);
});
