import { beforeAll, expect, test } from "vitest";
import { datasourcePermName } from "../../core/security/permissions";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, gammaWith, json, listAll, pairFor, pairs, q, unique } from "../support/access";

// "Save as" (POST /api/v1/dashboard/{id_or_slug}/copy/, with and without copies of the charts) and the CSS
// templates API (/api/v1/css_template/) through the real Worker, in Superset's shapes and permissions.

let admin: ApiClient;
let birthNames: { id: number; database: { database_name: string } };

beforeAll(async () => {
  admin = await loginAsAdmin();
  birthNames = await exampleDataset(admin, "birth_names");
});

async function makeChart(name: string): Promise<number> {
  const res = await admin.post("/api/v1/chart/", {
    slice_name: name, viz_type: "pie", datasource_id: birthNames.id, datasource_type: "table",
    params: JSON.stringify({ viz_type: "pie", metric: "count", groupby: ["gender"] }), description: "Births by gender",
  });
  expect(res.status).toBe(201);
  return (await json(res)).id;
}

const layoutWith = (chartIds: number[]) => ({
  ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
  GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"], parents: ["ROOT_ID"] },
  "ROW-1": { type: "ROW", id: "ROW-1", children: chartIds.map((id) => `CHART-${id}`), parents: ["ROOT_ID", "GRID_ID"], meta: { background: "BACKGROUND_TRANSPARENT" } },
  ...Object.fromEntries(chartIds.map((id) => [`CHART-${id}`, { type: "CHART", id: `CHART-${id}`, children: [], meta: { chartId: id, width: 6, height: 50 } }])),
});

async function makeDashboard(chartIds: number[], extra: Record<string, unknown> = {}) {
  const res = await admin.post("/api/v1/dashboard/", {
    dashboard_title: `Original ${unique()}`, slug: `orig-${unique()}`, published: true, css: ".a { color: red }",
    position_json: JSON.stringify(layoutWith(chartIds)), json_metadata: JSON.stringify({ color_scheme: "supersetColors", timed_refresh_immune_slices: [chartIds[0]] }),
    ...extra,
  });
  expect(res.status).toBe(201);
  return (await json(res)).id as number;
}

test("save as copies a dashboard sharing its charts: a draft of the caller's, same layout, the new title, CSS and metadata", async () => {
  const chartId = await makeChart(`Copy shared ${unique()}`);
  const id = await makeDashboard([chartId]);
  const res = await admin.post(`/api/v1/dashboard/${id}/copy/`, {
    dashboard_title: "Original [copy]", css: ".b { color: blue }", json_metadata: JSON.stringify({ color_scheme: "bnbColors", refresh_frequency: 10 }), duplicate_slices: false,
  });
  expect(res.status).toBe(200);
  const body = await json(res);
  expect(body).toEqual({ id: expect.any(Number), last_modified_time: expect.any(Number), result: { id: body.id, last_modified_time: body.last_modified_time } });
  expect(body.id).not.toBe(id);
  expect(Math.abs(body.last_modified_time - Date.now() / 1000)).toBeLessThan(60);

  const copy = (await json(await admin.get(`/api/v1/dashboard/${body.id}`))).result;
  expect(copy).toMatchObject({ dashboard_title: "Original [copy]", css: ".b { color: blue }", published: false, slug: null });
  expect(JSON.parse(copy.json_metadata)).toEqual({ color_scheme: "bnbColors", refresh_frequency: 10 });
  expect(JSON.parse(copy.position_json)).toEqual(layoutWith([chartId]));
  const charts = (await json(await admin.get(`/api/v1/dashboard/${body.id}/charts`))).result;
  expect(charts.map((c: { id: number }) => c.id)).toEqual([chartId]);
  // by slug too
  const original = (await json(await admin.get(`/api/v1/dashboard/${id}`))).result;
  expect((await admin.post(`/api/v1/dashboard/${original.slug}/copy/`, { json_metadata: "{}" })).status).toBe(200);
});

