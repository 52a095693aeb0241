import { beforeAll, expect, test } from "vitest";
import { loginAsAdmin, type ApiClient } from "../support/client";
import { exampleDataset, gammaWith, json, pairFor, pairs, q, unique } from "../support/access";
import { datasourcePermName } from "../../core/security/permissions";

// The filters, sorts and pages the Charts list page sends to GET /api/v1/chart/ (Superset's ChartList):
// chart_all_text, owners rel_m_m, viz_type eq, datasource_id eq, dashboards rel_m_m, chart_is_favorite,
// chart_is_certified, and its sortable columns; plus the bulk delete it offers.

let admin: ApiClient;
let birthNames: { id: number; database: { database_name: string } };
let flights: { id: number };

beforeAll(async () => {
  admin = await loginAsAdmin();
  birthNames = await exampleDataset(admin, "birth_names");
  flights = await exampleDataset(admin, "flights");
});

async function makeChart(client: ApiClient, fields: Record<string, unknown>): Promise<number> {
  const res = await client.post("/api/v1/chart/", { viz_type: "table", datasource_id: birthNames.id, datasource_type: "table", params: "{}", ...fields });
  expect(res.status).toBe(201);
  return (await json(res)).id;
}

async function ids(client: ApiClient, query: Record<string, unknown>): Promise<number[]> {
  const res = await client.get(`/api/v1/chart/?q=${q({ page_size: 100, ...query })}`);
  expect(res.status).toBe(200);
  return (await json(res)).ids;
}

test("type, dataset, certification and text filters combine as Superset's list sends them", async () => {
  const tag = unique();
  const pie = await makeChart(admin, { slice_name: `Pie ${tag}`, viz_type: "pie" });
  const certified = await makeChart(admin, { slice_name: `Certified ${tag}`, certified_by: "Data team", certification_details: "checked" });
  const onFlights = await makeChart(admin, { slice_name: `Delays ${tag}`, datasource_id: flights.id });
  const text = { col: "slice_name", opr: "chart_all_text", value: tag };

  expect((await ids(admin, { filters: [text] })).sort()).toEqual([pie, certified, onFlights].sort());
  expect(await ids(admin, { filters: [text, { col: "viz_type", opr: "eq", value: "pie" }] })).toEqual([pie]);
  expect(await ids(admin, { filters: [text, { col: "datasource_id", opr: "eq", value: flights.id }] })).toEqual([onFlights]);
  expect(await ids(admin, { filters: [text, { col: "id", opr: "chart_is_certified", value: true }] })).toEqual([certified]);
  expect((await ids(admin, { filters: [text, { col: "id", opr: "chart_is_certified", value: false }] })).sort()).toEqual([pie, onFlights].sort());
  // the all-text search also finds a chart by its dataset's name, as Superset's ChartAllTextFilter
  expect(await ids(admin, { filters: [text, { col: "slice_name", opr: "chart_all_text", value: "flights" }] })).toEqual([onFlights]);
  await admin.delete(`/api/v1/chart/?q=${q([pie, certified, onFlights])}`);
});

test("the owner and favourite filters are the caller's view: owners rel_m_m and chart_is_favorite", async () => {
  const tag = unique();
  const all = await pairs(admin);
  const view = datasourcePermName(birthNames.database.database_name, "birth_names", birthNames.id);
  const editor = await gammaWith(admin, [pairFor(all, "datasource_access", view)!.id, pairFor(all, "can_write", "Chart")!.id]);
  const me = await json(await editor.get("/api/v1/me/"));
  const mine = await makeChart(editor, { slice_name: `Mine ${tag}` });
  const theirs = await makeChart(admin, { slice_name: `Theirs ${tag}` });
  const text = { col: "slice_name", opr: "chart_all_text", value: tag };

  expect(await ids(editor, { filters: [text, { col: "owners", opr: "rel_m_m", value: me.result.id }] })).toEqual([mine]);
  expect(await ids(admin, { filters: [text, { col: "owners", opr: "rel_m_m", value: [me.result.id] }] })).toEqual([mine]);

  expect((await editor.post(`/api/v1/chart/${theirs}/favorites/`)).status).toBe(200);
  expect(await ids(editor, { filters: [text, { col: "id", opr: "chart_is_favorite", value: true }] })).toEqual([theirs]);
  expect(await ids(editor, { filters: [text, { col: "id", opr: "chart_is_favorite", value: false }] })).toEqual([mine]);
  // another user's favourites are theirs alone
  expect(await ids(admin, { filters: [text, { col: "id", opr: "chart_is_favorite", value: true }] })).toEqual([]);

  // a bulk delete that names a chart the caller does not own deletes nothing
  const refused = await editor.delete(`/api/v1/chart/?q=${q([mine, theirs])}`);
  expect(refused.status).toBe(403);
  expect((await ids(admin, { filters: [text] })).sort()).toEqual([mine, theirs].sort());
  expect(await json(await editor.delete(`/api/v1/chart/?q=${q([mine])}`))).toEqual({ message: "Deleted 1 chart" });
  expect(await json(await admin.delete(`/api/v1/chart/?q=${q([theirs])}`))).toEqual({ message: "Deleted 1 chart" });
});

