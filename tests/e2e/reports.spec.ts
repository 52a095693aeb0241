import { expect, test, type Page } from "@playwright/test";
import { admin, clickMenuItem, login } from "./helpers";
import { post } from "./api-helpers";

// Alerts & Reports (issue 15, the API and UI half): a report made from the Reports list and one from Explore's
// chart menu, edited, switched off, its execution log page opened, and deleted — as a person would, in Chromium.

const run = Date.now().toString(36);

async function pick(page: Page, testId: string, option: string, typed?: string) {
  const input = page.getByTestId(testId);
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function reportByName(page: Page, name: string) {
  const q = encodeURIComponent(`(filters:!((col:name,opr:eq,value:'${name}')))`);
  const res = await page.request.get(`/api/v1/report/?q=${q}`);
  return ((await res.json()) as { result: { id: number; active: boolean; crontab: string; description: string | null }[] }).result[0];
}

test("reports: create from the list and from Explore, edit, deactivate, see the log, delete", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const found = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`);
  const ds = ((await found.json()) as { result: { id: number }[] }).result[0].id;
  const chartName = `Report pie ${run}`;
  const chart = await post<{ id: number }>(page, "/api/v1/chart/", {
    slice_name: chartName, viz_type: "pie", datasource_id: ds, datasource_type: "table",
    params: JSON.stringify({ datasource: `${ds}__table`, viz_type: "pie", metric: "count", groupby: ["gender"], row_limit: 100 }),
  });

  // from the Reports list
  await page.goto("/report/list/");
  await page.getByTestId("add-report").click();
  const modal = page.getByTestId("report-modal");
  const name = `Weekly births ${run}`;
  await modal.getByTestId("report-name").fill(name);
  await modal.getByText("Chart", { exact: true }).click();
  await pick(page, "report-chart", chartName, chartName);
  await pick(page, "report-format", "Formatted CSV attached");
  await pick(page, "report-schedule-preset", "Every Monday at 9:00");
  await expect(modal.getByTestId("report-crontab-words")).toHaveText("At 09:00 AM, only on Monday");
  await pick(page, "report-timezone", "Europe/Paris", "Europe/Par");
  await modal.getByTestId("report-to").fill("team@example.com, boss@example.com");
  await modal.getByTestId("report-save").click();
  await expect(modal).toBeHidden();
  // Superset's success toast says the report was made
  await expect(page.getByTestId("toast").filter({ hasText: `Created: ${name}` })).toBeVisible();
  const row = page.locator(`[data-testid="report-row"][data-report-name="${name}"]`);
  await expect(row).toContainText("At 09:00 AM, only on Monday");
  await expect(row).toContainText("Not triggered");

  // edit: a custom crontab, told back in words, and a description
  await row.getByTestId("report-edit").click();
  await expect(modal.getByTestId("report-name")).toHaveValue(name);
  await modal.getByTestId("report-crontab").fill("30 7 * * 1-5");
  await expect(modal.getByTestId("report-crontab-words")).toHaveText("At 07:30 AM, Monday through Friday");
  await modal.getByTestId("report-description").fill("For the Monday meeting");
  await modal.getByTestId("report-save").click();
  await expect(modal).toBeHidden();
  await expect(row).toContainText("At 07:30 AM, Monday through Friday");
  expect(await reportByName(page, name)).toMatchObject({ crontab: "30 7 * * 1-5", description: "For the Monday meeting", active: true });

  // deactivate
  await row.getByTestId("report-active-toggle").click({ force: true });
  await expect.poll(async () => (await reportByName(page, name)).active).toBe(false);

  // the execution log page
  await row.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/report\/\d+\/log\/$/);
  await expect(page.getByTestId("report-log-name")).toHaveText(name);
  await expect(page.getByText("Inactive", { exact: true })).toBeVisible();
  await expect(page.getByText("No runs yet")).toBeVisible();
  await page.getByRole("link", { name: "Reports", exact: true }).click();

  // delete
  await page.locator(`[data-testid="report-row"][data-report-name="${name}"]`).getByTestId("report-delete").click();
  await page.getByTestId("delete-confirm-text").fill("DELETE");
  await page.getByTestId("confirm-delete").click();
  await expect(page.locator(`[data-testid="report-row"][data-report-name="${name}"]`)).toHaveCount(0);
  expect(await reportByName(page, name)).toBeUndefined();

  // from Explore: the chart's ⋯ menu schedules a report of this chart, then manages it
  await page.goto(`/explore/?slice_id=${chart.id}`);
  const more = page.getByTestId("more-menu");
  await expect(more).toBeEnabled();
  await clickMenuItem(more, page.getByTestId("email-report-setup"), modal.getByTestId("report-name"));
  await expect(modal.getByTestId("report-name")).toHaveValue(chartName);
  await modal.getByTestId("report-to").fill("explore@example.com");
  await modal.getByTestId("report-save").click();
  await expect(modal).toBeHidden();
  const fromExplore = await reportByName(page, chartName);
  expect(fromExplore).toMatchObject({ active: true });
  await more.click();
  await expect(page.getByTestId("email-report-edit")).toBeVisible();
  await page.getByTestId("email-report-delete").click();
  await page.getByTestId("delete-confirm-text").fill("DELETE");
  await page.getByTestId("confirm-delete").click();
  await expect.poll(async () => await reportByName(page, chartName)).toBeUndefined();
});
