import { beforeAll, expect, test } from "vitest";
import { datasourcePermName } from "../../core/security/permissions";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, gammaWith, json, listAll, pairFor, pairs, q, unique } from "../support/access";

// The charts API (Superset's ChartRestApi) through the real Worker: create, read, list with Superset's
// filters, update, favourites and delete, with ownership and data access as Superset applies them.

let admin: ApiClient;
let birthNames: { id: number; database: { database_name: string } };

beforeAll(async () => {
  admin = await loginAsAdmin();
  birthNames = await exampleDataset(admin, "birth_names");
});

const chartBody = (name: string) => ({
  slice_name: name,
  viz_type: "echarts_timeseries_bar",
  datasource_id: birthNames.id,
  datasource_type: "table",
  params: JSON.stringify({ viz_type: "echarts_timeseries_bar", metrics: ["count"], groupby: ["gender"] }),
  description: "Births by gender",
});

test("an admin creates a chart, reads it back with its owners and finds it by Superset's list filters", async () => {
  const name = `Births ${unique()}`;
  const created = await admin.post("/api/v1/chart/", chartBody(name));
  expect(created.status).toBe(201);
  const { id, result } = await json(created);
  expect(result).toMatchObject({ slice_name: name, viz_type: "echarts_timeseries_bar", datasource_id: birthNames.id });

  const got = await json(await admin.get(`/api/v1/chart/${id}`));
  expect(got.result).toMatchObject({ id, slice_name: name, url: `/explore/?slice_id=${id}`, dashboards: [], description: "Births by gender" });
  expect(got.result.owners.map((o: { id: number }) => o.id)).toHaveLength(1);

  const search = await json(await admin.get(`/api/v1/chart/?q=${q({ filters: [{ col: "slice_name", opr: "chart_all_text", value: name.slice(7) }] })}`));
  expect(search.count).toBe(1);
  expect(search.result[0]).toMatchObject({ id, datasource_name_text: "main.birth_names", form_data: { metrics: ["count"] } });
  const byType = await json(await admin.get(`/api/v1/chart/?q=${q({ filters: [{ col: "viz_type", opr: "eq", value: "echarts_timeseries_bar" }], page_size: 100 })}`));
  expect(byType.ids).toContain(id);
  const ownerId = got.result.owners[0].id;
  const byOwner = await json(await admin.get(`/api/v1/chart/?q=${q({ filters: [{ col: "owners", opr: "rel_m_m", value: ownerId }], page_size: 100 })}`));
  expect(byOwner.ids).toContain(id);
  const datasetsByOwner = await admin.get(`/api/v1/dataset/?q=${q({ filters: [{ col: "owners", opr: "rel_m_m", value: ownerId }] })}`);
  expect(datasetsByOwner.status).toBe(200);

  const put = await admin.put(`/api/v1/chart/${id}`, { slice_name: `${name} (renamed)`, cache_timeout: 60 });
  expect(put.status).toBe(200);
  expect((await json(await admin.get(`/api/v1/chart/${id}`))).result).toMatchObject({ slice_name: `${name} (renamed)`, cache_timeout: 60 });

  expect((await admin.delete(`/api/v1/chart/${id}`)).status).toBe(200);
  expect((await admin.get(`/api/v1/chart/${id}`)).status).toBe(404);
});

test("bad chart bodies are 400s naming the fields; a missing dataset is a 422", async () => {
  const missing = await admin.post("/api/v1/chart/", { viz_type: "table" });
  expect(missing.status).toBe(400);
  expect((await json(missing)).message).toMatchObject({ slice_name: ["Missing data for required field."], datasource_id: ["Missing data for required field."] });
  const wrong = await admin.post("/api/v1/chart/", { ...chartBody("x"), params: "{not json", owners: "me", bogus: 1 });
  expect(wrong.status).toBe(400);
  expect(Object.keys((await json(wrong)).message).sort()).toEqual(["bogus", "owners", "params"]);
  const nowhere = await admin.post("/api/v1/chart/", { ...chartBody("x"), datasource_id: 99_999_999 });
  expect(nowhere.status).toBe(422);
  expect((await json(nowhere)).message).toEqual({ datasource_id: ["Datasource does not exist"] });
});

