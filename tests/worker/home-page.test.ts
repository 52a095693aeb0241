import { expect, test } from "vitest";
import { exampleDataset, json, roleId, unique } from "../support/access";
import { browserSession, loginAs, loginAsAdmin, workerFetch, type ApiClient } from "../support/client";

// The home page (/ and /superset/welcome/) server-rendered for a fresh user: Recents from the event log and
// their own changes, Dashboards and Charts with Favorite and Mine, Saved queries; empty states; panels only
// for what the user may read.

async function newUser(admin: ApiClient, roles: string[]) {
  const username = `home_${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const made = await admin.post("/api/v1/security/users/", {
    username, first_name: "Hana", last_name: "Home", email: `${username}@example.com`, password,
    roles: await Promise.all(roles.map((r) => roleId(admin, r))),
  });
  expect(made.status).toBe(201);
  return { username, password, api: await loginAs(username, password), session: await browserSession(username, password) };
}

const home = async (cookie: string, path = "/") => {
  const res = await workerFetch(path, { headers: { Cookie: cookie } });
  return { status: res.status, html: await res.text() };
};

test("a new user's home page shows Superset's empty states, and only the panels their roles allow", async () => {
  const admin = await loginAsAdmin();
  const gamma = await newUser(admin, ["Gamma"]);
  const { status, html } = await home(gamma.session.cookie);
  expect(status).toBe(200);
  expect(html).toContain("Recents");
  expect(html).toContain("No recents yet");
  expect(html).toContain("Recently viewed charts, dashboards, and saved queries will appear here");
  expect(html).toContain('data-testid="home-dashboards"');
  expect(html).toContain('data-testid="home-charts"');
  expect(html).toContain("No dashboards yet");
  expect(html).not.toContain('data-testid="home-saved-queries"'); // Gamma may not read saved queries
  // Gamma may make neither a chart nor a dashboard: no "+ Chart" / "+ Dashboard" on the panels
  expect(html).not.toContain('data-testid="home-charts-add"');
  expect(html).not.toContain('data-testid="home-dashboards-add"');
  const alpha = await newUser(admin, ["Alpha", "sql_lab"]);
  const alphaHtml = (await home(alpha.session.cookie)).html;
  for (const id of ["home-dashboards-add", "home-charts-add", "home-saved-queries-add"]) expect(alphaHtml).toContain(`data-testid="${id}"`);
  expect((await home(gamma.session.cookie, "/superset/welcome/")).html).toContain('data-testid="home-recents"');
  const anonymous = await workerFetch("/superset/welcome/", { redirect: "manual" });
  expect(anonymous.status).toBe(302);
  expect(anonymous.headers.get("Location")).toContain("/login/?next=%2Fsuperset%2Fwelcome%2F");
});

test("the home page lists the user's own and favourite charts and dashboards, their saved queries and recents", async () => {
  const admin = await loginAsAdmin();
  const alpha = await newUser(admin, ["Alpha", "sql_lab"]);
  const birthNames = await exampleDataset(admin, "birth_names");
  const tag = unique();
  const chart = await alpha.api.post("/api/v1/chart/", {
    slice_name: `Home chart ${tag}`, viz_type: "pie", datasource_id: birthNames.id, datasource_type: "table",
    params: JSON.stringify({ viz_type: "pie", metric: "count", groupby: ["gender"] }),
  });
  expect(chart.status).toBe(201);
  const chartId = (await json(chart)).id as number;
  const dash = await alpha.api.post("/api/v1/dashboard/", { dashboard_title: `Home dashboard ${tag}`, slug: `home-${tag}`, published: true });
  expect(dash.status).toBe(201);
  const saved = await alpha.api.post("/api/v1/saved_query/", { label: `Home query ${tag}`, db_id: birthNames.database.id, sql: `SELECT '${tag}' AS home`, schema: "main" });
  expect(saved.status).toBe(201);
  expect((await alpha.api.post(`/api/v1/chart/${chartId}/favorites/`)).status).toBe(200);
  // someone else's dashboard the user favourites and views
  // (a published dashboard is seen by those who may read one of its charts)
  const layout = {
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: ["ROW-1"], parents: ["ROOT_ID"] },
    "ROW-1": { type: "ROW", id: "ROW-1", children: [`CHART-${chartId}`], parents: ["ROOT_ID", "GRID_ID"] },
    [`CHART-${chartId}`]: { type: "CHART", id: `CHART-${chartId}`, children: [], meta: { chartId, width: 6, height: 50 } },
  };
  const other = await admin.post("/api/v1/dashboard/", { dashboard_title: `Admin board ${tag}`, slug: `admin-${tag}`, published: true, position_json: JSON.stringify(layout) });
  expect(other.status).toBe(201);
  const otherId = (await json(other)).id as number;
  expect((await alpha.api.post(`/api/v1/dashboard/${otherId}/favorites/`)).status).toBe(200);
  const view = [{ source: "dashboard", source_id: otherId, event_name: "mount_dashboard", event_type: "user", impression_id: "i", version: "v2", ts: Date.now() }];
  expect((await alpha.api.post("/tptanalytics/log/?explode=events", view)).status).toBe(200);

  const { html } = await home(alpha.session.cookie);
  // Favorite tabs: the starred chart and the admin's dashboard; Mine: the user's own
  expect(html).toContain(`Home chart ${tag}`);
  expect(html).toContain(`Admin board ${tag}`);
  expect(html).toContain(`Home dashboard ${tag}`);
  expect(html).toContain(`href="/superset/dashboard/home-${tag}/"`);
  expect(html).toContain(`href="/explore/?slice_id=${chartId}"`);
  // Saved queries (Mine), with the SQL
  expect(html).toContain(`Home query ${tag}`);
  expect(html).toContain(`SELECT &#x27;${tag}&#x27; AS home`);
  // Recents: the viewed dashboard from the event log
  expect(html).toMatch(new RegExp(`Admin board ${tag}[\\s\\S]*Viewed (now|\\d+ seconds ago|a second ago)`));
});

