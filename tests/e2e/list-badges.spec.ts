import { expect, test } from "./shared-page";

// The dashboard list's Status column (issue 31): the badge cut to "PUBLISH…" when the title, owners and
// modified-by columns took the row's width. Every badge must show its whole word, on a desktop and on a phone.

test("the dashboard list shows whole Published / Draft badges at 1440 and 390 px", async ({ adminPage: page }) => {
  // a long title and a draft, so both words are on the page beside a wide Title column
  const csrf = await page.request.get("/api/v1/security/csrf_token/").then(async (r) => ((await r.json()) as { result: string }).result);
  const title = `A dashboard with a long title that takes the row's width ${Date.now().toString(36)} `.repeat(3).trim();
  const made = await page.request.post("/api/v1/dashboard/", { data: { dashboard_title: title, published: false }, headers: { "X-CSRFToken": csrf } });
  expect(made.ok()).toBe(true);
  const id = ((await made.json()) as { id: number }).id;
  try {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.goto("/dashboard/list/");
      const badges = page.locator('[data-testid^="status-"]');
      await expect(badges.first()).toBeVisible();
      await expect(page.getByTestId(`status-${id}`)).toHaveText("Draft");
      const cut = await badges.evaluateAll((els) =>
        els.filter((el) => [el, ...el.querySelectorAll("*")].some((e) => e.scrollWidth > e.clientWidth + 1)).map((el) => el.textContent));
      expect(cut, `badges cut at ${width} px`).toEqual([]);
    }
  } finally {
    await page.request.delete(`/api/v1/dashboard/${id}`, { headers: { "X-CSRFToken": csrf } });
    await page.setViewportSize({ width: 1280, height: 720 });
  }
});
