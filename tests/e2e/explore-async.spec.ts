import { expect, test } from "@playwright/test";
import { ownWorker } from "./own-worker";

// Explore with GLOBAL_ASYNC_QUERIES on (its own Worker): a chart whose data is not cached answers 202 with a
// job; the page follows the job through the async event channel and reads its result_url, then draws.

const worker = ownWorker({ GLOBAL_ASYNC_QUERIES: "true" });

test("explore: with async queries a run is answered by a job, followed to its result and drawn", async ({ page }) => {
  test.setTimeout(120_000);
  await worker.loginAsAdmin(page);
  const q = encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))");
  const id = await page.evaluate(async (p) => ((await (await fetch(p)).json()) as { result: { id: number }[] }).result[0].id, `/api/v1/dataset/?q=${q}`);

  // a filter on a fresh value makes the query one no cache holds
  const girls = `${Date.now() % 1000}`;
  const key = await page.evaluate(async ({ id, girls }) => {
    const csrf = ((await (await fetch("/api/v1/security/csrf_token/")).json()) as { result: string }).result;
    const formData = {
      viz_type: "table", query_mode: "aggregate", groupby: ["gender"], metrics: ["count"], datasource: `${id}__table`,
      adhoc_filters: [{ expressionType: "SQL", sqlExpression: `num_girls >= ${girls} OR num_girls < ${girls}`, clause: "WHERE" }],
    };
    const res = await fetch("/api/v1/explore/form_data", {
      method: "POST", headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify({ datasource_id: id, datasource_type: "table", form_data: JSON.stringify(formData) }),
    });
    return ((await res.json()) as { key: string }).key;
  }, { id, girls });
  await page.goto(`${worker.url()}/explore/?form_data_key=${key}`);
  const jobAnswer = page.waitForResponse((r) => r.url().endsWith("/api/v1/chart/data") && r.request().method() === "POST");
  const resultRead = page.waitForResponse((r) => /\/api\/v1\/chart\/data\/[0-9a-f]{64}$/.test(r.url()));
  await page.getByTestId("run-query").click();
  expect((await jobAnswer).status()).toBe(202);
  expect((await resultRead).status()).toBe(200);
  await expect(page.getByTestId("row-count")).toHaveText("2 rows", { timeout: 30_000 });
  await expect(page.getByTestId("table-chart").getByRole("columnheader")).toHaveText(["gender", "COUNT(*)"]);

  // the same query again is cached: answered at once (200), drawn the same
  const cached = page.waitForResponse((r) => r.url().endsWith("/api/v1/chart/data") && r.request().method() === "POST");
  await page.getByTestId("run-query").click();
  expect((await cached).status()).toBe(200);
  await expect(page.getByTestId("row-count")).toHaveText("2 rows");
});