test("save as with duplicate_slices clones every chart and points the layout and metadata at the clones", async () => {
  const first = await makeChart(`Clone me ${unique()}`);
  const second = await makeChart(`Clone me too ${unique()}`);
  const id = await makeDashboard([first, second]);
  const positions = { ...layoutWith([first, second]), DASHBOARD_VERSION_KEY: "v2" };
  const res = await admin.post(`/api/v1/dashboard/${id}/copy/`, {
    dashboard_title: "Deep copy", json_metadata: JSON.stringify({ positions, timed_refresh_immune_slices: [first], expanded_slices: { [second]: true } }), duplicate_slices: true,
  });
  expect(res.status).toBe(200);
  const newId = (await json(res)).id;
  const charts = (await json(await admin.get(`/api/v1/dashboard/${newId}/charts`))).result as { id: number; slice_name: string; description: string }[];
  expect(charts).toHaveLength(2);
  expect(charts.map((c) => c.id).some((c) => c === first || c === second)).toBe(false);
  expect(charts.map((c) => c.description)).toEqual(["Births by gender", "Births by gender"]);
  const copy = (await json(await admin.get(`/api/v1/dashboard/${newId}`))).result;
  const layout = JSON.parse(copy.position_json);
  const placed = Object.values(layout).filter((c: any) => c?.type === "CHART").map((c: any) => c.meta.chartId).sort();
  expect(placed).toEqual(charts.map((c) => c.id).sort());
  const meta = JSON.parse(copy.json_metadata);
  expect(meta.positions).toBeUndefined();
  expect(meta.timed_refresh_immune_slices).toEqual([charts.find((c) => c.slice_name.startsWith("Clone me "))!.id]);
  expect(Object.keys(meta.expanded_slices)).toEqual([String(charts.find((c) => c.slice_name.startsWith("Clone me too"))!.id)]);
  // the original keeps its own charts
  const kept = (await json(await admin.get(`/api/v1/dashboard/${id}/charts`))).result.map((c: { id: number }) => c.id);
  expect(kept).toEqual([first, second]);
});

test("copy: bad bodies are refused field by field, unknown dashboards 404, and readers without can_write get 403", async () => {
  const chartId = await makeChart(`Copy guard ${unique()}`);
  const id = await makeDashboard([chartId]);
  const missing = await admin.post(`/api/v1/dashboard/${id}/copy/`, { dashboard_title: "x" });
  expect(missing.status).toBe(400);
  expect((await json(missing)).message).toEqual({ json_metadata: ["Missing data for required field."] });
  const bad = await admin.post(`/api/v1/dashboard/${id}/copy/`, { json_metadata: "{nope", duplicate_slices: "yes" });
  expect(bad.status).toBe(400);
  expect((await json(bad)).message).toEqual({ json_metadata: ["JSON not valid"], duplicate_slices: ["Not a valid boolean."] });
  expect((await admin.post(`/api/v1/dashboard/999999999/copy/`, { json_metadata: "{}" })).status).toBe(404);

  const all = await pairs(admin);
  const view = datasourcePermName(birthNames.database.database_name, "birth_names", birthNames.id);
  const reader = await gammaWith(admin, [pairFor(all, "datasource_access", view)!.id]);
  expect((await reader.get(`/api/v1/dashboard/${id}`)).status).toBe(200);
  expect((await reader.post(`/api/v1/dashboard/${id}/copy/`, { json_metadata: "{}" })).status).toBe(403);
  // a writer who can see it copies it and owns the copy
  const editor = await gammaWith(admin, [pairFor(all, "datasource_access", view)!.id, pairFor(all, "can_write", "Dashboard")!.id]);
  const copied = await editor.post(`/api/v1/dashboard/${id}/copy/`, { dashboard_title: "Mine", json_metadata: "{}" });
  expect(copied.status).toBe(200);
  const newId = (await json(copied)).id;
  expect((await editor.put(`/api/v1/dashboard/${newId}`, { dashboard_title: "Still mine" })).status).toBe(200);
  expect((await editor.put(`/api/v1/dashboard/${id}`, { dashboard_title: "Not mine" })).status).toBe(403);
});

