import type { AppLoadContext } from "@remix-run/cloudflare";
import { chartsOfDashboard, dashboardOwnerIds, dashboardRelations, favoriteDashboardIds, visibleDashboard } from "../../../db/dashboards/dashboards";
import { dashboardChart, dashboardDetail, parseIdOrSlug } from "../../../core/dashboards/shape";
import { dashboardPermissions } from "../../../core/dashboards/access";
import { lastModifiedTime } from "../../../core/dashboards/payloads";
import { chartIdsInLayout, parseLayout } from "../../../core/dashboards/layout";
import { datasetScope } from "../../../core/datasets/access";
import { metadataOf } from "../../../core/dashboards/properties";
import { isAdmin, type Principal } from "../../../core/security/permissions";

// The dashboard page reads through the same queries as GET /api/v1/dashboard/{id_or_slug} and /charts, under
// the same DashboardAccessFilter, in one server pass: the page paints its layout without a second round trip.

export async function loadDashboardPage(context: AppLoadContext, principal: Principal, idOrSlug: string) {
  const viewer = { userId: principal.id, admin: isAdmin(principal), scope: datasetScope(principal) };
  const row = await visibleDashboard(context.db, parseIdOrSlug(idOrSlug), viewer);
  if (!row) throw new Response("Dashboard not found.", { status: 404, statusText: "Not Found" });
  const [relations, charts, owners, favorites] = await Promise.all([
    dashboardRelations(context.db, [row]),
    chartsOfDashboard(context.db, row.id),
    dashboardOwnerIds(context.db, row.id),
    favoriteDashboardIds(context.db, principal.id, [row.id]),
  ]);
  const detail = dashboardDetail(row, relations);
  const layout = parseLayout(row.position_json, charts.map((c) => c.id));
  const placed = new Set(chartIdsInLayout(layout));
  return {
    dashboard: {
      id: detail.id, title: detail.dashboard_title, slug: detail.slug, published: detail.published, css: detail.css ?? "",
      changedOnHumanized: detail.changed_on_delta_humanized, owners: detail.owners, lastModifiedTime: lastModifiedTime(row.changed_on),
    },
    layout,
    // the charts the layout places, keyed by id; a placed chart that no longer exists shows Superset's warning
    charts: Object.fromEntries(charts.filter((c) => placed.has(c.id)).map((c) => [c.id, dashboardChart(c)])),
    isFavorite: favorites.has(row.id),
    permissions: dashboardPermissions(principal, owners),
    metadata: metadataOf(row.json_metadata),
  };
}

export type DashboardPageData = Awaited<ReturnType<typeof loadDashboardPage>>;
