import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { admin, login } from "./helpers";

// The Charts list as a user meets it: charts made through the API, then search, filters and sorting kept in
// the address (reload and back restore them), a favourite star, edit properties (a refused save loses
// nothing), delete with Superset's DELETE confirmation, the card view, bulk delete and the empty state.

async function bearer(request: APIRequestContext) {
  const { username, password } = admin();
  const res = await request.post("/api/v1/security/login", { data: { username, password, provider: "db" } });
  return { Authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
}

async function datasetId(request: APIRequestContext, headers: Record<string, string>, table: string): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${table})))`);
  const res = await request.get(`/api/v1/dataset/?q=${q}`, { headers });
  return ((await res.json()) as { result: { id: number }[] }).result[0].id;
}

const rowNames = (page: Page) => page.getByTestId("chart-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-chart-name")));

async function pick(page: Page, testId: string, option: string, typed?: string) {
  const input = page.getByTestId(testId);
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("chart list: filter, sort, favourite, edit properties, delete, card view and bulk delete", async ({ page, request }) => {
  const headers = await bearer(request);
  const tag = `cl${Date.now().toString(36)}`;
  const births = await datasetId(request, headers, "birth_names");
  const flights = await datasetId(request, headers, "flights");
  const make = async (slice_name: string, viz_type: string, datasource_id: number) => {
    const res = await request.post("/api/v1/chart/", { headers, data: { slice_name, viz_type, datasource_id, datasource_type: "table", params: JSON.stringify({ viz_type }) } });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const alpha = await make(`${tag} Alpha`, "pie", births);
  const beta = await make(`${tag} Beta`, "table", flights);
  const gamma = await make(`${tag} Gamma`, "big_number_total", births);

  await login(page, admin().username, admin().password);
  await page.goto(`/chart/list/?search=${tag}`);
  await expect(page.getByTestId("chart-count")).toHaveText("3 charts");

  // a type filter goes into the address; reload keeps it, back drops it
  await expect(async () => {
    await pick(page, "chart-filter-viz-type", "Pie Chart");
    await expect(page).toHaveURL(/viz_type=pie/, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("chart-count")).toHaveText("1 chart");
  await expect.poll(() => rowNames(page)).toEqual([`${tag} Alpha`]);
  await page.reload();
  await expect(page.getByTestId("chart-filter-viz-type")).toHaveValue("Pie Chart");
  await expect.poll(() => rowNames(page)).toEqual([`${tag} Alpha`]);
  await page.goBack();
  await expect(page.getByTestId("chart-count")).toHaveText("3 charts");

  // the dataset filter searches datasets as the user types
  await pick(page, "chart-filter-dataset", "main.flights", "flig");
  await expect(page).toHaveURL(new RegExp(`dataset=${flights}`));
  await expect(page.getByTestId("chart-count")).toHaveText("1 chart");
  await expect.poll(() => rowNames(page)).toEqual([`${tag} Beta`]);
  await page.getByTestId("clear-all-filters").click();
  // typing before the cleared field shows would type over the old search (as a user would see it)
  await expect(page.getByTestId("chart-search")).toHaveValue("");
  await page.getByTestId("chart-search").fill(tag);
  await page.getByTestId("chart-search").press("Enter");
  await expect(page.getByTestId("chart-count")).toHaveText("3 charts");

  // sortable headers: name ascending, then descending, in the address
  await page.getByTestId("sort-slice_name").click();
  await expect(page).toHaveURL(/sort=slice_name&order=asc/);
  await expect.poll(() => rowNames(page)).toEqual([`${tag} Alpha`, `${tag} Beta`, `${tag} Gamma`]);
  await page.getByTestId("sort-slice_name").click();
  await expect(page).toHaveURL(/order=desc/);
  await expect.poll(() => rowNames(page)).toEqual([`${tag} Gamma`, `${tag} Beta`, `${tag} Alpha`]);
  await expect(page.getByTestId("sort-slice_name").locator("xpath=..")).toHaveAttribute("aria-sort", "descending");

  // favourite star, then the favourite filter
  await page.getByTestId(`favorite-${alpha}`).click();
  await expect(page.getByTestId(`favorite-${alpha}`)).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => {
    const res = await request.get(`/api/v1/chart/favorite_status/?q=${encodeURIComponent(`!(${alpha})`)}`, { headers });
    return ((await res.json()) as { result: { value: boolean }[] }).result[0].value;
  }).toBe(true);
  await pick(page, "chart-filter-favorite", "Yes");
  await expect(page.getByTestId("chart-count")).toHaveText("1 chart");
  await expect.poll(() => rowNames(page)).toEqual([`${tag} Alpha`]);
  await pick(page, "chart-filter-favorite", "No");
  await expect(page.getByTestId("chart-count")).toHaveText("2 charts");
  await page.getByTestId("clear-all-filters").click();
  await page.goto(`/chart/list/?search=${tag}&sort=slice_name&order=asc`);

  // edit properties: a refused save keeps the dialog and what was typed, a good one updates the row
  await page.getByTestId(`edit-${beta}`).click();
  const dialog = page.getByRole("dialog", { name: "Edit Chart Properties" });
  await dialog.getByTestId("edit-chart-name").fill(`${tag} Beta renamed`);
  await dialog.getByTestId("edit-chart-certified-by").fill("Data team");
  await dialog.getByTestId("edit-chart-cache-timeout").fill("-5");
  await dialog.getByTestId("edit-chart-save").click();
  await expect(dialog.getByTestId("edit-chart-error")).toContainText("could not be saved");
  await expect(dialog).toContainText("Must be greater than or equal to -1.");
  await expect(dialog.getByTestId("edit-chart-name")).toHaveValue(`${tag} Beta renamed`);
  await page.screenshot({ path: test.info().outputPath("edit-properties-refused.png") });
  await dialog.getByTestId("edit-chart-cache-timeout").fill("600");
  await dialog.getByTestId("edit-chart-save").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast").filter({ hasText: `Chart properties updated: ${tag} Beta renamed` })).toBeVisible();
  await expect(page.getByTestId(`certified-${beta}`)).toBeVisible();
  const saved = (await (await request.get(`/api/v1/chart/${beta}`, { headers })).json()) as { result: Record<string, unknown> };
  expect(saved.result).toMatchObject({ slice_name: `${tag} Beta renamed`, certified_by: "Data team", cache_timeout: 600 });
  await pick(page, "chart-filter-certified", "Yes");
  await expect.poll(() => rowNames(page)).toEqual([`${tag} Beta renamed`]);
  await page.getByTestId("clear-all-filters").click();
  await page.goto(`/chart/list/?search=${tag}&sort=slice_name&order=asc`);

  // delete one: the button waits for DELETE to be typed
  await page.getByTestId(`delete-${gamma}`).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await expect(confirm).toContainText(`${tag} Gamma`);
  await expect(confirm.getByTestId("confirm-delete")).toBeDisabled();
  await confirm.getByTestId("delete-confirm-text").fill("DELETE");
  await confirm.getByTestId("confirm-delete").click();
  await expect(page.getByTestId("toast").filter({ hasText: `Deleted: ${tag} Gamma` })).toBeVisible();
  await expect(page.getByTestId("chart-count")).toHaveText("2 charts");
  expect((await request.get(`/api/v1/chart/${gamma}`, { headers })).status()).toBe(404);

  // card view, kept in the address
  await page.getByTestId("view-mode").getByText("Cards").click();
  await expect(page).toHaveURL(/view=card/);
  await expect(page.getByTestId("chart-card")).toHaveCount(2);
  await page.reload();
  await expect(page.getByTestId("chart-card")).toHaveCount(2);
  await expect(page.getByTestId("chart-card").first()).toContainText(`${tag} Alpha`);
  await page.screenshot({ path: test.info().outputPath("card-view.png") });

  // bulk select and delete the rest, then the empty state
  await page.getByTestId("bulk-select").click();
  await page.getByTestId(`select-${alpha}`).check();
  await page.getByTestId(`select-${beta}`).check();
  await expect(page.getByTestId("bulk-count")).toHaveText("2 charts selected");
  await page.getByTestId("bulk-delete").click();
  const bulk = page.getByRole("dialog", { name: "Please confirm" });
  await expect(bulk).toContainText("2 selected charts");
  await bulk.getByTestId("delete-confirm-text").fill("DELETE");
  await bulk.getByTestId("confirm-delete").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Deleted 2 charts" })).toBeVisible();
  await expect(page.getByTestId("list-empty")).toContainText("No results match your filter criteria");
  await page.getByTestId("clear-filters").click();
  // the filters go, the sort and the view mode stay
  await expect(page).toHaveURL(/\/chart\/list\/\?sort=slice_name&order=asc&view=card$/);
  await expect(page.getByText("No results match your filter criteria")).toHaveCount(0);
});
