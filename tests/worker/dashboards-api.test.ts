import { beforeAll, expect, test } from "vitest";
import { datasourcePermName } from "../../core/security/permissions";
import { getChartType } from "../../core/charts/registry";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, gammaWith, json, listAll, pairFor, pairs, q, unique } from "../support/access";

// The dashboards API (Superset's DashboardRestApi) through the real Worker: create with a layout, read by id
// and slug, charts and datasets of a dashboard, list filters, update with overwrite protection, favourites,
// delete, and Superset's DashboardAccessFilter (drafts only for owners and admins).

let admin: ApiClient;
let birthNames: { id: number; database: { database_name: string } };

beforeAll(async () => {
  admin = await loginAsAdmin();
  birthNames = await exampleDataset(admin, "birth_names");
});

async function makeChart(client: ApiClient, name = `Dash chart ${unique()}`): Promise<number> {
  const res = await client.post("/api/v1/chart/", {
    slice_name: name, viz_type: "pie", datasource_id: birthNames.id, datasource_type: "table",
    params: JSON.stringify({ viz_type: "pie", metric: "count", groupby: ["gender"] }),
  });
  expect(res.status).toBe(201);
  return (await json(res)).id;
}

const layoutWith = (chartIds: number[]) => ({
  DASHBOARD_VERSION_KEY: "v2",
  ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
  GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"], parents: ["ROOT_ID"] },
  "ROW-1": { type: "ROW", id: "ROW-1", children: chartIds.map((id) => `CHART-${id}`), parents: ["ROOT_ID", "GRID_ID"], meta: { background: "BACKGROUND_TRANSPARENT" } },
  ...Object.fromEntries(chartIds.map((id) => [`CHART-${id}`, { type: "CHART", id: `CHART-${id}`, children: [], meta: { chartId: id, width: 6, height: 50 } }])),
});

test("an admin creates a dashboard with a layout, reads it by id and slug, with its charts and datasets", async () => {
  const chartId = await makeChart(admin);
  const slug = `sales-${unique()}`;
  const created = await admin.post("/api/v1/dashboard/", {
    dashboard_title: "Sales overview", slug, published: true, css: ".x { color: red }",
    position_json: JSON.stringify(layoutWith([chartId])), json_metadata: JSON.stringify({ color_scheme: "supersetColors", refresh_frequency: 0 }),
  });
  expect(created.status).toBe(201);
  const { id, result } = await json(created);
  expect(result).toMatchObject({ dashboard_title: "Sales overview", slug, published: true });
  expect(result.owners).toHaveLength(1);

  for (const key of [id, slug]) {
    const got = await json(await admin.get(`/api/v1/dashboard/${key}`));
    expect(got.id).toBe(id);
    expect(got.result).toMatchObject({ id, slug, dashboard_title: "Sales overview", published: true, css: ".x { color: red }", url: `/superset/dashboard/${slug}/` });
    expect(JSON.parse(got.result.position_json).ROOT_ID.children).toEqual(["GRID_ID"]);
    expect(JSON.parse(got.result.json_metadata)).toEqual({ color_scheme: "supersetColors", refresh_frequency: 0 });
    expect(got.result.charts).toHaveLength(1);
    expect(got.result.changed_on_delta_humanized).toMatch(/ago|now/);
    expect(got.result.owners[0]).toMatchObject({ first_name: expect.any(String) });
  }
  const charts = await json(await admin.get(`/api/v1/dashboard/${slug}/charts`));
  expect(charts.result).toEqual([expect.objectContaining({ id: chartId, viz_type: "pie", slice_url: `/explore/?slice_id=${chartId}` })]);
  expect(charts.result[0].form_data).toMatchObject({ datasource: `${birthNames.id}__table`, viz_type: "pie", slice_id: chartId, metric: "count" });
  const datasets = await json(await admin.get(`/api/v1/dashboard/${id}/datasets`));
  expect(datasets.result).toHaveLength(1);
  expect(datasets.result[0]).toMatchObject({ id: birthNames.id, table_name: "birth_names" });
  expect(datasets.result[0].columns.length).toBeGreaterThan(3);
  expect(datasets.result[0].verbose_map).toBeTypeOf("object");
  expect((await admin.get("/api/v1/dashboard/no-such-dashboard-slug")).status).toBe(404);
  // Superset's client reads the chart's dashboards from the chart too
  expect((await json(await admin.get(`/api/v1/chart/${chartId}`))).result.dashboards).toEqual([{ id, dashboard_title: "Sales overview" }]);
});

