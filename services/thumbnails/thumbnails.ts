import { eq } from "drizzle-orm";
import { inList } from "../../db/d1-params";
import { charts, dashboardCharts } from "../../db/schema";
import type { Database } from "../../db/client";
import type { ChartRow } from "../../db/charts/charts";
import type { DashboardRow } from "../../db/dashboards/dashboards";
import { chartThumbnailDigest, dashboardThumbnailDigest } from "../../core/thumbnails/digest";
import { chartImage, type ContentCall } from "../reports/content";
import { dashboardImage } from "../reports/dashboard-content";
import { ReportError } from "../reports/errors";

// Chart and dashboard thumbnails (Superset's GET /api/v1/{chart|dashboard}/{pk}/thumbnail/{digest}/): a PNG drawn by
// the render Worker (ADR 0014) from the rows the viewer may read, as Superset draws them as the current user. A picture
// is kept in the Cache API of the data centre under its digest, which names the chart's (or dashboard's) state and the
// viewer, so a cached picture is never stale and never another user's.

/** Superset's THUMBNAIL_SIZE: charts are drawn at that size; dashboards at that width, as tall as their layout. */
export const THUMBNAIL_WIDTH = 800;
export const THUMBNAIL_HEIGHT = 600;
/** a day: the digest changes with any edit, so the time only bounds how long an unused picture is kept */
const CACHE_SECONDS = 86_400;
const ORIGIN = "https://thumbnails.cache";

export type Thumbnail = { png: Uint8Array<ArrayBuffer> } | { notice: string };

function cache(): Cache | null {
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}

async function cached(key: string, force: boolean, draw: () => Promise<Thumbnail>): Promise<Thumbnail> {
  const url = `${ORIGIN}/${key}`;
  if (!force) {
    const hit = await cache()?.match(url);
    if (hit) return { png: new Uint8Array(await hit.arrayBuffer()) };
  }
  const drawn = await draw();
  if ("png" in drawn) await cache()?.put(url, new Response(drawn.png, { headers: { "Content-Type": "image/png", "Cache-Control": `max-age=${CACHE_SECONDS}` } }));
  return drawn;
}

/** A drawing that fails for a reason the viewer can act on (no data access, a type the server cannot draw) is said in words. */
async function inWords(draw: () => Promise<Thumbnail>): Promise<Thumbnail> {
  try {
    return await draw();
  } catch (e) {
    if (e instanceof ReportError) return { notice: e.message };
    throw e;
  }
}

export function chartDigest(chart: ChartRow, viewerId: number): Promise<string> {
  return chartThumbnailDigest({ id: chart.id, changedOn: chart.changed_on, params: chart.params, queryContext: chart.query_context, vizType: chart.viz_type }, viewerId);
}

/** Each dashboard's digest for this viewer, with one read of its charts' change times for the whole list. */
export async function dashboardDigests(db: Database, rows: DashboardRow[], viewerId: number): Promise<Map<number, string>> {
  const linked = rows.length ? await db.select({ dashboardId: dashboardCharts.dashboard_id, changedOn: charts.changed_on }).from(dashboardCharts)
    .innerJoin(charts, eq(charts.id, dashboardCharts.slice_id)).where(inList(dashboardCharts.dashboard_id, rows.map((r) => r.id))).all() : [];
  const digests = await Promise.all(rows.map((d) => dashboardThumbnailDigest({
    id: d.id, changedOn: d.changed_on, positionJson: d.position_json, jsonMetadata: d.json_metadata,
    chartsChangedOn: linked.filter((l) => l.dashboardId === d.id).map((l) => l.changedOn),
  }, viewerId)));
  return new Map(rows.map((d, i) => [d.id, digests[i]]));
}

export async function dashboardDigest(db: Database, dashboard: DashboardRow, viewerId: number): Promise<string> {
  return (await dashboardDigests(db, [dashboard], viewerId)).get(dashboard.id)!;
}

export function chartThumbnail(call: ContentCall, chart: ChartRow, digest: string): Promise<Thumbnail> {
  return cached(`chart/${chart.id}/${digest}`, call.force, () => inWords(async () => {
    const drawn = await chartImage(call, chart.id, "PNG", { width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT });
    return drawn.image ? { png: new Uint8Array(drawn.image.bytes) } : { notice: drawn.notice ?? `The chart "${chart.slice_name}" cannot be drawn on the server.` };
  }));
}

export function dashboardThumbnail(call: ContentCall, dashboard: DashboardRow, digest: string): Promise<Thumbnail> {
  return cached(`dashboard/${dashboard.id}/${digest}`, call.force, () => inWords(async () => {
    const drawn = await dashboardImage(call, dashboard.id, "PNG", THUMBNAIL_WIDTH, null);
    return drawn.image ? { png: new Uint8Array(drawn.image.bytes) } : { notice: drawn.notice ?? `The dashboard "${dashboard.dashboard_title}" cannot be drawn on the server.` };
  }));
}
