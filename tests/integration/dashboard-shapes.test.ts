import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, q, unique } from "../support/access";
import { openApiAvailable, openApiMissingReason, shapeProblems } from "../support/openapi";
import { skipWithout } from "../support/prerequisite";

// Every answer of the dashboards API judged by Superset's own OpenAPI document (DashboardRestApi): list, _info,
// get by id and by slug, charts, datasets, related owners, favourites, create, update and delete.

const shapeTest = skipWithout(openApiAvailable, openApiMissingReason) ? test.skip : test;

let admin: ApiClient;
let datasetId: number;

beforeAll(async () => {
  admin = await loginAsAdmin();
  datasetId = (await exampleDataset(admin, "birth_names")).id;
});

/** Problems other than a null where the document says a plain type: DashboardDatasetSchema's fields are marshmallow
 * fields dumped without allow_none checks, so Superset itself answers null for a dataset's unset sql, cache_timeout… */
const valueAt = (body: unknown, pointer: string) => pointer.split("/").slice(1).reduce<unknown>((v, k) => (v as Record<string, unknown> | null)?.[k], body);
const notNullProblems = (problems: string[], body: unknown) => problems.filter((p) => valueAt(body, p.split(" ")[0]) !== null);

async function conforming(method: "get" | "post" | "put" | "delete", template: string, path: string, status: number, body?: unknown, allowNull = false) {
  const res = method === "get" || method === "delete" ? await admin[method](path) : await admin[method](path, body);
  const text = await res.text();
  expect(res.status, `${method.toUpperCase()} ${path}: ${text.slice(0, 300)}`).toBe(status);
  const parsed = JSON.parse(text);
  const problems = shapeProblems(method, template, status, parsed);
  expect(allowNull ? notNullProblems(problems, parsed) : problems, `${method.toUpperCase()} ${path}`).toEqual([]);
  return parsed;
}

shapeTest("dashboards API answers in Superset's published shapes", async () => {
  const chart = await (await admin.post("/api/v1/chart/", {
    slice_name: `Dash shapes ${unique()}`, viz_type: "pie", datasource_id: datasetId, datasource_type: "table",
    params: JSON.stringify({ viz_type: "pie", metric: "count", groupby: ["gender"] }),
  })).json() as { id: number };
  const layout = {
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-a"] },
    "ROW-a": { type: "ROW", id: "ROW-a", children: ["CHART-a"], meta: {} },
    "CHART-a": { type: "CHART", id: "CHART-a", children: [], meta: { chartId: chart.id, width: 4, height: 50 } },
  };
  const slug = `shapes-${unique()}`;
  // every optional text set, as Superset's document types them as plain (non-null) strings
  const created = await conforming("post", "/api/v1/dashboard/", "/api/v1/dashboard/", 201, {
    dashboard_title: "Shapes", slug, published: true, css: "", certified_by: "QA", certification_details: "checked",
    position_json: JSON.stringify(layout), json_metadata: JSON.stringify({ refresh_frequency: 0 }),
  });
  const id = created.id as number;
  await conforming("get", "/api/v1/dashboard/{id_or_slug}", `/api/v1/dashboard/${id}`, 200);
  await conforming("get", "/api/v1/dashboard/{id_or_slug}", `/api/v1/dashboard/${slug}`, 200);
  await conforming("get", "/api/v1/dashboard/{id_or_slug}/charts", `/api/v1/dashboard/${id}/charts`, 200);
  await conforming("get", "/api/v1/dashboard/{id_or_slug}/tabs", `/api/v1/dashboard/${id}/tabs`, 200);
  await conforming("get", "/api/v1/dashboard/{id_or_slug}/datasets", `/api/v1/dashboard/${id}/datasets`, 200, undefined, true);
  await conforming("get", "/api/v1/dashboard/", `/api/v1/dashboard/?q=${q({ filters: [{ col: "dashboard_title", opr: "title_or_slug", value: slug }] })}`, 200);
  await conforming("get", "/api/v1/dashboard/_info", `/api/v1/dashboard/_info?q=${q({ keys: ["permissions"] })}`, 200);
  await conforming("get", "/api/v1/dashboard/related/{column_name}", "/api/v1/dashboard/related/owners", 200);
  await conforming("get", "/api/v1/dashboard/favorite_status/", `/api/v1/dashboard/favorite_status/?q=${q([id])}`, 200);
  const saved = await conforming("put", "/api/v1/dashboard/{pk}", `/api/v1/dashboard/${id}`, 200, { dashboard_title: "Shapes 2", json_metadata: JSON.stringify({ positions: layout }) });
  expect(typeof saved.last_modified_time).toBe("number");
  await conforming("delete", "/api/v1/dashboard/{pk}", `/api/v1/dashboard/${id}`, 200);
});
