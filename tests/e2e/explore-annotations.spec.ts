import { expect, test, type Page } from "@playwright/test";
import { birthNamesId, openWithFormData, pickOption } from "./explore-helpers";
import { admin, login } from "./helpers";

// Explore's annotation layers control on a timeseries chart (issue 10): a formula line and an event layer read
// from the product's annotation layers; an incomplete or bad layer cannot be applied; the next query carries the
// layers and answers the event layer's records.

async function post<T>(page: Page, path: string, body: unknown): Promise<T> {
  return page.evaluate(async ({ path, body }) => {
    const csrf = ((await (await fetch("/api/v1/security/csrf_token/")).json()) as { result: string }).result;
    const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json", "X-CSRFToken": csrf }, body: JSON.stringify(body) });
    return res.json();
  }, { path, body }) as Promise<T>;
}

test("explore: annotation layers — a formula and an event layer are applied, queried and drawn", async ({ page }) => {
  await login(page, admin().username, admin().password);
  const layerName = `Releases ${Date.now().toString(36)}`;
  const layer = await post<{ id: number }>(page, "/api/v1/annotation_layer/", { name: layerName });
  await post(page, `/api/v1/annotation_layer/${layer.id}/annotation/`, { short_descr: "Launch", start_dttm: "1990-01-01", end_dttm: "1990-01-01" });

  await openWithFormData(page, await birthNamesId(page), { viz_type: "echarts_timeseries_line", x_axis: "ds", time_grain_sqla: "P1Y", metrics: ["count"], groupby: [], adhoc_filters: [], time_range: "No filter" });
  await page.getByRole("button", { name: "Annotations and Layers" }).click();

  // a formula layer: a bad expression is refused with Superset's message
  await page.getByTestId("add-annotation-layer").click();
  const editor = page.getByTestId("annotation-layer-editor");
  await expect(editor.getByTestId("annotation-layer-problem")).toHaveText("Name is required");
  await editor.getByRole("textbox", { name: "Name" }).fill("Target");
  await editor.getByRole("textbox", { name: "Formula" }).fill("2000 + (");
  await expect(editor.getByTestId("annotation-layer-problem")).toHaveText("Bad formula.");
  await expect(editor.getByTestId("annotation-layer-apply")).toBeDisabled();
  await editor.getByRole("textbox", { name: "Formula" }).fill("2000");
  await editor.getByTestId("annotation-layer-apply").click();

  // an event layer read from the annotation layer made above
  await page.getByTestId("add-annotation-layer").click();
  await editor.getByRole("textbox", { name: "Name" }).fill("Launches");
  await pickOption(page, editor.getByRole("textbox", { name: "Annotation layer type" }), "Event");
  await expect(editor.getByTestId("annotation-layer-problem")).toHaveText("Choose an annotation layer");
  await pickOption(page, editor.getByRole("textbox", { name: "Annotation layer", exact: true }), layerName);
  await editor.getByTestId("annotation-layer-apply").click();
  await expect(page.getByTestId("annotation-layer")).toHaveCount(2);
  await expect(page.getByTestId("annotation-layer").nth(1)).toContainText("Launches · Event");

  const answered = page.waitForResponse((r) => r.url().includes("/api/v1/chart/data") && r.request().method() === "POST");
  await page.getByTestId("run-query").click();
  const body = await (await answered).json();
  expect(body.result[0].annotation_data.Launches.records.map((r: { short_descr: string }) => r.short_descr)).toEqual(["Launch"]);
  await expect(page.getByTestId("chart-error")).toHaveCount(0);
  await expect(page.getByTestId("chartjs-chart")).toBeVisible();
});
