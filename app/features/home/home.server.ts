import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq } from "drizzle-orm";
import { chartListSpec, chartScopeWhere, listChartRows } from "../../../db/charts/charts";
import { dashboardAccessWhere, dashboardListSpec, listDashboardRows } from "../../../db/dashboards/dashboards";
import { recentActivity } from "../../../db/logs/logs";
import { listPage } from "../../../db/lists/list";
import { charts, dashboards, savedQueries } from "../../../db/schema";
import { savedQueryListSpec } from "../../../db/sqllab/saved-queries";
import { datasetScope } from "../../../core/datasets/access";
import type { ListArgs, ListFilter } from "../../../core/http/list-query";
import { DEFAULT_RECENT_ACTIONS, distinctRecentItems, recentActivityItem } from "../../../core/recent-activity";
import { dashboardRbacOn, dashboardViewer } from "../../../core/dashboards/access";
import { can, type Principal } from "../../../core/security/permissions";
import { homeItemOf, mergeRecents, type HomeItem } from "../../../core/home/home-items";

// The home page's data in one server pass (Superset's Welcome page): recents (viewed from the event log;
// edited and created from the objects' own change records), and per panel the caller's favourites and own
// objects, each under the same access filters as the list APIs. A panel the caller may not read is absent.

export const HOME_PAGE_SIZE = 6;

const args = (filters: ListFilter[]): ListArgs => ({ filters, orderColumn: "changed_on", orderDirection: "desc", page: 0, pageSize: HOME_PAGE_SIZE, columns: null });

export async function loadHome(context: AppLoadContext, principal: Principal, now = new Date()) {
  const db = context.db;
  const me = principal.id;
  const scope = datasetScope(principal);
  const viewer = dashboardViewer(principal, dashboardRbacOn(context.env));
  const mayDashboards = can(principal, "can_read", "Dashboard");
  const mayCharts = can(principal, "can_read", "Chart");
  const maySaved = can(principal, "can_read", "SavedQuery");
  const dashboardRows = (filters: ListFilter[]) => (mayDashboards ? listDashboardRows(db, args(filters), dashboardListSpec(viewer)).then((r) => r.rows) : Promise.resolve([]));
  const chartRows = (filters: ListFilter[]) => (mayCharts ? listChartRows(db, args(filters), chartListSpec(scope, me)).then((r) => r.rows) : Promise.resolve([]));
  const t = now.getTime();
  const asDashboard = (r: (typeof dashboards.$inferSelect)) => homeItemOf("dashboard", { id: r.id, title: r.dashboard_title, slug: r.slug, changed_on: r.changed_on }, t);
  const asChart = (r: (typeof charts.$inferSelect)) => homeItemOf("chart", { id: r.id, title: r.slice_name, changed_on: r.changed_on }, t);
  const asSaved = (r: (typeof savedQueries.$inferSelect)) => homeItemOf("saved_query", { id: r.id, title: r.label, changed_on: r.changed_on, sql: r.sql }, t);

  const [viewedRows, favDashboards, myDashboards, favCharts, myCharts, mySaved, edited, created] = await Promise.all([
    // one object may have a row per action it was viewed by: enough rows to fill the panel once each is kept once
    recentActivity(db, { userId: me, actions: DEFAULT_RECENT_ACTIONS, distinct: true, page: 0, pageSize: HOME_PAGE_SIZE * 8, now }),
    dashboardRows([{ col: "id", opr: "dashboard_is_favorite", value: true }]),
    dashboardRows([{ col: "owners", opr: "rel_m_m", value: me }]),
    chartRows([{ col: "id", opr: "chart_is_favorite", value: true }]),
    chartRows([{ col: "owners", opr: "rel_m_m", value: me }]),
    maySaved ? listPage<typeof savedQueries.$inferSelect>(db, savedQueryListSpec(me), args([])).then((r) => r.rows) : Promise.resolve([]),
    touchedBy(context, principal, "changed", mayDashboards, mayCharts, maySaved),
    touchedBy(context, principal, "created", mayDashboards, mayCharts, maySaved),
  ]);
  const viewed: HomeItem[] = distinctRecentItems(viewedRows.map((r) => recentActivityItem(r, t)))
    .filter((i) => i.item_url && i.item_title && (i.item_type === "dashboard" ? mayDashboards : mayCharts))
    .slice(0, HOME_PAGE_SIZE)
    .map((i) => ({ kind: i.item_type === "dashboard" ? "dashboard" : "chart", id: 0, title: i.item_title ?? "", url: i.item_url ?? "", when: `Viewed ${i.time_delta_humanized}` }));
  return {
    panels: { dashboards: mayDashboards, charts: mayCharts, savedQueries: maySaved },
    // the panels' "+ Dashboard", "+ Chart" and "+ SQL query", as the top "+" menu offers them
    canAdd: { dashboard: can(principal, "can_write", "Dashboard"), chart: can(principal, "can_write", "Chart"), sqlQuery: can(principal, "can_sqllab", "Superset") },
    recents: {
      viewed,
      edited: mergeRecents([edited.dashboards.map(asDashboard), edited.charts.map(asChart), edited.saved.map(asSaved)], HOME_PAGE_SIZE, "Modified"),
      created: mergeRecents([created.dashboards.map(asDashboard), created.charts.map(asChart), created.saved.map(asSaved)], HOME_PAGE_SIZE, "Created"),
    },
    dashboards: { favorite: favDashboards.map(asDashboard), mine: myDashboards.map(asDashboard) },
    charts: { favorite: favCharts.map(asChart), mine: myCharts.map(asChart) },
    savedQueries: { mine: mySaved.map(asSaved) },
  };
}

/** Dashboards, charts and saved queries the caller last changed (or created), newest first, within their access. */
async function touchedBy(context: AppLoadContext, principal: Principal, how: "changed" | "created", d: boolean, c: boolean, s: boolean) {
  const db = context.db;
  const me = principal.id;
  const scope = datasetScope(principal);
  const viewer = dashboardViewer(principal, dashboardRbacOn(context.env));
  const col = how === "changed"
    ? { d: dashboards.changed_by_fk, c: charts.changed_by_fk, s: savedQueries.changed_by_fk, dOn: dashboards.changed_on, cOn: charts.changed_on, sOn: savedQueries.changed_on }
    : { d: dashboards.created_by_fk, c: charts.created_by_fk, s: savedQueries.created_by_fk, dOn: dashboards.created_on, cOn: charts.created_on, sOn: savedQueries.created_on };
  const [ds, cs, ss] = await Promise.all([
    d ? db.select().from(dashboards).where(and(eq(col.d, me), dashboardAccessWhere(viewer))).orderBy(desc(col.dOn)).limit(HOME_PAGE_SIZE).all() : [],
    c ? db.select().from(charts).where(and(eq(col.c, me), chartScopeWhere(scope))).orderBy(desc(col.cOn)).limit(HOME_PAGE_SIZE).all() : [],
    s ? db.select().from(savedQueries).where(and(eq(col.s, me), eq(savedQueries.user_id, me))).orderBy(desc(col.sOn)).limit(HOME_PAGE_SIZE).all() : [],
  ]);
  const pick = <T extends { changed_on: string | null; created_on: string | null }>(rows: T[]) =>
    how === "created" ? rows.map((r) => ({ ...r, changed_on: r.created_on })) : rows;
  return { dashboards: pick(ds), charts: pick(cs), saved: pick(ss) };
}
