import { expect, test, type Page } from "@playwright/test";
import { api, birthNamesId, openWithFormData, pickOption } from "./explore-helpers";
import { admin, login } from "./helpers";

// Explore beyond the first journeys (issue 10): the time range picker, Custom SQL metrics and filters with the
// simple operators beyond equality, the data pane, the chart header and sharing — on the example birth_names
// (one row per year 1965–2008, state and name; ds is the year's first day).

const yearlyBars = { viz_type: "echarts_timeseries_bar", x_axis: "ds", time_grain_sqla: "P1Y", metrics: ["count"], groupby: [], adhoc_filters: [] };

/** The form data the page stored under the key in its address. */
async function storedFormData(page: Page): Promise<Record<string, unknown>> {
  const key = new URL(page.url()).searchParams.get("form_data_key");
  const entry = await api<{ form_data: string }>(page, `/api/v1/explore/form_data/${key}`);
  return JSON.parse(entry.form_data) as Record<string, unknown>;
}

/** How many pixels of the filter editor's popover lie above or below the viewport. */
async function popoverOffScreen(page: Page): Promise<number> {
  const box = await page.locator(".mantine-Popover-dropdown").filter({ has: page.getByTestId("filter-editor") }).boundingBox();
  const height = page.viewportSize()!.height;
  return box ? Math.round(Math.max(0, -box.y) + Math.max(0, box.y + box.height - height)) : -1;
}

