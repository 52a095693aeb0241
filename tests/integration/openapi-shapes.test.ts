import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, q, unique } from "../support/access";
import { openApiAvailable, openApiMissingReason, shapeProblems } from "../support/openapi";
import { skipWithout } from "../support/prerequisite";

// Every answer of the chart path, judged by Superset's own OpenAPI document: charts, chart data (each result
// type and the cache-key read), explore (context, form data, permalinks), annotation layers and column values
// (Superset's document has no time_range path: chart-data.test.ts checks that one). A field of the wrong type, a missing required field or a wrong envelope fails here.

const shapeTest = skipWithout(openApiAvailable, openApiMissingReason) ? test.skip : test;

let admin: ApiClient;
let datasetId: number;

beforeAll(async () => {
  admin = await loginAsAdmin();
  datasetId = (await exampleDataset(admin, "birth_names")).id;
});

/** Calls the Worker and returns the body after checking status and shape against the published schema. */
async function conforming(method: "get" | "post" | "put" | "delete", template: string, path: string, status: number, body?: unknown, label = "") {
  const res = method === "get" || method === "delete" ? await admin[method](path) : await admin[method](path, body);
  const text = await res.text();
  expect(res.status, `${method.toUpperCase()} ${path}: ${text.slice(0, 300)}`).toBe(status);
  const parsed = JSON.parse(text);
  expect(shapeProblems(method, template, status, parsed), `${method.toUpperCase()} ${path} ${label}`).toEqual([]);
  return parsed;
}

const context = (extra: Record<string, unknown> = {}) => ({
  datasource: { id: datasetId, type: "table" },
  queries: [{ columns: ["gender"], metrics: ["count"], orderby: [["count", false]], row_limit: 10, ...extra }],
  result_format: "json",
  result_type: "full",
});

shapeTest("charts API answers in Superset's published shapes", async () => {
  const name = `Shapes ${unique()}`;
  const body = { slice_name: name, viz_type: "pie", datasource_id: datasetId, datasource_type: "table", params: JSON.stringify({ metric: "count", groupby: ["gender"] }), query_context: JSON.stringify(context()) };
  const created = await conforming("post", "/api/v1/chart/", "/api/v1/chart/", 201, body);
  const id = created.id as number;
  await conforming("get", "/api/v1/chart/{pk}", `/api/v1/chart/${id}`, 200);
  await conforming("get", "/api/v1/chart/", `/api/v1/chart/?q=${q({ filters: [{ col: "slice_name", opr: "chart_all_text", value: name }] })}`, 200);
  await conforming("get", "/api/v1/chart/_info", `/api/v1/chart/_info?q=${q({ keys: ["permissions"] })}`, 200);
  await conforming("get", "/api/v1/chart/related/{column_name}", "/api/v1/chart/related/owners", 200);
  await conforming("put", "/api/v1/chart/{pk}", `/api/v1/chart/${id}`, 200, { description: "shape check" });
  // Superset's add_favorite/remove_favorite answer `result="OK"`, though the document types result as an object
  expect(await (await admin.post(`/api/v1/chart/${id}/favorites/`)).json()).toEqual({ result: "OK" });
  await conforming("get", "/api/v1/chart/favorite_status/", `/api/v1/chart/favorite_status/?q=${q([id])}`, 200);
  expect(await (await admin.delete(`/api/v1/chart/${id}/favorites/`)).json()).toEqual({ result: "OK" });
  await conforming("get", "/api/v1/chart/{pk}/data/", `/api/v1/chart/${id}/data/`, 200);
  await conforming("put", "/api/v1/chart/warm_up_cache", "/api/v1/chart/warm_up_cache", 200, { chart_id: id });
  await conforming("delete", "/api/v1/chart/{pk}", `/api/v1/chart/${id}`, 200);
});