test("favourites: status, the favourite filter and removal", async () => {
  const { id } = await json(await admin.post("/api/v1/chart/", chartBody(`Fav ${unique()}`)));
  expect((await json(await admin.get(`/api/v1/chart/favorite_status/?q=${q([id])}`))).result).toEqual([{ id, value: false }]);
  expect((await admin.post(`/api/v1/chart/${id}/favorites/`)).status).toBe(200);
  expect((await json(await admin.get(`/api/v1/chart/favorite_status/?q=${q([id])}`))).result).toEqual([{ id, value: true }]);
  const favs = await json(await admin.get(`/api/v1/chart/?q=${q({ filters: [{ col: "id", opr: "chart_is_favorite", value: true }], page_size: 100 })}`));
  expect(favs.ids).toContain(id);
  expect((await admin.delete(`/api/v1/chart/${id}/favorites/`)).status).toBe(200);
  expect((await json(await admin.get(`/api/v1/chart/favorite_status/?q=${q([id])}`))).result).toEqual([{ id, value: false }]);
  const bulk = await admin.delete(`/api/v1/chart/?q=${q([id])}`);
  expect(await json(bulk)).toEqual({ message: "Deleted 1 chart" });
});

test("Gamma sees charts only on datasets it may read, and only owners change a chart", async () => {
  const { id } = await json(await admin.post("/api/v1/chart/", chartBody(`Guarded ${unique()}`)));
  const all = await pairs(admin);
  const blind = await gammaWith(admin, []);
  expect((await blind.get(`/api/v1/chart/${id}`)).status).toBe(404);
  expect((await listAll(blind, "/api/v1/chart/")).map((c) => c.id)).not.toContain(id);

  const view = datasourcePermName(birthNames.database.database_name, "birth_names", birthNames.id);
  const reader = await gammaWith(admin, [pairFor(all, "datasource_access", view)!.id]);
  expect((await reader.get(`/api/v1/chart/${id}`)).status).toBe(200);
  expect((await listAll(reader, "/api/v1/chart/")).map((c) => c.id)).toContain(id);
  // Gamma has no can_write on Chart; with it (an editor role) a non-owner is still refused
  expect((await reader.put(`/api/v1/chart/${id}`, { slice_name: "mine now" })).status).toBe(403);
  const editor = await gammaWith(admin, [pairFor(all, "datasource_access", view)!.id, pairFor(all, "can_write", "Chart")!.id]);
  const refused = await editor.put(`/api/v1/chart/${id}`, { slice_name: "mine now" });
  expect(refused.status).toBe(403);
  expect((await json(refused)).message).toBe("Changing this chart is forbidden");
  const own = await json(await editor.post("/api/v1/chart/", chartBody(`Editor's ${unique()}`)));
  expect((await editor.put(`/api/v1/chart/${own.id}`, { description: "edited by its owner" })).status).toBe(200);
  const permissions = await json(await editor.get(`/api/v1/chart/_info?q=${q({ keys: ["permissions"] })}`));
  expect(permissions).toEqual({ permissions: ["can_read", "can_write"] });
});