async function openFilterPopover(page: Page) {
  await expect(async () => {
    await page.getByRole("button", { name: "Add filter" }).click();
    await expect(page.getByTestId("filter-editor")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test("explore: the time range picker writes a TEMPORAL_RANGE filter, shows the actual range, keeps it in Advanced and blocks an empty one", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openWithFormData(page, await birthNamesId(page), yearlyBars);
  await openFilterPopover(page);
  await pickOption(page, page.getByRole("textbox", { name: "Column", exact: true }), "ds");
  // a temporal column starts on its time range: Last week, resolved by the server
  await expect(page.getByRole("textbox", { name: "Operator" })).toHaveValue("Time range");
  await expect(page.getByRole("radio", { name: "Last week" })).toBeChecked();
  await expect(page.getByTestId("time-range-actual")).toHaveText(/^\d{4}-\d{2}-\d{2} ≤ ds < \d{4}-\d{2}-\d{2}$/);

  const lastWeek = await page.getByTestId("time-range-actual").textContent();
  // Advanced starts from that range (the same bounds), not from "Last week" typed as an open start
  await pickOption(page, page.getByRole("textbox", { name: "Range type" }), "Advanced");
  await expect(page.getByRole("textbox", { name: "START (INCLUSIVE)" })).toHaveValue('DATEADD(DATETIME("today"), -1, week)');
  await expect(page.getByRole("textbox", { name: "END (EXCLUSIVE)" })).toHaveValue("today");
  await expect(page.getByTestId("time-range-actual")).toHaveText(lastWeek!);

  // No filter is a valid time filter (Superset's default one): open at both ends
  await pickOption(page, page.getByRole("textbox", { name: "Range type" }), "No filter");
  await expect(page.getByTestId("time-range-actual")).toHaveText("-∞ ≤ ds < ∞");
  await expect(page.getByTestId("filter-save")).toBeEnabled();

  // Custom: from a specific date until now; an empty date is said once, and blocks the save
  await pickOption(page, page.getByRole("textbox", { name: "Range type" }), "Custom");
  await pickOption(page, page.getByRole("textbox", { name: "START", exact: true }), "Specific Date/Time");
  await expect(page.getByTestId("time-range-error")).toHaveText("Date Filter must have value");
  await expect(page.getByTestId("filter-editor").getByText("Date Filter must have value")).toHaveCount(1);
  await expect(page.getByTestId("filter-save")).toBeDisabled();
  await page.getByRole("textbox", { name: "START date" }).fill("2000-01-01");
  await pickOption(page, page.getByRole("textbox", { name: "END", exact: true }), "Specific Date/Time");
  // the tall Custom editor stays within the screen (it was placed above its button and cut off at the top)
  await expect.poll(() => popoverOffScreen(page)).toBe(0);
  await pickOption(page, page.getByRole("textbox", { name: "END", exact: true }), "Now");
  await expect(page.getByTestId("time-range-actual")).toHaveText(/^2000-01-01 ≤ ds < \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await page.getByTestId("filter-save").click();
  await expect(page.getByTestId("filter-pill")).toHaveText("ds (2000-01-01T00:00:00 : now)");
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("row-count")).toHaveText("9 rows");

  // the pill reopens the picker on its range; Advanced takes Superset's grammar, the server checks it
  await page.getByTestId("filter-pill").click();
  await expect(page.getByRole("textbox", { name: "Range type" })).toHaveValue("Custom");
  await pickOption(page, page.getByRole("textbox", { name: "Range type" }), "Advanced");
  await page.getByRole("textbox", { name: "START (INCLUSIVE)" }).fill("not a date");
  await expect(page.getByTestId("time-range-error")).toContainText("Error parsing time range");
  await expect(page.getByTestId("filter-save")).toBeDisabled();
  await page.getByRole("textbox", { name: "START (INCLUSIVE)" }).fill("1990-01-01");
  await page.getByRole("textbox", { name: "END (EXCLUSIVE)" }).fill('DATEADD(DATETIME("2000-01-01"), 0, day)');
  await expect(page.getByTestId("time-range-actual")).toHaveText("1990-01-01 ≤ ds < 2000-01-01");
  await page.getByTestId("filter-save").click();
  await expect(page.getByTestId("filter-pill")).toHaveText('ds (1990-01-01 : DATEADD(DATETIME("2000-01-01"), 0, day))');
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("row-count")).toHaveText("10 rows");
  await expect.poll(async () => (await storedFormData(page)).adhoc_filters).toMatchObject([
    { expressionType: "SIMPLE", subject: "ds", operator: "TEMPORAL_RANGE", comparator: '1990-01-01 : DATEADD(DATETIME("2000-01-01"), 0, day)', clause: "WHERE" },
  ]);

  // Last year of a dataset that ends in 2008: nothing, said in words
  await page.getByTestId("filter-pill").click();
  await pickOption(page, page.getByRole("textbox", { name: "Range type" }), "Last");
  await page.getByRole("radio", { name: "Last year" }).check();
  await page.getByTestId("filter-save").click();
  await expect(page.getByTestId("filter-pill")).toHaveText("ds (Last year)");
});

test("explore: Custom SQL metric, WHERE and HAVING SQL filters, and IN / NOT IN / > / IS NOT NULL filters", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openWithFormData(page, await birthNamesId(page), { viz_type: "table", query_mode: "aggregate", groupby: ["state"], metrics: [], adhoc_filters: [] });

  await page.getByRole("button", { name: "Add Metrics" }).click();
  await page.getByText("Custom SQL", { exact: true }).click();
  await page.getByRole("textbox", { name: "SQL expression" }).fill("SUM(num) / 1000");
  await page.getByRole("textbox", { name: "Metric label" }).fill("Births (k)");
  await page.getByTestId("metric-save").click();
  await expect(page.getByTestId("metric-pill")).toHaveText("Births (k)");

  // WHERE in Custom SQL, then HAVING
  await openFilterPopover(page);
  await page.getByTestId("filter-editor").getByText("Custom SQL", { exact: true }).click();
  await page.getByRole("textbox", { name: "Custom SQL" }).fill("state IN ('CA', 'TX', 'NY')");
  await page.getByTestId("filter-save").click();
  await openFilterPopover(page);
  await page.getByTestId("filter-editor").getByText("Custom SQL", { exact: true }).click();
  await expect(page.getByTestId("filter-save")).toBeDisabled();
  await pickOption(page, page.getByRole("textbox", { name: "Clause" }), "HAVING");
  await page.getByRole("textbox", { name: "Custom SQL" }).fill("SUM(num) > 0");
  await page.getByTestId("filter-save").click();
  await expect(page.getByTestId("filter-pill")).toHaveText(["state IN ('CA', 'TX', 'NY')", "HAVING SUM(num) > 0"]);
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("row-count")).toHaveText("3 rows");
  await expect(page.getByTestId("table-chart").getByRole("columnheader")).toHaveText(["state", "Births (k)"]);

  // simple operators beyond equality
  await openFilterPopover(page);
  await pickOption(page, page.getByRole("textbox", { name: "Column", exact: true }), "state");
  await pickOption(page, page.getByRole("textbox", { name: "Operator" }), "Not in");
  await page.getByRole("textbox", { name: "Values" }).fill("NY");
  await page.getByRole("textbox", { name: "Values" }).press("Enter");
  await page.getByRole("textbox", { name: "Values" }).blur();
  await page.getByTestId("filter-save").click();
  await openFilterPopover(page);
  await pickOption(page, page.getByRole("textbox", { name: "Column", exact: true }), "num");
  await pickOption(page, page.getByRole("textbox", { name: "Operator" }), "Greater than (>)");
  await expect(page.getByTestId("filter-problem")).toHaveText("Enter a value");
  await page.getByRole("textbox", { name: "Value", exact: true }).fill("1000");
  await page.getByTestId("filter-save").click();
  await openFilterPopover(page);
  await pickOption(page, page.getByRole("textbox", { name: "Column", exact: true }), "name");
  await pickOption(page, page.getByRole("textbox", { name: "Operator" }), "Is not null");
  await page.getByTestId("filter-save").click();
  await expect(page.getByTestId("filter-pill")).toHaveText(["state IN ('CA', 'TX', 'NY')", "HAVING SUM(num) > 0", "state NOT IN (NY)", "num > 1000", "name IS NOT NULL"]);
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("row-count")).toHaveText("2 rows");
  await expect(page.getByTestId("table-chart").locator("tbody tr")).toHaveCount(2);
  await expect.poll(async () => (await storedFormData(page)).metrics).toMatchObject([{ expressionType: "SQL", sqlExpression: "SUM(num) / 1000", label: "Births (k)" }]);
  const filters = (await storedFormData(page)).adhoc_filters;
  expect(filters).toMatchObject([
    { expressionType: "SQL", clause: "WHERE" }, { expressionType: "SQL", clause: "HAVING", sqlExpression: "SUM(num) > 0" },
    { subject: "state", operator: "NOT IN", comparator: ["NY"] }, { subject: "num", operator: ">", comparator: 1000 }, { subject: "name", operator: "IS NOT NULL" },
  ]);

  // the metric's pill reopens its popover on the Custom SQL tab; a new label replaces the old one
  await page.getByTestId("metric-pill").click();
  await expect(page.getByRole("textbox", { name: "SQL expression" })).toHaveValue("SUM(num) / 1000");
  await page.getByRole("textbox", { name: "Metric label" }).fill("Thousands of births");
  await page.getByTestId("metric-save").click();
  await expect(page.getByTestId("metric-pill")).toHaveText("Thousands of births");
  await expect.poll(async () => (await storedFormData(page)).metrics).toMatchObject([{ expressionType: "SQL", sqlExpression: "SUM(num) / 1000", label: "Thousands of births" }]);
});