test("Recents show a chart and a dashboard viewed several ways once each, the latest first", async () => {
  const admin = await loginAsAdmin();
  const alpha = await newUser(admin, ["Alpha"]);
  const birthNames = await exampleDataset(admin, "birth_names");
  const tag = unique();
  const chart = await admin.post("/api/v1/chart/", { slice_name: `Seen chart ${tag}`, viz_type: "pie", datasource_id: birthNames.id, datasource_type: "table", params: "{}" });
  const chartId = (await json(chart)).id as number;
  const dash = await admin.post("/api/v1/dashboard/", { dashboard_title: `Seen board ${tag}`, slug: `seen-${tag}`, published: true });
  const dashId = (await json(dash)).id as number;
  const event = (event_name: string, extra: Record<string, unknown>, ts: number) => ({ event_name, event_type: "user", impression_id: "i", version: "v2", ts, ...extra });
  const t = Date.now();
  // the chart by a mount and by navigations, the dashboard by a mount and a navigation naming a chart in it
  const views = [
    event("mount_explorer", { source: "explore", source_id: chartId }, t),
    event("spa_navigation", { slice_id: chartId }, t + 1),
    event("mount_dashboard", { source: "dashboard", source_id: dashId }, t + 2),
    event("spa_navigation", { dashboard_id: dashId, slice_id: chartId }, t + 3),
    event("spa_navigation", { slice_id: chartId }, t + 4),
  ];
  for (const view of views) expect((await alpha.api.post("/tptanalytics/log/?explode=events", [view])).status).toBe(200);

  const { html } = await home(alpha.session.cookie);
  const links = (href: string) => html.split(`href="${href}"`).length - 1;
  expect(links(`/explore/?slice_id=${chartId}`)).toBe(1);
  expect(links(`/superset/dashboard/seen-${tag}/`)).toBe(1);
  expect(html.indexOf(`Seen chart ${tag}`)).toBeLessThan(html.indexOf(`Seen board ${tag}`));
});
