import { expect, test, type Locator, type Page } from "@playwright/test";
import { admin, login } from "./helpers";

// Native filters on the Births example dashboard, as an editor uses them: "+ Add/Edit filters" configures a value
// filter on gender, the bar offers the column's values, applying one re-queries the charts in scope (their
// numbers change and they show the applied-filter badge), the applied state survives a reload (at once, through
// ?native_filters=; once stored, through native_filters_key), Clear all brings the unfiltered numbers back. The
// filter is removed again at the end, so the example dashboard is left as it was.

const chart = (page: Page, title: string): Locator =>
  page.locator('[data-testid="dashboard-chart"]', { has: page.getByTestId("dashboard-chart-title").filter({ hasText: title }) });

/** The chart's text once its data is in and drawn (cached data arrives with the page, then charts draw in turn). */
async function loaded(box: Locator): Promise<string> {
  await expect(box).toHaveAttribute("data-status", "success", { timeout: 20_000 });
  await expect(box).toHaveAttribute("data-painted", "", { timeout: 20_000 });
  return (await box.innerText()).trim();
}

async function csrf(page: Page): Promise<string> {
  return page.evaluate(async () => ((await (await fetch("/api/v1/security/csrf_token/")).json()) as { result: string }).result);
}

test("a value filter configured on the Births dashboard filters its charts, and Clear all restores them", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await page.goto("/superset/dashboard/births/");
  const bar = page.getByTestId("filter-bar");
  await expect(bar).toBeVisible();
  const total = chart(page, "Births in all years");
  const states = chart(page, "Top states");
  const totalBefore = await loaded(total);
  const statesBefore = await loaded(states);

  // configure: + Add/Edit filters → + Add filter → name, column (the dashboard's only dataset is preselected) → Save
  await bar.getByTestId("filter-bar-edit").click();
  const modal = page.getByRole("dialog", { name: "Add and edit filters" });
  await modal.getByTestId("filter-config-add").click();
  await modal.getByTestId("filter-form-name").fill("Gender");
  await expect(modal.getByTestId("filter-form-dataset")).toHaveValue("birth_names");
  await modal.getByTestId("filter-form-column").click();
  await page.getByRole("option", { name: "gender", exact: true }).click();
  await modal.getByTestId("filter-config-save").click();
  await expect(modal).toBeHidden();
  const item = bar.getByTestId("filter-item").filter({ hasText: "Gender" });
  await expect(item).toBeVisible();
  const filterId = await item.getAttribute("data-filter-id");
  expect(filterId).toMatch(/^NATIVE_FILTER-[A-Za-z0-9]+$/);

  try {
    // the filter's values come from the column; nothing is applied until "Apply filters"
    await item.getByRole("textbox", { name: "Gender" }).click();
    await page.getByRole("option", { name: "girl", exact: true }).click();
    await page.keyboard.press("Escape");
    await expect(total).toHaveAttribute("data-filters-applied", "0");
    const apply = bar.getByTestId("filter-bar-apply");
    await expect(apply).toBeEnabled();
    await apply.click();
    // a reload at once, before the applied state is stored: the address itself carries it (?native_filters=), so
    // the page opens with what was shown as applied, never with the previous state
    await expect(page).toHaveURL(/native_filters=/);
    await page.reload();
    await expect(total).toHaveAttribute("data-filters-applied", "1");
    await expect(apply).toBeDisabled();

    // both charts in scope re-query with gender IN ('girl'): their numbers change and they carry the badge
    await expect(states).toHaveAttribute("data-filters-applied", "1");
    await expect.poll(async () => loaded(total)).not.toBe(totalBefore);
    await expect.poll(async () => loaded(states)).not.toBe(statesBefore);
    await expect(total.getByTestId("chart-filters-badge")).toBeVisible();
    const filteredTotal = await loaded(total);

    // once stored server-side, the address carries only its key: a reload opens with the same filter
    await page.getByTestId("filter-item").getByRole("textbox", { name: "Gender" }).click();
    await page.getByRole("option", { name: "boy", exact: true }).click();
    await page.keyboard.press("Escape");
    await apply.click();
    await expect.poll(async () => loaded(total)).not.toBe(filteredTotal);
    const boysTotal = await loaded(total);
    await expect(page).toHaveURL(/native_filters_key=[A-Za-z0-9_-]+/);
    expect(new URL(page.url()).searchParams.get("native_filters")).toBeNull();
    const key = new URL(page.url()).searchParams.get("native_filters_key")!;
    const dashboardId = ((await (await page.request.get("/api/v1/dashboard/births")).json()) as { id: number }).id;
    const stored = await page.request.get(`/api/v1/dashboard/${dashboardId}/filter_state/${encodeURIComponent(key)}`);
    expect(((await stored.json()) as { value: string }).value).toContain("boy");
    await page.reload();
    await expect(page.getByTestId("filter-item").filter({ hasText: "Gender" })).toBeVisible();
    await expect(total).toHaveAttribute("data-filters-applied", "1");
    expect(await loaded(total)).toBe(boysTotal);

    // an unknown key: the dashboard opens unfiltered, with a warning
    await page.goto("/superset/dashboard/births/?native_filters_key=unknownkey12345");
    await expect(page.getByText("The shared filter state could not be found", { exact: false })).toBeVisible();
    expect(await loaded(total)).toBe(totalBefore);

    // apply again, then Clear all: the unfiltered numbers come back
    await page.getByTestId("filter-item").getByRole("textbox", { name: "Gender" }).click();
    await page.getByRole("option", { name: "boy", exact: true }).click();
    await page.keyboard.press("Escape");
    await page.getByTestId("filter-bar-apply").click();
    await expect.poll(async () => loaded(total)).not.toBe(totalBefore);
    await page.getByTestId("filter-bar-clear").click();
    await expect(total).toHaveAttribute("data-filters-applied", "0");
    await expect.poll(async () => loaded(total)).toBe(totalBefore);
  } finally {
    const dash = (await (await page.request.get("/api/v1/dashboard/births")).json()) as { id: number };
    const res = await page.request.put(`/api/v1/dashboard/${dash.id}/filters`, { data: { deleted: [filterId] }, headers: { "X-CSRFToken": await csrf(page) } });
    expect(res.status()).toBe(200);
  }
});