test("explore: the data pane's results and samples with counts, search and copy; View query; CSV and XLSX downloads", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await login(page, admin().username, admin().password);
  await openWithFormData(page, await birthNamesId(page), { viz_type: "pie", groupby: ["gender"], metric: "count" });
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("row-count")).toHaveText("2 rows");

  await page.getByRole("tab", { name: "Results" }).click();
  await expect(page.getByTestId("results-row-count")).toHaveText("2 rows");
  await expect(page.getByTestId("results-table").getByRole("columnheader")).toHaveText(["gender", "count"]);
  await page.getByRole("textbox", { name: "Search results" }).fill("gir");
  await expect(page.getByTestId("results-matching")).toHaveText("1 matching");
  await expect(page.getByTestId("results-table").locator("tbody tr")).toHaveCount(1);
  await page.getByRole("button", { name: "Copy results" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^gender\tcount\ngirl\t\d+\n$/);

  // samples: rows of the dataset itself, counted over the whole table
  await page.getByRole("tab", { name: "Samples" }).click();
  await expect(page.getByTestId("samples-row-count")).toHaveText("88398 rows");
  await expect(page.getByTestId("samples-table").getByRole("columnheader")).toContainText(["ds", "gender", "name", "num", "state"]);
  await expect(page.getByTestId("samples-table").locator("tbody tr")).toHaveCount(500);
  // the open tab folds the pane
  await page.getByRole("tab", { name: "Samples" }).click();
  await expect(page.getByTestId("samples-table")).toHaveCount(0);

  await page.getByTestId("view-query").click();
  await expect(page.getByTestId("view-query-sql")).toContainText(/SELECT[\s\S]*gender[\s\S]*COUNT\(\*\)[\s\S]*GROUP BY/i);
  await page.getByTestId("copy-query").click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/GROUP BY/i);
  await page.keyboard.press("Escape");

  await page.getByTestId("download-menu").click();
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-csv").click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  // the server writes a byte order mark first, so spreadsheet programs read the file as UTF-8
  const csvText = (await streamBytes(await csv.createReadStream())).toString("utf8").replace(/^\uFEFF/, "").trim().split(/\r?\n/);
  expect(csvText[0]).toBe("gender,count");
  expect(csvText.slice(1).map((l) => l.split(",")[0]).sort()).toEqual(["boy", "girl"]);
  await page.getByTestId("download-menu").click();
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-xlsx").click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  expect((await streamBytes(await xlsx.createReadStream())).subarray(0, 2).toString("latin1")).toBe("PK");
});

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