test("a chart joins only dashboards its saver owns; the dashboard then lists it", async () => {
  const all = await pairs(admin);
  const view = datasourcePermName(birthNames.database.database_name, "birth_names", birthNames.id);
  const editor = await gammaWith(admin, [pairFor(all, "datasource_access", view)!.id, pairFor(all, "can_write", "Chart")!.id, pairFor(all, "can_write", "Dashboard")!.id, pairFor(all, "can_read", "Dashboard")!.id]);
  const theirs = await json(await admin.post("/api/v1/dashboard/", { dashboard_title: `Admin's ${unique()}` }));
  const mine = await json(await editor.post("/api/v1/dashboard/", { dashboard_title: `Editor's ${unique()}` }));
  expect(mine.id).toBeGreaterThan(0);

  const refused = await editor.post("/api/v1/chart/", { ...chartBody(`Intruder ${unique()}`), dashboards: [theirs.id] });
  expect(refused.status).toBe(403);
  expect((await json(refused)).message).toBe("Changing one or more of these dashboards is forbidden");
  const chart = await json(await editor.post("/api/v1/chart/", { ...chartBody(`Joiner ${unique()}`), dashboards: [mine.id] }));
  expect(chart.id).toBeGreaterThan(0);
  expect((await editor.put(`/api/v1/chart/${chart.id}`, { dashboards: [mine.id, theirs.id] })).status).toBe(403);
  // a dashboard the chart is on already may stay in the list, whoever owns it
  expect((await admin.put(`/api/v1/chart/${chart.id}`, { dashboards: [mine.id, theirs.id] })).status).toBe(200);
  expect((await editor.put(`/api/v1/chart/${chart.id}`, { dashboards: [mine.id, theirs.id], description: "kept" })).status).toBe(200);
  const listed = await json(await editor.get(`/api/v1/dashboard/${mine.id}/charts`));
  expect(listed.result.map((c: { id: number }) => c.id)).toContain(chart.id);

  // warm-up may name a dashboard the caller sees; one it cannot see is a 404
  expect((await admin.put("/api/v1/chart/warm_up_cache", { chart_id: chart.id, dashboard_id: mine.id })).status).toBe(200);
  expect((await admin.put("/api/v1/chart/warm_up_cache", { chart_id: chart.id, dashboard_id: 99_999_999 })).status).toBe(404);
});

// D1 binds at most 100 parameters a statement: lists of ids longer than that (a page of 100 charts and its
// owners and dashboards, 150 favourite ids, a bulk delete, the examples database's related objects) must hold.
test("lists, favourites, related objects and bulk deletes hold past D1's 100 bound parameters", async () => {
  const tag = `Many ${unique()}`;
  const ids: number[] = [];
  for (let i = 0; i < 150; i++) ids.push((await json(await admin.post("/api/v1/chart/", chartBody(`${tag} ${i}`)))).id);

  // Superset's dashboard editor asks for 200 a page: FAB serves its maximum, 100
  const listed = await admin.get(`/api/v1/chart/?q=${q({ filters: [{ col: "slice_name", opr: "ct", value: tag }], page_size: 200 })}`);
  expect(listed.status).toBe(200);
  const page = await json(listed);
  expect(page.count).toBe(150);
  expect(page.result).toHaveLength(100);
  expect(page.result.every((c: { owners: unknown[] }) => c.owners.length === 1)).toBe(true);

  expect((await admin.post(`/api/v1/chart/${ids[140]}/favorites/`, {})).status).toBe(200);
  const favs = await admin.get(`/api/v1/chart/favorite_status/?q=${q(ids)}`);
  expect(favs.status).toBe(200);
  const status = (await json(favs)).result as { id: number; value: boolean }[];
  expect(status).toHaveLength(150);
  expect(status.filter((s) => s.value).map((s) => s.id)).toEqual([ids[140]]);

  const examples = (await listAll(admin, "/api/v1/database/")).find((d) => d.database_name === "examples")!;
  const related = await admin.get(`/api/v1/database/${examples.id}/related_objects/`);
  expect(related.status).toBe(200);
  expect((await json(related)).charts.count).toBeGreaterThanOrEqual(150);

  const deleted = await admin.delete(`/api/v1/chart/?q=${q(ids)}`);
  expect(deleted.status).toBe(200);
  expect((await json(await admin.get(`/api/v1/chart/?q=${q({ filters: [{ col: "slice_name", opr: "ct", value: tag }] })}`))).count).toBe(0);
});
