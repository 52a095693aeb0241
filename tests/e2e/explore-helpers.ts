import type { Page } from "@playwright/test";

// Helpers the Explore journeys share (explore.spec.ts, explore-more.spec.ts).

export async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await (await fetch(p)).json()) as T, path) as Promise<T>;
}

/** The id of the example dataset birth_names, read through the API with the page's session. */
export async function birthNamesId(page: Page): Promise<number> {
  const q = encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))");
  return (await api<{ result: { id: number }[] }>(page, `/api/v1/dataset/?q=${q}`)).result[0].id;
}

/**
 * How charts label a saved metric of a dataset: its verbose name, or its name when it has none. Read at run time:
 * journeys share a database, and one of them (datasets.spec.ts) renames birth_names' metrics.
 */
export async function metricLabel(page: Page, datasetId: number, metric: string): Promise<string> {
  const { result } = await api<{ result: { metrics: { metric_name: string; verbose_name: string | null }[] } }>(page, `/api/v1/dataset/${datasetId}`);
  const found = result.metrics.find((m) => m.metric_name === metric);
  return found?.verbose_name || metric;
}

/** Picks an option of a Mantine select (the input given) from its dropdown. */
export async function pickOption(page: Page, input: ReturnType<Page["getByRole"]>, option: string) {
  await input.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Opens Explore on a stored form data (as SQL Lab does) and answers nothing; the page is then on that state. */
export async function openWithFormData(page: Page, datasetId: number, formData: Record<string, unknown>) {
  const key = await page.evaluate(async ({ datasetId, formData }) => {
    const csrf = ((await (await fetch("/api/v1/security/csrf_token/")).json()) as { result: string }).result;
    const res = await fetch("/api/v1/explore/form_data", {
      method: "POST", headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify({ datasource_id: datasetId, datasource_type: "table", form_data: JSON.stringify({ ...formData, datasource: `${datasetId}__table` }) }),
    });
    return ((await res.json()) as { key: string }).key;
  }, { datasetId, formData });
  await page.goto(`/explore/?form_data_key=${key}`);
}
