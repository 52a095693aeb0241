import type { AppLoadContext } from "@remix-run/cloudflare";
import { verboseMapsOfDatasets } from "../../../db/datasets/verbose";
import { chartsOfDashboard, dashboardOwnerIds, dashboardRelations, favoriteDashboardIds, visibleDashboard } from "../../../db/dashboards/dashboards";
import { dashboardDetail, dashboardPageChart, parseIdOrSlug } from "../../../core/dashboards/shape";
import { dashboardPermissions, dashboardRbacOn, dashboardViewer } from "../../../core/dashboards/access";
import { lastModifiedTime } from "../../../core/dashboards/payloads";
import { changedAgoIn } from "../../../core/i18n/relative-time";
import type { Language } from "../../../core/i18n/languages";

import { chartIdsInLayout, parseLayout } from "../../../core/dashboards/layout";
import type { Principal } from "../../../core/security/permissions";
import { filterSetupOf } from "../../../core/dashboards/filters/setup";
import { filterStateRow } from "../../../db/dashboards/filters";
import { mayReadKey } from "../../../core/security/key-owner";
import { metadataOf } from "../../../core/dashboards/properties";
import { dashboardPermalink } from "../../../db/dashboards/permalink";
import { hasDraft } from "../../../db/dashboards/drafts";
import { maskOfNativeFiltersParam } from "../../../core/dashboards/permalink/url-state";

// The dashboard page reads through the same queries as GET /api/v1/dashboard/{id_or_slug} and /charts, under
// the same DashboardAccessFilter, in one server pass: the page paints its layout without a second round trip.

export async function loadDashboardPage(context: AppLoadContext, principal: Principal, idOrSlug: string, search = new URLSearchParams(), language: Language = "en") {
  const viewer = dashboardViewer(principal, dashboardRbacOn(context.env));
  const row = await visibleDashboard(context.db, parseIdOrSlug(idOrSlug), viewer);
  if (!row) throw new Response("Dashboard not found.", { status: 404, statusText: "Not Found" });
  const [relations, charts, owners, favorites] = await Promise.all([
    dashboardRelations(context.db, [row]),
    chartsOfDashboard(context.db, row.id),
    dashboardOwnerIds(context.db, row.id),
    favoriteDashboardIds(context.db, principal.id, [row.id]),
  ]);
  const detail = dashboardDetail(row, relations);
  const permissions = dashboardPermissions(principal, owners);
  // the draft bar shows for an owner's draft of a published dashboard (asked here: a GET of a missing draft is a 404)
  const draft = row.published && permissions.canEdit && (await hasDraft(context.db, row.id, principal.id));
  const layout = parseLayout(row.position_json, charts.map((c) => c.id));
  const placed = new Set(chartIdsInLayout(layout));
  // read through the dataset cache the charts' cached data (below) reads too: no second read of the same rows
  const verboseMaps = await verboseMapsOfDatasets(context.db, charts.filter((c) => placed.has(c.id)).map((c) => c.datasource_id));
  const shown = charts.filter((c) => placed.has(c.id)).map((c) => dashboardPageChart(c, row.id, row.json_metadata, verboseMaps));
  // chart data already in the cache rides along in the page (looked up only, never queried here)
  const cached = (await context.cachedChartData?.(shown)) ?? {};
  // and drawn on the server, for the HTML to show them before any script runs (entry.server.tsx puts them in)
  if (context.drawCharts) Object.assign(context.pageDrawings, await context.drawCharts(layout, shown, cached));
  return {
    dashboard: {
      id: detail.id, title: detail.dashboard_title, slug: detail.slug, published: detail.published, css: detail.css ?? "",
      changedOnHumanized: changedAgoIn(language, row.changed_on, detail.changed_on_delta_humanized), owners: detail.owners, lastModifiedTime: lastModifiedTime(row.changed_on),
    },
    layout,
    // the charts the layout places, keyed by id; a placed chart that no longer exists shows Superset's warning
    charts: Object.fromEntries(shown.map((c) => [c.id, cached[c.id] ? { ...c, initial_data: cached[c.id] } : c])),
    isFavorite: favorites.has(row.id),
    permissions,
    hasDraft: draft,
    // native filters and cross-filter settings of json_metadata (the filter bar; defaults apply on first query)
    filterSetup: filterSetupOf(row.json_metadata),
    ...(await sharedState(context, row.id, search)),
    metadata: metadataOf(row.json_metadata),
  };
}

/**
 * The state the address shares, in Superset's order of precedence: a permalink (?permalink_key=: its data mask and
 * active tabs), a stored filter state (?native_filters_key=) or the data mask itself (?native_filters= rison).
 * `filterState.value` null: the shared state is unknown, expired or unreadable (the page warns, opens unfiltered).
 */
async function sharedState(context: AppLoadContext, dashboardId: number, search: URLSearchParams) {
  const permalinkKey = search.get("permalink_key");
  if (permalinkKey) {
    const value = await dashboardPermalink(context.db, permalinkKey);
    const ok = value !== null && Number(value.dashboardId) === dashboardId;
    return {
      filterState: { key: null, value: ok && value.state.dataMask ? JSON.stringify(value.state.dataMask) : ok ? "{}" : null },
      permalinkTabs: ok ? value.state.activeTabs : null,
    };
  }
  const filtersKey = search.get("native_filters_key");
  if (filtersKey) return { filterState: { key: filtersKey, value: await storedMask(context, dashboardId, filtersKey) }, permalinkTabs: null };
  const rison = search.get("native_filters");
  if (rison) return { filterState: { key: null, value: maskOfNativeFiltersParam(rison) }, permalinkTabs: null };
  return { filterState: null, permalinkTabs: null };
}

async function storedMask(context: AppLoadContext, dashboardId: number, key: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(key)) return null;
  const row = await filterStateRow(context.db, key);
  const entry = row ? (JSON.parse(row.value) as { dashboardId?: number; value?: string; owner?: unknown }) : null;
  // as the filter_state API: another anonymous visitor's state is not this caller's to open
  if (!entry || !mayReadKey(entry.owner, context.keyOwner)) return null;
  return entry.dashboardId === dashboardId && typeof entry.value === "string" ? entry.value : null;
}

export type DashboardPageData = Awaited<ReturnType<typeof loadDashboardPage>>;