test("clicking a table row cross-filters the other charts, never the table itself; removing it in the bar restores them", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await page.goto("/superset/dashboard/births/");
  const total = chart(page, "Births in all years");
  const states = chart(page, "Top states");
  const pie = chart(page, "Births by gender");
  const totalBefore = await loaded(total);
  const statesBefore = await loaded(states);
  await loaded(pie);

  const firstRow = states.locator("tbody tr").first();
  const state = (await firstRow.locator("td").first().innerText()).trim();
  await firstRow.click();
  const bar = page.getByTestId("filter-bar");
  await expect(bar.getByTestId("cross-filter-value")).toHaveText(`state = ${state}`);
  await expect(total).toHaveAttribute("data-filters-applied", "1");
  await expect(pie).toHaveAttribute("data-filters-applied", "1");
  await expect(states).toHaveAttribute("data-filters-applied", "0");
  await expect.poll(async () => loaded(total)).not.toBe(totalBefore);
  expect(await loaded(states)).toBe(statesBefore);

  await bar.getByTestId("cross-filter-remove").click();
  await expect(bar.getByTestId("cross-filter-item")).toHaveCount(0);
  await expect(total).toHaveAttribute("data-filters-applied", "0");
  await expect.poll(async () => loaded(total)).toBe(totalBefore);

  // clicking the same row twice takes the cross-filter away again
  await firstRow.click();
  await expect(bar.getByTestId("cross-filter-item")).toHaveCount(1);
  await firstRow.click();
  await expect(bar.getByTestId("cross-filter-item")).toHaveCount(0);
});
