import { expect, test, type APIRequestContext } from "@playwright/test";
import { admin, login } from "./helpers";

// Deleting a dataset from the list: the confirmation names the charts that use it, and typing DELETE deletes it.

async function bearer(request: APIRequestContext) {
  const { username, password } = admin();
  const res = await request.post("/api/v1/security/login", { data: { username, password, provider: "db" } });
  return { Authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
}

test("the delete confirmation names the dataset's charts and deletes on DELETE", async ({ page, request }) => {
  const headers = await bearer(request);
  const list = await request.get(`/api/v1/database/`, { headers });
  const examples = ((await list.json()) as { result: { id: number; database_name: string }[] }).result.find((d) => d.database_name === "examples")!;
  const name = `to_delete_${Date.now().toString(36)}`;
  const ds = await request.post("/api/v1/dataset/", { headers, data: { database: examples.id, table_name: name, sql: "SELECT 1 AS n", schema: "main" } });
  expect(ds.status()).toBe(201);
  const datasetId = ((await ds.json()) as { id: number }).id;
  const chartName = `Chart of ${name}`;
  const chart = await request.post("/api/v1/chart/", { headers, data: { slice_name: chartName, viz_type: "table", datasource_id: datasetId, datasource_type: "table", params: "{}" } });
  expect(chart.status()).toBe(201);

  await login(page, admin().username, admin().password);
  await page.goto(`/tablemodelview/list/?search=${name}`);
  await expect(async () => {
    await page.getByTestId(`delete-dataset-${name}`).click();
    await expect(page.getByRole("dialog", { name: "Delete dataset?" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const dialog = page.getByRole("dialog", { name: "Delete dataset?" });
  await expect(dialog.getByTestId("related-charts")).toContainText(chartName);
  await expect(dialog).toContainText("is used by 1 chart");
  await expect(dialog.getByTestId("confirm-delete")).toBeDisabled();
  await dialog.getByTestId("delete-confirm-text").fill("DELETE");
  await dialog.getByTestId("confirm-delete").click();
  await expect(page.getByTestId("toast").filter({ hasText: `Dataset ${name} was deleted` })).toBeVisible();
  await expect(page.getByTestId(`dataset-row-${name}`)).toHaveCount(0);
  expect((await request.get(`/api/v1/dataset/${datasetId}`, { headers })).status()).toBe(404);
});
