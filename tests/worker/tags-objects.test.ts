import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, json, q, unique } from "../support/access";
import { openApiAvailable, shapeProblems } from "../support/openapi";

// Tagging objects through the real Worker: tag and untag a dashboard, chart and saved query, find them by
// get_objects/ and by each list's Tag filter, edit tags in a dashboard PUT, bulk_create, and the system tags
// (owner:, type:, favorited_by:) Superset keeps as objects change.

let admin: ApiClient;
let me: number;
let datasetId: number;

beforeAll(async () => {
  admin = await loginAsAdmin();
  me = (await json(await admin.get("/api/v1/me/"))).result.id;
  datasetId = (await exampleDataset(admin, "birth_names")).id;
});

const shaped = (method: string, template: string, status: number, body: unknown) => {
  if (openApiAvailable) expect(shapeProblems(method, template, status, body)).toEqual([]);
};

async function created(res: Response): Promise<number> {
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ id: number }>(res)).id;
}

const names = (tags: { name: string }[]) => tags.map((t) => t.name).sort();

async function threeObjects() {
  const label = unique();
  return {
    label,
    dashboard: await created(await admin.post("/api/v1/dashboard/", { dashboard_title: `D ${label}` })),
    chart: await created(await admin.post("/api/v1/chart/", { slice_name: `C ${label}`, viz_type: "table", datasource_id: datasetId, datasource_type: "table", params: "{}" })),
    query: await created(await admin.post("/api/v1/saved_query/", { label: `Q ${label}`, sql: "SELECT 1" })),
  };
}