test("the dashboards filter finds the charts placed on a dashboard", async () => {
  const { env } = await import("cloudflare:workers");
  const db = (env as unknown as { DB: D1Database }).DB;
  const tag = unique();
  const row = await db.prepare("INSERT INTO dashboards (uuid, dashboard_title) VALUES (?, ?) RETURNING id").bind(crypto.randomUUID(), `Board ${tag}`).first<{ id: number }>();
  const onBoard = await makeChart(admin, { slice_name: `On board ${tag}`, dashboards: [row!.id] });
  const elsewhere = await makeChart(admin, { slice_name: `Elsewhere ${tag}` });
  const text = { col: "slice_name", opr: "chart_all_text", value: tag };
  expect(await ids(admin, { filters: [text, { col: "dashboards", opr: "rel_m_m", value: row!.id }] })).toEqual([onBoard]);
  const listed = await json(await admin.get(`/api/v1/chart/?q=${q({ filters: [text], order_column: "slice_name", order_direction: "desc" })}`));
  expect(listed.result.map((c: { id: number }) => c.id)).toEqual([onBoard, elsewhere]);
  expect(listed.result[0].dashboards).toEqual([{ id: row!.id, dashboard_title: `Board ${tag}` }]);
  await admin.delete(`/api/v1/chart/?q=${q([onBoard, elsewhere])}`);
});

test("the list's sortable columns order both ways and pages keep the count", async () => {
  const tag = unique();
  const a = await makeChart(admin, { slice_name: `A ${tag}`, viz_type: "pie", datasource_id: flights.id });
  const b = await makeChart(admin, { slice_name: `B ${tag}`, viz_type: "big_number_total" });
  const c = await makeChart(admin, { slice_name: `C ${tag}`, viz_type: "table" });
  const filters = [{ col: "slice_name", opr: "chart_all_text", value: tag }];
  const order = (column: string, direction: string) => ids(admin, { filters, order_column: column, order_direction: direction });

  expect(await order("slice_name", "asc")).toEqual([a, b, c]);
  expect(await order("slice_name", "desc")).toEqual([c, b, a]);
  expect(await order("viz_type", "asc")).toEqual([b, a, c]);
  expect(await order("datasource_name", "asc")).toEqual([b, c, a]); // birth_names before flights, then by id
  expect(await order("changed_by.first_name", "asc")).toHaveLength(3);
  expect(await order("last_saved_at", "desc")).toHaveLength(3);
  expect(await order("changed_on_delta_humanized", "desc")).toHaveLength(3);
  expect((await admin.get(`/api/v1/chart/?q=${q({ order_column: "params" })}`)).status).toBe(400);

  const page2 = await json(await admin.get(`/api/v1/chart/?q=${q({ filters, order_column: "slice_name", order_direction: "asc", page: 1, page_size: 2 })}`));
  expect(page2).toMatchObject({ count: 3, ids: [c] });
  await admin.delete(`/api/v1/chart/?q=${q([a, b, c])}`);
});

test("names sort alphabetically whatever their case (charts, dashboards, datasets), ties in id order", async () => {
  const tag = unique();
  const names = [`banana ${tag}`, `Apple ${tag}`, `cherry ${tag}`, `Banana ${tag}`];
  const made = [];
  for (const name of names) made.push(await makeChart(admin, { slice_name: name }));
  const text = { col: "slice_name", opr: "chart_all_text", value: tag };
  const asc = await ids(admin, { filters: [text], order_column: "slice_name", order_direction: "asc" });
  // SQLite's binary order put "Apple", "Banana" before "banana", "cherry"; "banana" and "Banana" tie, id decides
  expect(asc).toEqual([made[1], made[0], made[3], made[2]]);
  expect(await ids(admin, { filters: [text], order_column: "slice_name", order_direction: "desc" })).toEqual([made[2], made[3], made[0], made[1]]);

  const dashboards: number[] = [];
  for (const title of [`beta ${tag}`, `Alpha ${tag}`]) {
    const res = await admin.post("/api/v1/dashboard/", { dashboard_title: title });
    expect(res.status).toBe(201);
    dashboards.push((await json(res)).id);
  }
  const dash = await json(await admin.get(`/api/v1/dashboard/?q=${q({ filters: [{ col: "dashboard_title", opr: "title_or_slug", value: tag }], order_column: "dashboard_title", order_direction: "asc" })}`));
  expect(dash.ids).toEqual([dashboards[1], dashboards[0]]);

  const datasets = await json(await admin.get(`/api/v1/dataset/?q=${q({ order_column: "table_name", order_direction: "asc", page_size: 100 })}`));
  const folded = (datasets.result as { table_name: string }[]).map((d) => d.table_name.toLowerCase());
  expect(folded).toEqual([...folded].sort());
  await admin.delete(`/api/v1/chart/?q=${q(made)}`);
  await admin.delete(`/api/v1/dashboard/?q=${q(dashboards)}`);
});
