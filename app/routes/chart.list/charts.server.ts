import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq, sql } from "drizzle-orm";
import { chartListSpec, chartRelations, chartScopeWhere, favoriteChartIds, listChartRows } from "../../../db/charts/charts";
import { charts as chartsTable, dashboardCharts, dashboards } from "../../../db/schema";
import { chartListItem } from "../../../core/charts/shape";
import { datasetScope } from "../../../core/datasets/access";
import { parseListArgs } from "../../../core/http/list-query";
import { listQuery, type ListUrlState } from "../../../core/lists/list-url-state";
import { can, isAdmin, type Principal } from "../../../core/security/permissions";
import { CHART_LIST } from "./list-config";
import { chartDigest } from "../../../services/thumbnails/thumbnails";
import { chartThumbnailUrl } from "../../../core/thumbnails/digest";
import { changedAgoIn } from "../../../core/i18n/relative-time";
import type { Language } from "../../../core/i18n/languages";


// The Charts list page reads through the same query as GET /api/v1/chart/ (the address's state turned into
// Superset's list query), with the caller's data access, favourites and what they may change.

const DASHBOARD_OPTIONS = 500;

/** `language`: the page's, for the "changed … ago" texts (core/i18n/relative-time.ts) */
export async function loadChartsPage(context: AppLoadContext, principal: Principal, state: ListUrlState, language: Language = "en") {
  const args = parseListArgs(listQuery(state, CHART_LIST));
  const { count, rows } = await listChartRows(context.db, args, chartListSpec(datasetScope(principal), principal.id));
  const [relations, favorites, digests] = await Promise.all([chartRelations(context.db, rows), favoriteChartIds(context.db, principal.id, rows.map((r) => r.id)),
    Promise.all(rows.map((r) => chartDigest(r, principal.id)))]);
  const mayWrite = can(principal, "can_write", "Chart");
  const charts = rows.map((r, i) => {
    const item = chartListItem(r, relations);
    return {
      id: item.id, slice_name: item.slice_name, viz_type: item.viz_type, url: item.url, description: item.description,
      datasource_id: item.datasource_id, datasource_name: item.datasource_name_text, datasource_url: item.datasource_url,
      owners: item.owners, tags: item.tags, changed_by_name: item.changed_by_name, changed_on_delta_humanized: changedAgoIn(language, r.changed_on, item.changed_on_delta_humanized),
      cache_timeout: item.cache_timeout, certified_by: item.certified_by, certification_details: item.certification_details,
      dashboards: item.dashboards, favorite: favorites.has(item.id),
      // Superset's thumbnail_url for this viewer: the card view shows it
      thumbnail_url: chartThumbnailUrl(r.id, digests[i]),
      // Superset: owners and admins change or delete a chart, and only with can_write on Chart
      canEdit: mayWrite && (isAdmin(principal) || item.owners.some((o) => o.id === principal.id)),
    };
  });
  return { count, charts, pageSize: CHART_LIST.pageSize, mayWrite, dashboards: await dashboardOptions(context, principal) };
}

/**
 * Dashboards to filter by: those holding a chart the caller may see (so no other titles leak); none means
 * the page leaves the dashboard filter out.
 */
async function dashboardOptions(context: AppLoadContext, principal: Principal) {
  const rows = await context.db.selectDistinct({ id: dashboards.id, title: dashboards.dashboard_title }).from(dashboards)
    .innerJoin(dashboardCharts, eq(dashboardCharts.dashboard_id, dashboards.id))
    .innerJoin(chartsTable, eq(chartsTable.id, dashboardCharts.slice_id))
    .where(chartScopeWhere(datasetScope(principal)))
    .orderBy(asc(sql`lower(${dashboards.dashboard_title})`)).limit(DASHBOARD_OPTIONS).all();
  return rows.map((d) => ({ value: String(d.id), label: d.title }));
}