test("tag three objects, find them by get_objects/ and the lists' Tag filter, untag one", async () => {
  const o = await threeObjects();
  const tag = `finance-${o.label}`;
  for (const [type, id] of [["dashboard", o.dashboard], ["chart", o.chart], ["query", o.query]] as const) {
    const res = await admin.post(`/api/v1/tag/${type}/${id}/`, { properties: { tags: [tag] } });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  const tagId = (await json(await admin.get(`/api/v1/tag/?q=${q({ filters: [{ col: "name", opr: "eq", value: tag }] })}`))).ids[0];

  const objects = await json(await admin.get(`/api/v1/tag/get_objects/?tagIds=${tagId}`));
  shaped("get", "/api/v1/tag/get_objects/", 200, objects);
  expect(objects.result.map((r: { type: string; name: string }) => `${r.type} ${r.name}`).sort()).toEqual([`chart C ${o.label}`, `dashboard D ${o.label}`, `query Q ${o.label}`]);
  expect((await json(await admin.get(`/api/v1/tag/get_objects/?tags=${tag}&types=chart`))).result.map((r: { id: number }) => r.id)).toEqual([o.chart]);

  const dashList = await json(await admin.get(`/api/v1/dashboard/?q=${q({ filters: [{ col: "tags", opr: "dashboard_tag_id", value: tagId }] })}`));
  expect(dashList.ids).toEqual([o.dashboard]);
  expect(names(dashList.result[0].tags)).toEqual([tag, `owner:${me}`, "type:dashboard"]);
  shaped("get", "/api/v1/dashboard/", 200, dashList);
  const chartList = await json(await admin.get(`/api/v1/chart/?q=${q({ filters: [{ col: "tags", opr: "chart_tags", value: tag }] })}`));
  expect(chartList.ids).toEqual([o.chart]);
  shaped("get", "/api/v1/chart/", 200, chartList);
  const queryList = await json(await admin.get(`/api/v1/saved_query/?q=${q({ filters: [{ col: "tags", opr: "saved_query_tag_id", value: tagId }] })}`));
  expect(queryList.ids).toEqual([o.query]);
  expect(names(queryList.result[0].tags)).toEqual([tag, `owner:${me}`, "type:query"]);
  shaped("get", "/api/v1/saved_query/", 200, queryList);

  const untag = await admin.delete(`/api/v1/tag/chart/${o.chart}/${tag}/`);
  expect(untag.status).toBe(200);
  shaped("delete", "/api/v1/tag/{object_type}/{object_id}/{tag}/", 200, await json(untag));
  expect((await admin.delete(`/api/v1/tag/chart/${o.chart}/${tag}/`)).status).toBe(404);
  expect((await json(await admin.get(`/api/v1/tag/get_objects/?tagIds=${tagId}`))).result).toHaveLength(2);
});

test("bad tag names on an object are 400 naming them; unknown types and objects are 400 and 404", async () => {
  const o = await threeObjects();
  const bad = await admin.post(`/api/v1/tag/dashboard/${o.dashboard}/`, { properties: { tags: ["good", "owner:1", "x".repeat(300)] } });
  expect(bad.status).toBe(400);
  const msg = JSON.stringify((await json(bad)).message);
  expect(msg).toContain("owner:1");
  expect(msg).toContain("longer than 250");
  expect((await admin.post(`/api/v1/tag/dataset/${o.dashboard}/`, { tags: ["x"] })).status).toBe(400);
  expect((await admin.post(`/api/v1/tag/dashboard/987654/`, { tags: ["x"] })).status).toBe(404);
  expect((await admin.post(`/api/v1/tag/dashboard/${o.dashboard}/`, {})).status).toBe(400);
  // nothing half-written: "good" was not attached
  expect(names((await json(await admin.get(`/api/v1/dashboard/${o.dashboard}`))).result.tags)).not.toContain("good");
});

test("tags edited in a dashboard PUT and a chart PUT (the properties dialogs), bulk_create across objects", async () => {
  const o = await threeObjects();
  const a = await created(await admin.post("/api/v1/tag/", { name: `a-${o.label}` }));
  const b = await created(await admin.post("/api/v1/tag/", { name: `b-${o.label}` }));
  expect((await admin.put(`/api/v1/dashboard/${o.dashboard}`, { tags: [a, b] })).status).toBe(200);
  expect((await admin.put(`/api/v1/dashboard/${o.dashboard}`, { tags: [b] })).status).toBe(200);
  expect(names((await json(await admin.get(`/api/v1/dashboard/${o.dashboard}`))).result.tags)).toEqual([`b-${o.label}`, `owner:${me}`, "type:dashboard"]);
  expect((await admin.put(`/api/v1/chart/${o.chart}`, { tags: [a] })).status).toBe(200);
  expect(names((await json(await admin.get(`/api/v1/chart/${o.chart}`))).result.tags)).toContain(`a-${o.label}`);
  expect((await admin.put(`/api/v1/chart/${o.chart}`, { tags: [987654] })).status).toBe(400);

  const bulk = await admin.post("/api/v1/tag/bulk_create", { tags: [{ name: `c-${o.label}`, objects_to_tag: [["query", o.query], ["chart", o.chart]] }] });
  expect(bulk.status, await bulk.clone().text()).toBe(200);
  const body = await json(bulk);
  shaped("post", "/api/v1/tag/bulk_create", 200, body);
  expect(body.result.objects_tagged).toEqual(expect.arrayContaining([["query", o.query], ["chart", o.chart]]));
  expect(body.result.objects_skipped).toEqual([]);
  expect((await admin.post("/api/v1/tag/bulk_create", { tags: [{ name: "bad:name", objects_to_tag: [] }] })).status).toBe(400);
});

test("system tags follow owners, favourites and deletes", async () => {
  const o = await threeObjects();
  const tagsOf = async (path: string) => names((await json(await admin.get(path))).result.tags);
  expect(await tagsOf(`/api/v1/chart/${o.chart}`)).toEqual([`owner:${me}`, "type:chart"]);

  const other = (await json(await admin.post("/api/v1/security/users/", {
    username: `owner_${o.label}`, first_name: "O", last_name: "W", email: `owner_${o.label}@example.com`, password: `pw-${unique()}-${unique()}`, roles: [1],
  }))).id as number;
  expect((await admin.put(`/api/v1/dashboard/${o.dashboard}`, { owners: [other] })).status).toBe(200);
  expect(await tagsOf(`/api/v1/dashboard/${o.dashboard}`)).toEqual([`owner:${other}`, "type:dashboard"]);

  await admin.post(`/api/v1/chart/${o.chart}/favorites/`);
  expect(await tagsOf(`/api/v1/chart/${o.chart}`)).toEqual([`favorited_by:${me}`, `owner:${me}`, "type:chart"]);
  await admin.delete(`/api/v1/chart/${o.chart}/favorites/`);
  expect(await tagsOf(`/api/v1/chart/${o.chart}`)).toEqual([`owner:${me}`, "type:chart"]);

  const typeTag = (await json(await admin.get(`/api/v1/tag/?q=${q({ filters: [{ col: "name", opr: "eq", value: "type:query" }] })}`))).result[0];
  expect(typeTag.type).toBe(2);
  expect((await admin.put(`/api/v1/tag/${typeTag.id}`, { name: "renamed" })).status).toBe(400);
  expect((await admin.delete(`/api/v1/saved_query/${o.query}`)).status).toBe(200);
  const left = await json(await admin.get(`/api/v1/tag/get_objects/?tagIds=${typeTag.id}&types=query`));
  expect(left.result.map((r: { id: number }) => r.id)).not.toContain(o.query);
});
