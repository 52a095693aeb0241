import { expect, test } from "./shared-page";
import { post } from "./api-helpers";
import { addTab, chooseDatabase, openSqlLab, typeSql } from "./sqllab-helpers";

// Things that used to do nothing (issue 31): each journey presses the control and checks that something
// visibly happened, on the one signed-in admin page the spec shares.

// A D1 query of several seconds. D1 cannot interrupt a statement, and under `wrangler dev` the statement holds
// the whole Worker until it ends, so the stop's answer comes only then: "stopped" must show before it.
const LONG_D1 = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 30000000) SELECT count(*) AS n FROM c";

test("SQL Lab: Stop and Ctrl+E stop a running D1 query at once, in Results and in Query history", async ({ adminPage: page }) => {
  // examples runs asynchronously: the QueryJob Durable Object runs the statement
  await openSqlLab(page);
  await addTab(page);
  await chooseDatabase(page, "examples");
  await typeSql(page, LONG_D1);
  await page.getByTestId("run-button").click();
  await expect(page.getByTestId("query-running")).toBeVisible();
  const stop = page.waitForRequest((r) => r.url().includes("/api/v1/query/stop") && r.method() === "POST");
  await page.getByTestId("stop-button").click();
  expect((await stop).postDataJSON()).toHaveProperty("client_id");
  await expect(page.getByTestId("query-stopped")).toBeVisible();
  await expect(page.getByTestId("run-button")).toBeVisible();
  await page.getByRole("tab", { name: "Query history" }).click();
  await expect(page.getByTestId("query-history").getByTestId("query-state").first()).toHaveText("stopped");

  // the keyboard: Ctrl+E from inside the editor
  await page.getByRole("tab", { name: "Results" }).click();
  await page.locator(".monaco-editor .view-lines").first().click();
  await page.keyboard.press("Control+r");
  await expect(page.getByTestId("query-running")).toBeVisible();
  const stopByKey = page.waitForRequest((r) => r.url().includes("/api/v1/query/stop"));
  await page.keyboard.press("Control+e");
  await stopByKey;
  await expect(page.getByTestId("query-stopped")).toBeVisible();
});


test("a value filter over more values than its first page searches the column on the server as the user types", async ({ adminPage: page }) => {
  const ds = (await (await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))")}`)).json()) as { result: { id: number }[] };
  const slug = `names-${Date.now().toString(36)}`;
  const nameFilter = {
    id: "NATIVE_FILTER-names", type: "NATIVE_FILTER", name: "Name", filterType: "filter_select", targets: [{ datasetId: ds.result[0].id, column: { name: "name" } }],
    defaultDataMask: { extraFormData: {}, filterState: {} }, controlValues: { multiSelect: true }, cascadeParentIds: [], scope: { rootPath: ["ROOT_ID"], excluded: [] }, description: "",
  };
  await post(page, "/api/v1/dashboard/", { dashboard_title: `Names ${slug}`, slug, published: true, position_json: "{}", json_metadata: JSON.stringify({ native_filter_configuration: [nameFilter] }) });
  await page.goto(`/superset/dashboard/${slug}/`);
  const box = page.getByTestId("filter-bar").getByRole("textbox", { name: "Name" });
  await box.click();
  // the first page (Superset's 100) is not every name, and the list says so
  await expect(page.getByRole("option", { name: "Showing the first 100 values: type to search all" })).toBeVisible();
  await expect(page.getByRole("option", { name: "Michael", exact: true })).toHaveCount(0);
  const searched = page.waitForRequest((r) => r.url().includes("/api/v1/chart/data") && (r.postData() ?? "").includes("%Mich%"));
  await box.pressSequentially("Mich");
  await searched;
  await expect(page.getByRole("option", { name: "Michael", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
});
