import type { AppLoadContext } from "@remix-run/cloudflare";
import { embeddedByUuid } from "../../../db/embedded/embedded";
import { loadDashboardPage, type DashboardPageData } from "../superset.dashboard.$idOrSlug/dashboard.server";
import { insertLogRows } from "../../../db/logs/logs";
import { embeddedViewRow, logAuthorOf } from "../../../core/event-log";

// The embedded page's server side. The page itself (/embedded/{uuid}) is served to anyone: it holds no data,
// only the dashboard's id and the hosts allowed to frame it (Superset's embedded view does the same); the
// dashboard arrives after the host's SDK handed over a guest token, from /embedded/{uuid}/dashboard, which the
// guest token authenticates (X-GuestToken) and which reads exactly as the dashboard page's own loader.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new Response("This embedded dashboard does not exist.", { status: 404, statusText: "Not Found" });

export interface EmbeddedConfig {
  uuid: string;
  dashboardId: number;
  allowedDomains: string[];
}

/** The embedded page's data: the dashboard page's, with the server's drawings of its cached charts by chart id. */
export type EmbeddedPageData = DashboardPageData & { drawings: Record<number, string> };

export async function embeddedConfig(context: AppLoadContext, uuid: string): Promise<EmbeddedConfig> {
  if (!UUID.test(uuid)) throw notFound();
  const embedded = await embeddedByUuid(context.db, uuid);
  if (!embedded) throw notFound();
  return { uuid: embedded.uuid, dashboardId: embedded.dashboard_id, allowedDomains: embedded.allowed_domains };
}

/**
 * The embedded dashboard's page data for the guest of the request. No guest (no token, or one that expired or
 * does not verify): 401, which the page reports to the host; the guest's rights (its token's dashboards, its
 * row-level security) apply inside loadDashboardPage as for any principal. `search` is the host's urlParams
 * (permalink_key, native_filters_key, native_filters), read as on the dashboard page.
 */
export async function embeddedDashboard(context: AppLoadContext, uuid: string, search: URLSearchParams) {
  const started = Date.now();
  const { dashboardId } = await embeddedConfig(context, uuid);
  if (!context.principal) return Response.json({ message: "A valid guest token is required." }, { status: 401 });
  // the charts' drawings ride in the JSON (the page shows them until its live charts draw, as the dashboard page
  // shows those its HTML carries), drawn at the grid width the page states (GRID_WIDTH_HEADER)
  const drawings: Record<number, string> = {};
  const page = await loadDashboardPage({ ...context, pageDrawings: drawings }, context.principal, String(dashboardId), search).catch((e: unknown) => {
    if (e instanceof Response && e.status === 404) return null;
    throw e;
  });
  if (!page) return Response.json({ message: "This guest token does not grant this dashboard." }, { status: 403 });
  logEmbeddedView(context, uuid, page, started);
  const answer: EmbeddedPageData = { ...page, drawings };
  return Response.json(answer, { headers: { "Cache-Control": "private, no-store" } });
}

/** The event log's row of this opening, attributed to the guest (no user id), written after the answer. */
function logEmbeddedView(context: AppLoadContext, uuid: string, page: DashboardPageData, started: number) {
  const { guestUser } = logAuthorOf(context.principal);
  if (guestUser === null) return;
  const charts = Object.values(page.charts);
  const row = embeddedViewRow({
    uuid, dashboardId: page.dashboard.id, charts: charts.map((c) => c.id), guestUser, durationMs: Date.now() - started,
    chartsWithData: charts.filter((c) => "initial_data" in c).map((c) => c.id),
  });
  const dttm = new Date().toISOString();
  context.waitUntil(insertLogRows(context.db, [{ ...row, user_id: null, referrer: null, dttm }]).catch((e: unknown) => console.error("embedded view log write failed", e)));
}
