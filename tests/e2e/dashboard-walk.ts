import { expect, type Locator, type Page } from "@playwright/test";

// What the dashboard journeys share: whether a chart box drew, and a walk through every tab of the dashboard on
// screen (nested tabs too, depth first) that looks at each chart box once.

/**
 * A chart box drew: a table / pivot table / big number with content, or a canvas with more than `minPixels`
 * drawn pixels.
 */
export async function painted(box: Locator, minPixels = 200): Promise<boolean> {
  return box.evaluate((el, min) => {
    if (el.querySelector('[data-testid="table-chart"] tbody tr, [data-testid="pivot-table-chart"] tbody tr, [data-testid="big-number-headline"]')) return true;
    const canvas = el.querySelector("canvas");
    if (!canvas || !canvas.width) return false;
    const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
    return n > min;
  }, minPixels);
}

/** Called for each chart box once, scrolled into view: answers what the walk records for it. */
export type BoxCheck<T> = (box: Locator, title: string, id: string) => Promise<T>;

async function visibleCharts<T>(page: Page, seen: Map<string, T>, check: BoxCheck<T>) {
  const boxes = page.getByTestId("dashboard-chart");
  for (let i = 0; i < (await boxes.count()); i++) {
    const nth = boxes.nth(i);
    const id = (await nth.getAttribute("id")) ?? String(i);
    // held by its id from here on: an index points at another box once a tab mounts or unmounts charts
    const box = id === String(i) ? nth : page.locator(`[data-testid="dashboard-chart"][id="${id}"]`);
    if (seen.has(id) || !(await box.isVisible())) continue;
    await box.scrollIntoViewIfNeeded();
    const title = ((await box.getByTestId("dashboard-chart-title").textContent()) ?? "").trim();
    seen.set(id, await check(box, title, id));
  }
}

/** Opens every tab (nested ones too) of the dashboard on screen and answers each chart box's result, by box id. */
export async function walkDashboard<T>(page: Page, check: BoxCheck<T>, seen = new Map<string, T>(), opened = new Set<string>()): Promise<Map<string, T>> {
  await visibleCharts(page, seen, check);
  const tabs = page.locator('[data-testid="dashboard-tab"]:visible');
  for (const id of await tabs.evaluateAll((els) => els.map((el) => el.getAttribute("data-tab-id") ?? ""))) {
    if (opened.has(id)) continue;
    opened.add(id);
    await page.locator(`[data-tab-id="${id}"]`).click();
    await expect(page.locator(`[data-tab-id="${id}"]`)).toHaveAttribute("aria-selected", "true");
    await walkDashboard(page, check, seen, opened);
  }
  return seen;
}