test("PUT saves the layout from json_metadata.positions, answers json_metadata and last_modified_time, and refuses a stale save", async () => {
  const [a, b] = [await makeChart(admin), await makeChart(admin)];
  const { id } = await json(await admin.post("/api/v1/dashboard/", { dashboard_title: "Overwrite guard", position_json: JSON.stringify(layoutWith([a])) }));
  const first = await admin.put(`/api/v1/dashboard/${id}`, { dashboard_title: "Overwrite guard v2", json_metadata: JSON.stringify({ positions: layoutWith([a, b]), refresh_frequency: 300 }) });
  expect(first.status).toBe(200);
  const saved = await json(first);
  expect(saved.id).toBe(id);
  expect(typeof saved.last_modified_time).toBe("number");
  expect(JSON.parse(saved.result.json_metadata)).toEqual({ refresh_frequency: 300 });
  const got = (await json(await admin.get(`/api/v1/dashboard/${id}`))).result;
  expect(Object.keys(JSON.parse(got.position_json))).toContain(`CHART-${b}`);
  expect(got.charts).toHaveLength(2);

  // a second editor saved after the first one loaded: the first one's save with its old time is refused
  const stale = await admin.put(`/api/v1/dashboard/${id}`, { dashboard_title: "lost update", last_modified_time: saved.last_modified_time - 60 });
  expect(stale.status).toBe(409);
  const body = await json(stale);
  expect(body.message).toMatch(/changed by someone else/);
  expect(body.errors[0]).toMatchObject({ error_type: "GENERIC_COMMAND_ERROR", extra: { last_modified_time: saved.last_modified_time } });
  expect((await json(await admin.get(`/api/v1/dashboard/${id}`))).result.dashboard_title).toBe("Overwrite guard v2");
  // the current time is accepted (also inside json_metadata, where Superset's client keeps it)
  const fresh = await admin.put(`/api/v1/dashboard/${id}`, { json_metadata: JSON.stringify({ last_modified_time: saved.last_modified_time, refresh_frequency: 10 }) });
  expect(fresh.status).toBe(200);
  expect(JSON.parse((await json(fresh)).result.json_metadata)).toEqual({ refresh_frequency: 10 });
});

test("bad bodies name their fields; a taken slug is refused", async () => {
  const bad = await admin.post("/api/v1/dashboard/", { dashboard_title: 5, json_metadata: "{nope", owners: "me", bogus: true });
  expect(bad.status).toBe(400);
  expect(Object.keys((await json(bad)).message).sort()).toEqual(["bogus", "dashboard_title", "json_metadata", "owners"]);
  const slug = `taken-${unique()}`;
  expect((await admin.post("/api/v1/dashboard/", { dashboard_title: "One", slug })).status).toBe(201);
  const twice = await admin.post("/api/v1/dashboard/", { dashboard_title: "Two", slug });
  expect(twice.status).toBe(422);
  expect((await json(twice)).message).toEqual({ slug: ["Must be unique"] });
  const untitled = await json(await admin.post("/api/v1/dashboard/", { slug: "  My Slug!  " + unique() }));
  expect(untitled.result.dashboard_title).toBe("[ untitled dashboard ]");
  expect(untitled.result.slug).toMatch(/^My-Slug--[a-z0-9]+$/);
});

