import { beforeAll, expect, inject, test } from "vitest";
import { browserSession, loginAsAdmin, workerFetch, type ApiClient } from "../support/client";
import { exampleDataset, json, unique } from "../support/access";
import { dashboardChartBody } from "../../services/dashboards/embedded-chart-data";
import { columnsToPx, rowsToPx } from "../../core/dashboards/layout";
import { drawingArea, GRID_WIDTH_COOKIE } from "../../core/dashboards/page-drawing";

// The dashboard page's first paint drawn on the server (ADR 0015), over HTTP against the real Worker and its render
// Worker (wrangler dev): once a dashboard's charts were answered by a batch request (the view that fills the
// cache), the next page's HTML holds each cached chart's drawing, at the size its drawing area has in the grid
// width the viewer's cookie names, with labels kept as text; a chart the server cannot draw (the word cloud), a
// chart without cached data, a client-side navigation's data request and an anonymous visitor get none.

let admin: ApiClient;
let session: { cookie: string; csrfToken: string };
let births: { id: number };

beforeAll(async () => {
  admin = await loginAsAdmin();
  session = await browserSession(inject("admin").username, inject("admin").password);
  births = await exampleDataset(admin, "birth_names");
});

const HOSTILE = '</text><script>alert("drawn")</script><text>';

async function chart(name: string, viz: string, params: Record<string, unknown>): Promise<number> {
  const res = await admin.post("/api/v1/chart/", {
    slice_name: name, viz_type: viz, datasource_id: births.id, datasource_type: "table",
    params: JSON.stringify({ datasource: `${births.id}__table`, viz_type: viz, time_range: "No filter", ...params }),
  });
  expect(res.status).toBe(201);
  return (await json<{ id: number }>(res)).id;
}

/** A published dashboard of the charts in one row, `width` grid columns each; answers its id, slug and charts' form data. */
async function dashboard(ids: number[], width: number) {
  const slug = `drawings-${unique()}`;
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"] },
    "ROW-1": { type: "ROW", id: "ROW-1", children: ids.map((id) => `CHART-${id}`), meta: {} },
  };
  for (const id of ids) layout[`CHART-${id}`] = { type: "CHART", id: `CHART-${id}`, children: [], meta: { chartId: id, width, height: 50 } };
  const res = await admin.post("/api/v1/dashboard/", { dashboard_title: `Drawings ${slug}`, slug, published: true, position_json: JSON.stringify(layout) });
  expect(res.status).toBe(201);
  const charts = (await json<{ result: { id: number; form_data: Record<string, unknown> }[] }>(await admin.get(`/api/v1/dashboard/${slug}/charts`))).result;
  return { slug, charts };
}

/** The batch request the page sends for these charts, with the viewer's grid width cookie. */
async function batch(dashboardId: number, charts: { form_data: Record<string, unknown> }[], gridWidth: number) {
  const contexts = charts.map((c) => dashboardChartBody({ ...c.form_data, dashboardId }));
  const res = await workerFetch("/api/v1/chart/data/batch", {
    method: "POST", body: JSON.stringify({ contexts }),
    headers: { Cookie: `${session.cookie}; ${GRID_WIDTH_COOKIE}=${gridWidth}`, "X-CSRFToken": session.csrfToken, "Content-Type": "application/json" },
  });
  expect(res.status).toBe(200);
  const lines = (await res.text()).trimEnd().split("\n").map((l) => JSON.parse(l) as { status: number });
  expect(lines.map((l) => l.status)).toEqual(charts.map(() => 200));
}

const drawingsIn = (html: string) => Object.fromEntries([...html.matchAll(/id="server-drawing-CHART-(\d+)"[^>]*>(<svg[\s\S]*?<\/svg>)<\/div>/g)].map((m) => [Number(m[1]), m[2]]));

const page = (slug: string, gridWidth: number | null, cookie = session.cookie, suffix = "/") =>
  workerFetch(`/superset/dashboard/${slug}${suffix}`, { headers: { Cookie: gridWidth === null ? cookie : `${cookie}; ${GRID_WIDTH_COOKIE}=${gridWidth}` } });

