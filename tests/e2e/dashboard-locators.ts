import { expect, type Locator, type Page } from "@playwright/test";

// Locators and waits the dashboard filter and cross-filter journeys share.

/** A chart's box on the dashboard, by chart id. */
export const chartBox = (page: Page, id: number) => page.locator(`[data-testid="dashboard-chart"][data-chart-id="${id}"]`);

/** A native filter in the filter bar, by name. */
export const filterItem = (page: Page, name: string) =>
  page.getByTestId("filter-item").filter({ has: page.getByTestId("filter-name").getByText(name, { exact: true }) });

/** Waits until the chart's data arrived and it is painted; answers its text (a big number's figure …). */
export async function drawn(box: Locator): Promise<string> {
  await expect(box).toHaveAttribute("data-status", "success", { timeout: 20_000 });
  await expect(box).toHaveAttribute("data-painted", "", { timeout: 20_000 });
  return (await box.innerText()).trim();
}
