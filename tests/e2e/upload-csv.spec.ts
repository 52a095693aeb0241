import { expect, test, type Page } from "@playwright/test";
import { csrfToken } from "./api-helpers";
import { admin, clickMenuItem, login } from "./helpers";

// The upload journey: an admin opens "+" → Data → Upload CSV to database, sends a file with a bad row (the
// error names the line and the form keeps what was typed), picks a good file instead, sees the new dataset
// in the Datasets list and opens it in Explore with the file's columns.

const table = `fruit_${Date.now().toString(36)}`;

async function examplesDatabase(page: Page): Promise<number> {
  const res = await page.request.get("/api/v1/database/?q=(page_size:100)");
  const body = (await res.json()) as { result: { id: number; database_name: string }[] };
  const id = body.result.find((d) => d.database_name === "examples")!.id;
  const put = await page.request.put(`/api/v1/database/${id}`, { data: { allow_file_upload: true }, headers: { "X-CSRFToken": await csrfToken(page) } });
  expect(put.status()).toBe(200);
  return id;
}

const file = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

test("upload a CSV from the + menu, see the error of a bad row, then open the new dataset in Explore", async ({ page }) => {
  await login(page, admin().username, admin().password);
  await examplesDatabase(page);
  await page.goto("/tablemodelview/list/");

  const modal = page.getByRole("dialog", { name: "Upload CSV to database" });
  await clickMenuItem(page.getByTestId("new-menu"), page.getByTestId("menu-upload-csv"), modal, page.getByTestId("new-menu-data"));

  const chooser = page.waitForEvent("filechooser");
  await modal.getByTestId("upload-file").click();
  await (await chooser).setFiles(file("bad.csv", "name,price,picked\napple,1.5,2024-01-02\npear,2,2024-02-03,extra\n"));
  await modal.getByTestId("upload-database").click();
  await page.getByRole("option", { name: "examples", exact: true }).click();
  await modal.getByTestId("upload-table-name").fill(table);
  await modal.getByTestId("upload-submit").click();
  await expect(modal.getByTestId("upload-error")).toContainText("Parsing error: Expected 3 fields in line 3, saw 4");
  // nothing typed is lost
  await expect(modal.getByTestId("upload-table-name")).toHaveValue(table);
  await expect(modal.getByTestId("upload-database")).toHaveValue("examples");

  const chooser2 = page.waitForEvent("filechooser");
  await modal.getByTestId("upload-file").click();
  await (await chooser2).setFiles(file("fruit.csv", "name,price,picked\napple,1.5,2024-01-02\npear,2,2024-02-03\nplum,3.25,2024-03-04\n"));
  await modal.getByRole("button", { name: "File settings" }).click();
  await modal.getByTestId("upload-column-dates").click();
  await page.getByRole("option", { name: "picked" }).click();
  await page.keyboard.press("Escape");
  await modal.getByTestId("upload-submit").click();
  await expect(modal).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId("toast").filter({ hasText: `uploaded to table "${table}"` })).toBeVisible();

  const row = page.getByTestId(`dataset-row-${table}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText("examples");

  const list = await page.request.get(`/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:'${table}')))`);
  const datasetId = ((await list.json()) as { result: { id: number }[] }).result[0].id;
  await page.goto(`/explore/?datasource_id=${datasetId}&datasource_type=table`);
  await expect(page.getByTestId("dataset-name")).toHaveText(table);
  for (const column of ["name", "price", "picked"]) await expect(page.getByTestId("dataset-pane")).toContainText(column);
  await page.screenshot({ path: "test-results/upload-explore.png" });
});

test("upload an Excel sheet from the + menu: the sheet is picked from the file, and the bar follows the rows written", async ({ page }) => {
  const { default: writeXlsxFile } = await import("write-excel-file/node");
  const rows = 20_000;
  const data = [[{ value: "id" }, { value: "label" }, { value: "amount" }], ...Array.from({ length: rows }, (_, i) => [{ value: i + 1 }, { value: `row ${i + 1}` }, { value: (i * 37) % 1000 / 8 }])];
  const buffer = (await writeXlsxFile([{ sheet: "Readme", data: [[{ value: "see the other sheet" }]] }, { sheet: "Data", data }]).toBuffer()) as Buffer;
  const excelTable = `sheet_${Date.now().toString(36)}`;
  await login(page, admin().username, admin().password);
  await examplesDatabase(page);
  await page.goto("/tablemodelview/list/");

  const modal = page.getByRole("dialog", { name: "Upload Excel to database" });
  await clickMenuItem(page.getByTestId("new-menu"), page.getByTestId("menu-upload-excel"), modal, page.getByTestId("new-menu-data"));
  const chooser = page.waitForEvent("filechooser");
  const metadata = page.waitForResponse((r) => r.url().includes("/upload_metadata/"), { timeout: 60_000 });
  await modal.getByTestId("upload-file").click();
  await (await chooser).setFiles({ name: "book.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer });
  await modal.getByTestId("upload-database").click();
  await page.getByRole("option", { name: "examples", exact: true }).click();
  await modal.getByTestId("upload-table-name").fill(excelTable);
  const answer = await metadata;
  expect(answer.status(), await answer.text()).toBe(200);
  await modal.getByRole("button", { name: "File settings" }).click();
  await expect(async () => {
    await modal.getByTestId("upload-sheet-name").click();
    await page.getByRole("option", { name: "Data", exact: true }).click({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // every text the progress line shows, as it changes (the writing phase may last well under a second)
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { progressTexts: string[] }).progressTexts = []);
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="upload-progress-text"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await modal.getByTestId("upload-submit").click();
  await expect(modal).toBeHidden({ timeout: 60_000 });
  const texts = await page.evaluate(() => (window as unknown as { progressTexts: string[] }).progressTexts);
  expect(texts.some((t) => t.startsWith("Sending…")), texts.join(" | ")).toBe(true);
  // the rows' share follows the server's lines (tests/integration/database-upload-files.test.ts checks them). A quiet
  // machine writes 20,000 rows on a local D1 before the browser paints a single writing step, so whether one shows
  // is timing; what shows must be a share that only grows
  const writing = texts.flatMap((t) => /^Writing the table… (\d+)%$/.exec(t)?.[1] ?? []).map(Number);
  expect(writing.every((n, i) => n >= 0 && n <= 100 && (i === 0 || n >= writing[i - 1])), texts.join(" | ")).toBe(true);
  await expect(page.getByTestId(`dataset-row-${excelTable}`)).toBeVisible();
  const list = await page.request.get(`/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:'${excelTable}')))`);
  const datasetId = ((await list.json()) as { result: { id: number }[] }).result[0].id;
  const detail = (await (await page.request.get(`/api/v1/dataset/${datasetId}`)).json()) as { result: { columns: { column_name: string }[] } };
  expect(detail.result.columns.map((c) => c.column_name).sort()).toEqual(["amount", "id", "label"]);
});
