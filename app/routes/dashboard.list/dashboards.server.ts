import type { AppLoadContext } from "@remix-run/cloudflare";
import { dashboardListSpec, dashboardRelations, favoriteDashboardIds, listDashboardRows } from "../../../db/dashboards/dashboards";
import { dashboardListItem } from "../../../core/dashboards/shape";
import { dashboardRbacOn, dashboardViewer } from "../../../core/dashboards/access";
import { lastModifiedTime } from "../../../core/dashboards/payloads";
import { changedAgoIn } from "../../../core/i18n/relative-time";
import type { Language } from "../../../core/i18n/languages";

import { parseListArgs } from "../../../core/http/list-query";
import { listQuery, type ListUrlState } from "../../../core/lists/list-url-state";
import { can, isAdmin, type Principal } from "../../../core/security/permissions";
import { DASHBOARD_LIST } from "./list-config";
import { dashboardDigests } from "../../../services/thumbnails/thumbnails";
import { dashboardThumbnailUrl } from "../../../core/thumbnails/digest";

// The Dashboards list page reads through the same query as GET /api/v1/dashboard/ (the address's state turned
// into Superset's list query), under DashboardAccessFilter, with the caller's favourites and what they may change.

/** `language`: the page's, for the "changed … ago" texts (core/i18n/relative-time.ts) */
export async function loadDashboardsPage(context: AppLoadContext, principal: Principal, state: ListUrlState, language: Language = "en") {
  const args = parseListArgs(listQuery(state, DASHBOARD_LIST));
  const viewer = dashboardViewer(principal, dashboardRbacOn(context.env));
  const { count, rows } = await listDashboardRows(context.db, args, dashboardListSpec(viewer));
  const [relations, favorites, digests] = await Promise.all([dashboardRelations(context.db, rows), favoriteDashboardIds(context.db, principal.id, rows.map((r) => r.id)),
    dashboardDigests(context.db, rows, principal.id)]);
  const mayWrite = can(principal, "can_write", "Dashboard");
  const dashboards = rows.map((r) => {
    const item = dashboardListItem(r, relations);
    return {
      id: item.id, title: item.dashboard_title, slug: item.slug, url: item.url, published: item.published, owners: item.owners, tags: item.tags,
      changed_by_name: item.changed_by_name, changed_on_delta_humanized: changedAgoIn(language, r.changed_on, item.changed_on_delta_humanized),
      certified_by: item.certified_by, certification_details: item.certification_details, favorite: favorites.has(item.id),
      // Superset's thumbnail_url for this viewer: the card view shows it
      thumbnail_url: dashboardThumbnailUrl(r.id, digests.get(r.id)!),
      // the properties modal saves with it, so a save over someone else's newer one is refused
      lastModifiedTime: lastModifiedTime(r.changed_on),
      // Superset: owners and admins change or delete a dashboard, and only with can_write on Dashboard
      canEdit: mayWrite && (isAdmin(principal) || item.owners.some((o) => o.id === principal.id)),
    };
  });
  return { count, dashboards, pageSize: DASHBOARD_LIST.pageSize, mayWrite };
}
