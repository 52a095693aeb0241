import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, gammaWith, json, unique } from "../support/access";
import { newClientId } from "../support/sqllab";

// Superset's older chart routes on the same chart path: legacy explore_json (form_data in), the samples pane
// (/datasource/samples) and cache warm-up for a chart or all charts of a dataset. Figures are checked against
// SQL written independently and run through SQL Lab on the same example data.

let admin: ApiClient;
let birthNames: Awaited<ReturnType<typeof exampleDataset>>;

async function sql<T = Record<string, any>>(text: string): Promise<T[]> {
  const res = await json(await admin.post("/api/v1/sqllab/execute/", { client_id: newClientId(), database_id: birthNames.database.id, runAsync: false, sql: text }));
  return res.data as T[];
}

beforeAll(async () => {
  admin = await loginAsAdmin();
  birthNames = await exampleDataset(admin, "birth_names");
});

test("explore_json takes legacy form_data (query string, form or JSON) and answers the legacy payload", async () => {
  const formData = {
    datasource: `${birthNames.id}__table`, viz_type: "word_cloud", groupby: ["state"], metric: "count", row_limit: 3,
    adhoc_filters: [{ clause: "WHERE", expressionType: "SIMPLE", subject: "gender", operator: "==", comparator: "girl" }], time_range: "No filter",
  };
  const expected = await sql("SELECT state, COUNT(*) AS n FROM birth_names WHERE gender = 'girl' GROUP BY state ORDER BY n DESC LIMIT 3");
  const res = await admin.post("/tptanalytics/explore_json/", { form_data: formData });
  expect(res.status, await res.clone().text()).toBe(200);
  const body = await json(res);
  expect(body).toMatchObject({ status: "success", errors: [], rowcount: 3, colnames: ["state", "count"], form_data: formData });
  expect(body.data.map((r: any) => [r.state, Number(r.count)])).toEqual(expected.map((r) => [r.state, Number(r.n)]));

  const asForm = await admin.raw("/tptanalytics/explore_json/?query=true", {
    method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ form_data: JSON.stringify(formData) }).toString(),
  });
  expect(await json(asForm)).toMatchObject({ language: "sql", query: expect.stringContaining("GROUP BY") });
  const csv = await admin.get(`/tptanalytics/explore_json/?csv=true&form_data=${encodeURIComponent(JSON.stringify(formData))}`);
  expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
  expect((await csv.text()).replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("state,count");

  expect((await admin.post("/tptanalytics/explore_json/", { form_data: "{nope" })).status).toBe(400);
  expect((await admin.post("/tptanalytics/explore_json/", { form_data: { viz_type: "table" } })).status).toBe(400);
});

test("a saved chart's params come with slice_id; the caller's own form_data wins", async () => {
  const chart = await json(await admin.post("/api/v1/chart/", {
    slice_name: `States ${unique()}`, viz_type: "word_cloud", datasource_id: birthNames.id, datasource_type: "table",
    params: JSON.stringify({ viz_type: "word_cloud", groupby: ["gender"], metric: "count", row_limit: 10 }),
  }));
  const saved = await json(await admin.post(`/tptanalytics/explore_json/?slice_id=${chart.id}`, {}));
  expect(saved.colnames).toEqual(["gender", "count"]);
  const overridden = await json(await admin.post("/tptanalytics/explore_json/", { form_data: { slice_id: chart.id, groupby: ["state"] } }));
  expect(overridden.colnames).toEqual(["state", "count"]);
  expect((await admin.post("/tptanalytics/explore_json/?slice_id=99999999", {})).status).toBe(404);
});

test("samples: a page of rows with the total count, filters applied, per_page capped", async () => {
  const [{ n }] = await sql<{ n: number }>("SELECT COUNT(*) AS n FROM birth_names WHERE state = 'CA'");
  const body = { filters: [{ col: "state", op: "==", val: "CA" }] };
  const page2 = await json(await admin.post(`/datasource/samples?datasource_type=table&datasource_id=${birthNames.id}&per_page=7&page=2`, body));
  expect(page2.result).toMatchObject({ page: 2, per_page: 7, total_count: Number(n), rowcount: 7 });
  expect(page2.result.colnames).toEqual(expect.arrayContaining(["ds", "gender", "name", "num", "state"]));
  expect(page2.result.data.every((r: any) => r.state === "CA")).toBe(true);
  const all = await json(await admin.post(`/datasource/samples?datasource_type=table&datasource_id=${birthNames.id}`, {}));
  expect(all.result).toMatchObject({ page: 1, per_page: 1000, rowcount: 1000 });
  const bad = await admin.post(`/datasource/samples?datasource_type=druid&datasource_id=x&per_page=5000`, {});
  expect(bad.status).toBe(400);
  expect(Object.keys((await json(bad)).message).sort()).toEqual(["datasource_id", "datasource_type", "per_page"]);
  // a user without access to the dataset gets no rows
  const stranger = await gammaWith(admin, []);
  expect((await stranger.post(`/datasource/samples?datasource_type=table&datasource_id=${birthNames.id}`, {})).status).toBe(403);
});

test("warm-up runs a chart (or every chart of a dataset) so the next viewer hits the cache", async () => {
  const context = { datasource: { id: birthNames.id, type: "table" }, queries: [{ columns: ["gender"], metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: `w_${unique()}` }] }] };
  const chart = await json(await admin.post("/api/v1/chart/", {
    slice_name: `Warm ${unique()}`, viz_type: "pie", datasource_id: birthNames.id, datasource_type: "table", params: "{}", query_context: JSON.stringify(context),
  }));
  const warm = await json(await admin.put("/api/v1/chart/warm_up_cache", { chart_id: chart.id }));
  expect(warm).toEqual({ result: [{ chart_id: chart.id, viz_error: null, viz_status: "success" }] });
  await expect.poll(async () => (await json(await admin.get(`/api/v1/chart/${chart.id}/data/`))).result[0].is_cached, { timeout: 5000 }).toBe(true);

  const filtered = await json(await admin.put("/api/v1/chart/warm_up_cache", { chart_id: chart.id, extra_filters: JSON.stringify([{ col: "gender", op: "in", val: ["boy"] }]) }));
  expect(filtered.result[0].viz_status).toBe("success");
  expect((await admin.put("/api/v1/chart/warm_up_cache", { chart_id: chart.id, extra_filters: "[{" })).status).toBe(400);
  expect((await admin.put("/api/v1/chart/warm_up_cache", { chart_id: 99_999_999 })).status).toBe(404);
  expect((await admin.put("/api/v1/chart/warm_up_cache", { chart_id: chart.id, dashboard_id: 99_999_999 })).status).toBe(404);

  const byDataset = await json(await admin.put("/api/v1/dataset/warm_up_cache", { db_name: "examples", table_name: "birth_names" }));
  expect(byDataset.result).toContainEqual({ chart_id: chart.id, viz_error: null, viz_status: "success" });
  expect((await admin.put("/api/v1/dataset/warm_up_cache", { db_name: "examples", table_name: "nope" })).status).toBe(404);
  expect((await admin.put("/api/v1/dataset/warm_up_cache", {})).status).toBe(400);
});