shapeTest("chart data answers in ChartDataResponseSchema for every result type, and by cache key", async () => {
  // result_type "query" answers only {language, query} per query in Superset (QueryContextProcessor's _get_query),
  // though the document lists the cache fields as required for every result
  const asQuery = (await (await admin.post("/api/v1/chart/data", { ...context(), result_type: "query" })).json()) as { result: unknown[] };
  expect(asQuery.result).toMatchObject([{ language: "sql", query: expect.stringContaining("GROUP BY") }]);
  for (const resultType of ["full", "samples", "drill_detail", "post_processed"]) {
    const body = await conforming("post", "/api/v1/chart/data", "/api/v1/chart/data", 200, { ...context(), result_type: resultType }, resultType);
    expect(body.result).toHaveLength(1);
  }
  const full = await conforming("post", "/api/v1/chart/data", "/api/v1/chart/data", 200, context({ time_range: "No filter" }));
  const key = full.result[0].cache_key as string;
  await conforming("get", "/api/v1/chart/data/{cache_key}", `/api/v1/chart/data/${key}`, 200);
});

shapeTest("explore, column values and annotation layers answer in their published shapes", async () => {
  await conforming("get", "/api/v1/explore/", `/api/v1/explore/?datasource_id=${datasetId}&datasource_type=table`, 200);
  const formData = JSON.stringify({ datasource: `${datasetId}__table`, viz_type: "table" });
  const stored = await conforming("post", "/api/v1/explore/form_data", "/api/v1/explore/form_data", 201, { datasource_id: datasetId, datasource_type: "table", form_data: formData });
  await conforming("get", "/api/v1/explore/form_data/{key}", `/api/v1/explore/form_data/${stored.key}`, 200);
  await conforming("put", "/api/v1/explore/form_data/{key}", `/api/v1/explore/form_data/${stored.key}`, 200, { datasource_id: datasetId, datasource_type: "table", form_data: formData });
  await conforming("delete", "/api/v1/explore/form_data/{key}", `/api/v1/explore/form_data/${stored.key}`, 200);
  const link = await conforming("post", "/api/v1/explore/permalink", "/api/v1/explore/permalink", 201, { formData: { datasource: `${datasetId}__table`, viz_type: "table" }, urlParams: [] });
  await conforming("get", "/api/v1/explore/permalink/{key}", `/api/v1/explore/permalink/${link.key}`, 200);

  await conforming("get", "/api/v1/datasource/{datasource_type}/{datasource_id}/column/{column_name}/values/", `/api/v1/datasource/table/${datasetId}/column/gender/values/`, 200);

  const layer = await conforming("post", "/api/v1/annotation_layer/", "/api/v1/annotation_layer/", 201, { name: `Layer ${unique()}`, descr: "shapes" });
  await conforming("get", "/api/v1/annotation_layer/{pk}", `/api/v1/annotation_layer/${layer.id}`, 200);
  await conforming("get", "/api/v1/annotation_layer/", "/api/v1/annotation_layer/", 200);
  const note = await conforming("post", "/api/v1/annotation_layer/{pk}/annotation/", `/api/v1/annotation_layer/${layer.id}/annotation/`, 201, {
    short_descr: "launch", start_dttm: "2024-01-01T00:00:00", end_dttm: "2024-01-02T00:00:00",
  });
  await conforming("get", "/api/v1/annotation_layer/{pk}/annotation/", `/api/v1/annotation_layer/${layer.id}/annotation/`, 200);
  await conforming("get", "/api/v1/annotation_layer/{pk}/annotation/{annotation_id}", `/api/v1/annotation_layer/${layer.id}/annotation/${note.id}`, 200);
  await conforming("delete", "/api/v1/annotation_layer/{pk}/annotation/{annotation_id}", `/api/v1/annotation_layer/${layer.id}/annotation/${note.id}`, 200);
  await conforming("delete", "/api/v1/annotation_layer/{pk}", `/api/v1/annotation_layer/${layer.id}`, 200);
});

shapeTest("the checker itself refuses a body of the wrong shape", () => {
  // guards the guard: a checker that accepted anything would make every test above pass
  expect(shapeProblems("post", "/api/v1/chart/data", 200, { result: "not a list" })).not.toEqual([]);
  expect(shapeProblems("get", "/api/v1/explore/permalink/{key}", 200, { state: "not an object" })).not.toEqual([]);
});