test("published: null is a 400 naming the field on create (DashboardPostSchema) and a draft on update (DashboardPutSchema)", async () => {
  const refused = await admin.post("/api/v1/dashboard/", { dashboard_title: "Null published", published: null });
  expect(refused.status).toBe(400);
  expect((await json(refused)).message).toEqual({ published: ["Field may not be null."] });
  const { id } = await json(await admin.post("/api/v1/dashboard/", { dashboard_title: "Null published", published: true }));
  const updated = await admin.put(`/api/v1/dashboard/${id}`, { published: null, is_managed_externally: null });
  expect(updated.status).toBe(200);
  const got = await json(await admin.get(`/api/v1/dashboard/${id}`));
  expect(got.result).toMatchObject({ published: false, is_managed_externally: false });
});

test("list filters, ordering, columns, favourites and bulk delete", async () => {
  const tag = unique();
  const published = await json(await admin.post("/api/v1/dashboard/", { dashboard_title: `Listed ${tag} published`, published: true }));
  const draft = await json(await admin.post("/api/v1/dashboard/", { dashboard_title: `Listed ${tag} draft`, slug: `draft-${tag}` }));
  const search = (filters: unknown[], extra: Record<string, unknown> = {}) => admin.get(`/api/v1/dashboard/?q=${q({ filters, page_size: 100, ...extra })}`);
  const bySlug = await json(await search([{ col: "dashboard_title", opr: "title_or_slug", value: `draft-${tag}` }]));
  expect(bySlug.ids).toEqual([draft.id]);
  const byTitle = await json(await search([{ col: "dashboard_title", opr: "title_or_slug", value: tag }], { order_column: "dashboard_title", order_direction: "asc" }));
  expect(byTitle.ids).toEqual([draft.id, published.id]);
  expect(byTitle.result[0]).toMatchObject({ status: "draft", published: false, url: `/superset/dashboard/draft-${tag}/` });
  const onlyPublished = await json(await search([{ col: "dashboard_title", opr: "title_or_slug", value: tag }, { col: "published", opr: "eq", value: true }]));
  expect(onlyPublished.ids).toEqual([published.id]);
  const owner = (await json(await admin.get(`/api/v1/dashboard/${draft.id}`))).result.owners[0].id;
  expect((await json(await search([{ col: "owners", opr: "rel_m_m", value: owner }]))).ids).toContain(draft.id);
  const narrow = await json(await search([{ col: "dashboard_title", opr: "title_or_slug", value: tag }], { columns: ["id", "dashboard_title"] }));
  expect(Object.keys(narrow.result[0]).sort()).toEqual(["dashboard_title", "id"]);

  expect((await json(await admin.get(`/api/v1/dashboard/favorite_status/?q=${q([published.id])}`))).result).toEqual([{ id: published.id, value: false }]);
  expect(await json(await admin.post(`/api/v1/dashboard/${published.id}/favorites/`))).toEqual({ result: "OK" });
  expect((await json(await admin.get(`/api/v1/dashboard/favorite_status/?q=${q([published.id])}`))).result).toEqual([{ id: published.id, value: true }]);
  const favs = await json(await search([{ col: "id", opr: "dashboard_is_favorite", value: true }]));
  expect(favs.ids).toContain(published.id);
  expect(favs.ids).not.toContain(draft.id);
  expect((await admin.delete(`/api/v1/dashboard/${published.id}/favorites/`)).status).toBe(200);

  const info = await json(await admin.get(`/api/v1/dashboard/_info?q=${q({ keys: ["permissions"] })}`));
  expect(info.permissions).toEqual(expect.arrayContaining(["can_read", "can_write"]));
  const related = await json(await admin.get("/api/v1/dashboard/related/owners"));
  expect(related.result.length).toBeGreaterThan(0);
  const roles = await json(await admin.get(`/api/v1/dashboard/related/roles?q=${q({ filter: "Gamma" })}`));
  expect(roles.result).toEqual([expect.objectContaining({ text: "Gamma" })]);

  expect(await json(await admin.delete(`/api/v1/dashboard/?q=${q([published.id, draft.id])}`))).toEqual({ message: "Deleted 2 dashboards" });
  expect((await admin.get(`/api/v1/dashboard/${draft.id}`)).status).toBe(404);
  expect((await admin.delete(`/api/v1/dashboard/${draft.id}`)).status).toBe(404);
});