test("after the batch that filled the cache, the page's HTML holds each cached chart drawn at its area's size, its labels as text", async () => {
  const run = unique();
  const line = await chart(`Births by year ${run}`, "echarts_timeseries_line", {
    x_axis: "ds", time_grain_sqla: "P1Y", metrics: [{ expressionType: "SQL", sqlExpression: "SUM(num)", label: HOSTILE }], groupby: [], row_limit: 100,
  });
  const table = await chart(`Top names ${run}`, "table", { query_mode: "aggregate", groupby: ["name"], metrics: ["sum__num"], row_limit: 5, order_desc: true });
  const cloud = await chart(`Name cloud ${run}`, "word_cloud", { series: "name", metric: "sum__num", row_limit: 20 });
  const { slug, charts } = await dashboard([line, table, cloud], 4);
  const dashboardId = (await json<{ result: { id: number } }>(await admin.get(`/api/v1/dashboard/${slug}`))).result.id;

  // before any data is cached: no drawing
  expect(Object.keys(drawingsIn(await (await page(slug, 1000)).text()))).toEqual([]);

  await batch(dashboardId, charts, 1000);
  // the drawings are made after the batch's answer (waitUntil): the page has them once they are kept
  let drawings: Record<number, string> = {};
  await expect.poll(async () => {
    drawings = drawingsIn(await (await page(slug, 1000)).text());
    return Object.keys(drawings).map(Number).sort();
  }, { timeout: 15_000 }).toEqual([line, table].sort());

  // each at its drawing area's size in a 1,000 px grid: a third of it less the gutters, less the card
  const area = drawingArea(Math.round(columnsToPx(4, 1000)), rowsToPx(50));
  for (const svg of Object.values(drawings)) expect(svg).toContain(`<svg viewBox="0 0 ${area.width} ${area.height}" width="100%" height="100%"`);
  // labels are text the browser lays out (the table's names, the line's years); the metric's label stays text
  expect(drawings[table]).toMatch(/<text[^>]*>[A-Z][a-z]+<\/text>/);
  expect(drawings[line]).toContain("&lt;/text&gt;&lt;script&gt;alert(\"drawn\")&lt;/script&gt;&lt;text&gt;");
  expect(drawings[line]).not.toContain("<script");
  expect(drawings[line]).toContain(`aria-label="Births by year ${run}"`);

  // another grid width is another drawing, made for that page within its wait or for the next view
  await expect.poll(async () => drawingsIn(await (await page(slug, 700)).text())[table] ?? "", { timeout: 15_000 })
    .toContain(`viewBox="0 0 ${drawingArea(Math.round(columnsToPx(4, 700)), rowsToPx(50)).width} `);

  // a client-side navigation's data request carries no drawing (and makes none)
  const data = await (await page(slug, 1000, session.cookie, ".data")).text();
  expect(data).not.toContain("server-drawing");
  expect(data).not.toContain("<svg");
});

test("an anonymous visitor gets the login page, with none of the drawings a viewer gets", async () => {
  const run = unique();
  const pie = await chart(`Genders ${run}`, "pie", { groupby: ["gender"], metric: "sum__num", row_limit: 10 });
  const { slug, charts } = await dashboard([pie], 6);
  const dashboardId = (await json<{ result: { id: number } }>(await admin.get(`/api/v1/dashboard/${slug}`))).result.id;
  await batch(dashboardId, charts, 1200);
  await expect.poll(async () => Object.keys(drawingsIn(await (await page(slug, 1200)).text())), { timeout: 15_000 }).toEqual([String(pie)]);

  // no session: the login page (the Public role grants nothing here), with no drawing in it
  const anonymous = await workerFetch(`/superset/dashboard/${slug}/`, { headers: { Cookie: `${GRID_WIDTH_COOKIE}=1200` }, redirect: "manual" });
  expect([302, 303]).toContain(anonymous.status);
  expect(await anonymous.text()).not.toContain("server-drawing");
});

test("an embedded dashboard's page data carries the drawings of the guest's cached charts, at the grid width its page states", async () => {
  const run = unique();
  // a query no other test asks (its answer must not be cached yet)
  const pie = await chart(`Embedded genders ${run}`, "pie", { groupby: ["gender"], metric: "sum__num", row_limit: 10, adhoc_filters: [{ expressionType: "SQL", clause: "WHERE", sqlExpression: `'${run}' = '${run}'` }] });
  const { slug, charts } = await dashboard([pie], 6);
  const dashboardId = (await json<{ result: { id: number } }>(await admin.get(`/api/v1/dashboard/${slug}`))).result.id;
  const { uuid } = (await json<{ result: { uuid: string } }>(await admin.post(`/api/v1/dashboard/${dashboardId}/embedded`, { allowed_domains: [] }))).result;
  const token = (await json<{ token: string }>(await admin.post("/api/v1/security/guest_token/", { user: { username: `guest_${run}` }, resources: [{ type: "dashboard", id: uuid }], rls: [] }))).token;
  const embedded = async (gridWidth: number) => {
    const res = await workerFetch(`/embedded/${uuid}/dashboard`, { headers: { "X-GuestToken": token, "X-Dashboard-Grid-Width": String(gridWidth), Accept: "application/json" } });
    expect(res.status).toBe(200);
    return (await json<{ drawings: Record<string, string> }>(res)).drawings;
  };
  // nothing cached yet: no drawing; after the view that filled the cache, the guest's page data draws the pie
  expect(await embedded(900)).toEqual({});
  await batch(dashboardId, charts, 900);
  await expect.poll(async () => Object.keys(await embedded(900)), { timeout: 15_000 }).toEqual([String(pie)]);
  const area = drawingArea(Math.round(columnsToPx(6, 900)), rowsToPx(50));
  expect((await embedded(900))[pie]).toContain(`<svg viewBox="0 0 ${area.width} ${area.height}"`);
  // a forged token reads nothing, drawings included
  const forged = await workerFetch(`/embedded/${uuid}/dashboard`, { headers: { "X-GuestToken": `${token.slice(0, -4)}AAAA`, Accept: "application/json" } });
  expect(forged.status).toBe(401);
  expect(await forged.text()).not.toContain("<svg");
});
