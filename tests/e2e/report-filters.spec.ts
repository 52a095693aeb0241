import { expect, test, type Page } from "@playwright/test";
import { admin, login } from "./helpers";
import { post } from "./api-helpers";

// A dashboard report's native-filter state (issue 15): the editor shows the dashboard's filters with the filter
// bar's own value pickers, the report applies Gender = boy, and one recipient gets their own value (girl).

const run = Date.now().toString(36);

async function choose(page: Page, scope: ReturnType<Page["getByTestId"]>, option: string) {
  await scope.getByTestId("filter-select").click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await page.keyboard.press("Escape");
}

test("report filters: set the dashboard's filter value and a per-recipient value in the editor, saved in extra", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const found = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`);
  const ds = ((await found.json()) as { result: { id: number }[] }).result[0].id;
  const gender = {
    id: "NATIVE_FILTER-gender", type: "NATIVE_FILTER", name: "Gender", filterType: "filter_select", targets: [{ datasetId: ds, column: { name: "gender" } }],
    scope: { rootPath: ["ROOT_ID"], excluded: [] }, controlValues: { multiSelect: true }, defaultDataMask: {}, cascadeParentIds: [],
  };
  const title = `Filtered births ${run}`;
  await post(page, "/api/v1/dashboard/", { dashboard_title: title, json_metadata: JSON.stringify({ native_filter_configuration: [gender] }) });

  await page.goto("/report/list/");
  await page.getByTestId("add-report").click();
  const modal = page.getByTestId("report-modal");
  const name = `Per recipient ${run}`;
  await modal.getByTestId("report-name").fill(name);
  const dashboard = modal.getByTestId("report-dashboard");
  await dashboard.click();
  await dashboard.fill(title);
  await page.getByRole("option", { name: title, exact: true }).click();

  const filters = modal.getByTestId("report-native-filters");
  await expect(filters.getByText("Gender", { exact: true })).toBeVisible();
  await choose(page, filters, "boy");
  await modal.getByTestId("report-to").fill("alice@example.com, bob@example.com");
  const perRecipient = modal.getByTestId("report-recipient-filters");
  await perRecipient.getByTestId("report-recipient-filter-add").click();
  const row = perRecipient.getByTestId("report-recipient-filter-row");
  await row.getByTestId("report-recipient-filter-recipient").click();
  await page.getByRole("option", { name: "bob@example.com", exact: true }).click();
  await choose(page, row, "girl");
  await modal.getByTestId("report-save").click();
  await expect(modal).toBeHidden();

  const q = encodeURIComponent(`(filters:!((col:name,opr:eq,value:'${name}')))`);
  const { result } = (await (await page.request.get(`/api/v1/report/?q=${q}`)).json()) as { result: { id: number }[] };
  const stored = (await (await page.request.get(`/api/v1/report/${result[0].id}`)).json()) as { result: { extra: Record<string, unknown> } };
  const entry = (v: string) => ({ nativeFilterId: "NATIVE_FILTER-gender", filterName: "Gender", filterType: "filter_select", columnName: "gender", filterValues: [v] });
  expect(stored.result.extra).toEqual({ dashboard: { nativeFilters: [entry("boy")], recipientNativeFilters: [{ recipient: "bob@example.com", nativeFilters: [entry("girl")] }] } });

  // opened again, the editor shows what was saved
  await page.locator(`[data-testid="report-row"][data-report-name="${name}"]`).getByTestId("report-edit").click();
  await expect(modal.getByTestId("report-native-filters").getByText("boy", { exact: true })).toBeVisible();
  await expect(modal.getByTestId("report-recipient-filter-recipient")).toHaveValue("bob@example.com");
  await expect(modal.getByTestId("report-recipient-filter-row").getByText("girl", { exact: true })).toBeVisible();
});
