import type { AppLoadContext } from "@remix-run/cloudflare";
import { dashboardListSpec, dashboardRelations, favoriteDashboardIds, listDashboardRows } from "../../../db/dashboards/dashboards";
import { dashboardListItem } from "../../../core/dashboards/shape";
import { dashboardRbacOn, dashboardViewer } from "../../../core/dashboards/access";
import { listPageParam, type ListFilter } from "../../../core/http/list-query";
import { can, isAdmin, type Principal } from "../../../core/security/permissions";

// The Dashboards list page reads through the same query as GET /api/v1/dashboard/, under DashboardAccessFilter.
export const DASHBOARDS_PAGE_SIZE = 25;

export interface DashboardsPageQuery {
  search: string;
  /** "" any, "published", "draft" */
  status: string;
  favorite: boolean;
  page: number;
}

export function dashboardsPageQuery(params: URLSearchParams): DashboardsPageQuery {
  const status = params.get("status") ?? "";
  return {
    search: (params.get("search") ?? "").trim().slice(0, 250),
    status: ["published", "draft"].includes(status) ? status : "",
    favorite: params.get("favorite") === "1",
    page: listPageParam(params),
  };
}

export async function loadDashboardsPage(context: AppLoadContext, principal: Principal, query: DashboardsPageQuery) {
  const filters: ListFilter[] = [];
  if (query.search) filters.push({ col: "dashboard_title", opr: "title_or_slug", value: query.search });
  if (query.status) filters.push({ col: "published", opr: "eq", value: query.status === "published" });
  if (query.favorite) filters.push({ col: "id", opr: "dashboard_is_favorite", value: true });
  const args = { filters, orderColumn: "changed_on_delta_humanized", orderDirection: "desc" as const, page: query.page - 1, pageSize: DASHBOARDS_PAGE_SIZE, columns: null };
  const viewer = dashboardViewer(principal, dashboardRbacOn(context.env));
  const { count, rows } = await listDashboardRows(context.db, args, dashboardListSpec(viewer));
  const [relations, favorites] = await Promise.all([dashboardRelations(context.db, rows), favoriteDashboardIds(context.db, principal.id, rows.map((r) => r.id))]);
  const mayWrite = can(principal, "can_write", "Dashboard");
  const dashboards = rows.map((r) => {
    const item = dashboardListItem(r, relations);
    return {
      id: item.id, title: item.dashboard_title, url: item.url, published: item.published, owners: item.owners,
      changed_on_delta_humanized: item.changed_on_delta_humanized, isFavorite: favorites.has(item.id),
      // Superset offers delete only to those who may change the dashboard: owners (and admins) with can_write
      canDelete: mayWrite && (isAdmin(principal) || item.owners.some((o) => o.id === principal.id)),
    };
  });
  return { count, dashboards, pageSize: DASHBOARDS_PAGE_SIZE };
}