test("Gamma sees published dashboards with a chart it may read, never drafts of others, and cannot change them", async () => {
  const chartId = await makeChart(admin);
  const layout = JSON.stringify(layoutWith([chartId]));
  const pub = await json(await admin.post("/api/v1/dashboard/", { dashboard_title: `Public ${unique()}`, published: true, position_json: layout }));
  const draft = await json(await admin.post("/api/v1/dashboard/", { dashboard_title: `Draft ${unique()}`, published: false, position_json: layout }));
  const all = await pairs(admin);
  const view = datasourcePermName(birthNames.database.database_name, "birth_names", birthNames.id);

  const blind = await gammaWith(admin, []);
  expect((await blind.get(`/api/v1/dashboard/${pub.id}`)).status).toBe(404);

  const reader = await gammaWith(admin, [pairFor(all, "datasource_access", view)!.id]);
  expect((await reader.get(`/api/v1/dashboard/${pub.id}`)).status).toBe(200);
  expect((await reader.get(`/api/v1/dashboard/${pub.id}/charts`)).status).toBe(200);
  expect((await reader.get(`/api/v1/dashboard/${draft.id}`)).status).toBe(404);
  const listed = (await listAll(reader, "/api/v1/dashboard/")).map((d) => d.id);
  expect(listed).toContain(pub.id);
  expect(listed).not.toContain(draft.id);
  expect((await reader.put(`/api/v1/dashboard/${pub.id}`, { dashboard_title: "mine" })).status).toBe(403);
  expect((await reader.post(`/api/v1/dashboard/${pub.id}/favorites/`)).status).toBe(200);

  // an editor role (can_write Dashboard) may create its own drafts, sees them, and still cannot change others'
  const editor = await gammaWith(admin, [pairFor(all, "datasource_access", view)!.id, pairFor(all, "can_write", "Dashboard")!.id]);
  const refused = await editor.put(`/api/v1/dashboard/${pub.id}`, { dashboard_title: "mine now" });
  expect(refused.status).toBe(403);
  expect((await json(refused)).message).toBe("Changing this Dashboard is forbidden");
  const own = await json(await editor.post("/api/v1/dashboard/", { dashboard_title: `Editor draft ${unique()}` }));
  expect((await editor.get(`/api/v1/dashboard/${own.id}`)).status).toBe(200);
  expect((await reader.get(`/api/v1/dashboard/${own.id}`)).status).toBe(404);
  expect((await editor.put(`/api/v1/dashboard/${own.id}`, { published: true })).status).toBe(200);
  expect((await editor.delete(`/api/v1/dashboard/${own.id}`)).status).toBe(200);
});

test("the example dashboard made at first start opens by its slug, and every chart on it answers data", async () => {
  const got = await json(await admin.get("/api/v1/dashboard/births"));
  expect(got.result).toMatchObject({ dashboard_title: "Births", published: true, url: "/superset/dashboard/births/" });
  const layout = JSON.parse(got.result.position_json);
  expect(layout["TABS-births"].children).toEqual(["TAB-overview", "TAB-trends"]);
  const tabs = (await json(await admin.get("/api/v1/dashboard/births/tabs"))).result;
  expect(tabs.all_tabs).toEqual({ "TAB-overview": "Overview", "TAB-trends": "Trends" });
  expect(tabs.tab_tree.map((t: { value: string }) => t.value)).toEqual(["TAB-overview", "TAB-trends"]);
  const charts = (await json(await admin.get("/api/v1/dashboard/births/charts"))).result as { form_data: Record<string, unknown>; slice_name: string }[];
  expect(charts.map((c) => c.slice_name).sort()).toEqual(["Births by gender", "Births in all years", "Births per year", "Boys and girls over time", "Top states"]);
  for (const chart of charts) {
    const body = getChartType(chart.form_data.viz_type)!.buildQuery(chart.form_data);
    const res = await admin.post("/api/v1/chart/data", body);
    expect(res.status, chart.slice_name).toBe(200);
    const data = (await json(res)).result[0];
    expect(data.rowcount, chart.slice_name).toBeGreaterThan(0);
  }
});