test("CSS templates: create, read, list with search and order, update, delete one and many, in Superset's shapes", async () => {
  const name = `Dark ${unique()}`;
  const created = await admin.post("/api/v1/css_template/", { template_name: name, css: ".dashboard { background: #111 }" });
  expect(created.status).toBe(201);
  const { id, result } = await json(created);
  expect(result).toEqual({ template_name: name, css: ".dashboard { background: #111 }" });

  const got = await json(await admin.get(`/api/v1/css_template/${id}`));
  expect(got.id).toBe(id);
  expect(got.result).toEqual({
    id, template_name: name, css: ".dashboard { background: #111 }", changed_on_delta_humanized: expect.stringMatching(/ago|now/),
    changed_by: { id: expect.any(Number), first_name: expect.any(String), last_name: expect.any(String) },
    created_by: { id: expect.any(Number), first_name: expect.any(String), last_name: expect.any(String) },
  });
  expect(got.show_columns).toContain("template_name");

  const other = (await json(await admin.post("/api/v1/css_template/", { template_name: `Aaa ${unique()}`, css: `.x { color: ${name.length} }` }))).id;
  const search = await json(await admin.get(`/api/v1/css_template/?q=${q({ filters: [{ col: "template_name", opr: "css_template_all_text", value: name }] })}`));
  expect(search.count).toBe(1);
  expect(search.ids).toEqual([id]);
  expect(search.result[0]).toMatchObject({ id, template_name: name, created_on: expect.any(String) });
  expect(search.list_columns).toContain("css");
  const ordered = await listAll(admin, "/api/v1/css_template/", { order_column: "template_name", order_direction: "asc" });
  const names = ordered.map((r: { template_name: string }) => r.template_name);
  expect(names).toEqual([...names].sort());
  expect((await admin.get(`/api/v1/css_template/?q=${q({ order_column: "css" })}`)).status).toBe(400);

  const put = await admin.put(`/api/v1/css_template/${id}`, { css: ".dashboard { background: #222 }" });
  expect(put.status).toBe(200);
  expect(await json(put)).toEqual({ id, result: { css: ".dashboard { background: #222 }" } });
  expect((await json(await admin.get(`/api/v1/css_template/${id}`))).result.css).toBe(".dashboard { background: #222 }");

  const info = await json(await admin.get("/api/v1/css_template/_info"));
  expect(info.permissions).toEqual(["can_read", "can_write"]);
  expect(info.filters.template_name[0]).toEqual({ name: "All Text", operator: "css_template_all_text" });
  expect((await admin.get(`/api/v1/css_template/related/created_by?q=${q({})}`)).status).toBe(200);

  expect(await json(await admin.delete(`/api/v1/css_template/${id}`))).toEqual({ message: "OK" });
  expect((await admin.get(`/api/v1/css_template/${id}`)).status).toBe(404);
  const third = (await json(await admin.post("/api/v1/css_template/", { template_name: `Bulk ${unique()}`, css: "" }))).id;
  expect((await admin.delete(`/api/v1/css_template/?q=${q([other, third, 999999999])}`)).status).toBe(404);
  expect((await admin.get(`/api/v1/css_template/${other}`)).status).toBe(200);
  expect(await json(await admin.delete(`/api/v1/css_template/?q=${q([other, third])}`))).toEqual({ message: "Deleted 2 css templates" });
});

test("CSS templates: bad bodies name their fields; Gamma reads but cannot write", async () => {
  const bad = await admin.post("/api/v1/css_template/", { template_name: "x".repeat(251), css: 5, owner: 1 });
  expect(bad.status).toBe(400);
  expect((await json(bad)).message).toEqual({ template_name: ["Longer than maximum length 250."], css: ["Not a valid string."], owner: ["Unknown field."] });
  expect((await admin.put("/api/v1/css_template/999999999", { css: "" })).status).toBe(404);
  const id = (await json(await admin.post("/api/v1/css_template/", { template_name: `Shared ${unique()}`, css: ".a{}" }))).id;

  const gamma = await gammaWith(admin, []);
  expect((await gamma.get(`/api/v1/css_template/${id}`)).status).toBe(200);
  expect((await json(await gamma.get("/api/v1/css_template/_info"))).permissions).toEqual(["can_read"]);
  expect((await gamma.post("/api/v1/css_template/", { template_name: "nope" })).status).toBe(403);
  expect((await gamma.put(`/api/v1/css_template/${id}`, { css: "" })).status).toBe(403);
  expect((await gamma.delete(`/api/v1/css_template/${id}`)).status).toBe(403);
});