test("explore: the title is edited in the header and saved, the star favourites the chart, rows and 'Cached' labels", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await openWithFormData(page, await birthNamesId(page), yearlyBars);
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("row-count")).toHaveText("44 rows");
  // the same query again comes from the cache; the label forces a fresh query
  await page.getByTestId("run-query").click();
  await expect(page.getByTestId("cached-label")).toBeVisible();
  await page.getByTestId("cached-label").click();
  await expect(page.getByTestId("cached-label")).toHaveCount(0);
  await expect(page.getByTestId("row-count")).toHaveText("44 rows");

  const name = `Yearly births ${Date.now().toString(36)}`;
  await expect(page.getByTestId("favorite-star")).toHaveCount(0);
  await page.getByRole("button", { name: "Edit chart title" }).click();
  await page.getByRole("textbox", { name: "Chart title" }).fill(`  ${name}  `);
  await page.getByRole("textbox", { name: "Chart title" }).press("Enter");
  await expect(page.getByTestId("chart-title")).toHaveText(name);
  await page.getByTestId("save-chart").click();
  await expect(page.getByTestId("chart-name-input")).toHaveValue(name);
  await page.getByTestId("save-confirm").click();
  await expect(page).toHaveURL(/slice_id=\d+/);
  const sliceId = Number(new URL(page.url()).searchParams.get("slice_id"));
  expect((await api<{ result: { slice_name: string } }>(page, `/api/v1/chart/${sliceId}`)).result.slice_name).toBe(name);

  // renamed in the header, then overwritten: the new name is saved
  await page.getByRole("button", { name: "Edit chart title" }).click();
  await page.getByRole("textbox", { name: "Chart title" }).fill(`${name} (v2)`);
  await page.getByRole("textbox", { name: "Chart title" }).press("Enter");
  await page.getByTestId("save-chart").click();
  await expect(page.getByTestId("save-overwrite")).toBeChecked();
  await page.getByTestId("save-confirm").click();
  await expect(page.getByTestId("save-confirm")).toHaveCount(0);
  expect((await api<{ result: { slice_name: string } }>(page, `/api/v1/chart/${sliceId}`)).result.slice_name).toBe(`${name} (v2)`);

  const favorite = () => api<{ result: { value: boolean }[] }>(page, `/api/v1/chart/favorite_status/?q=${encodeURIComponent(`!(${sliceId})`)}`).then((r) => r.result[0].value);
  await expect(page.getByTestId("favorite-star")).toHaveAttribute("aria-pressed", "false");
  await page.getByTestId("favorite-star").click();
  await expect(page.getByTestId("favorite-star")).toHaveAttribute("aria-pressed", "true");
  await expect.poll(favorite).toBe(true);
  await page.goto(`/explore/?slice_id=${sliceId}`);
  await expect(page.getByTestId("chart-title")).toHaveText(`${name} (v2)`);
  await expect(page.getByTestId("favorite-star")).toHaveAttribute("aria-pressed", "true");
  await page.getByTestId("favorite-star").click();
  await expect(page.getByTestId("favorite-star")).toHaveAttribute("aria-pressed", "false");
  await expect.poll(favorite).toBe(false);
});

test("explore: Share copies a permalink, and /explore/p/{key}/ opens the same chart state drawn", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await login(page, admin().username, admin().password);
  await openWithFormData(page, await birthNamesId(page), {
    ...yearlyBars, groupby: ["gender"], adhoc_filters: [{ expressionType: "SIMPLE", subject: "ds", operator: "TEMPORAL_RANGE", comparator: "2000-01-01T00:00:00 : now", clause: "WHERE" }],
  });
  await page.getByTestId("share-menu").click();
  await page.getByTestId("copy-permalink").click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/explore\/p\/[A-Za-z0-9_-]+\/$/);
  const link = await page.evaluate(() => navigator.clipboard.readText());

  await page.goto("/");
  await page.goto(link);
  await expect(page.getByTestId("viz-type-button")).toContainText("Bar Chart");
  await expect(page.getByTestId("filter-pill")).toHaveText("ds (2000-01-01T00:00:00 : now)");
  await expect(page.getByTestId("control-groupby")).toContainText("gender");
  await expect(page.getByTestId("row-count")).toHaveText("9 rows");

  await page.goto("/explore/p/not-a-real-key-123/");
  await expect(page.getByTestId("explore-error")).toBeVisible();
});
