import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { Env } from "../../services/env";
import { charts, dashboardCharts } from "../../db/schema";
import { inList } from "../../db/d1-params";
import { liveIndexFor } from "../../durable-objects/live-dashboard-index";

// "Data changed" (issue 29): an upload or bundle import wrote rows of these datasets, so every live scope of every
// dashboard with a chart on one of them refreshes those charts now instead of at its next interval.

export async function dashboardsUsingDatasets(db: Database, datasetIds: number[]): Promise<number[]> {
  if (!datasetIds.length) return [];
  const rows = await db.selectDistinct({ id: dashboardCharts.dashboard_id }).from(dashboardCharts)
    .innerJoin(charts, eq(charts.id, dashboardCharts.slice_id)).where(inList(charts.datasource_id, datasetIds)).all();
  return rows.map((r) => r.id);
}

/** Answers how many charts refreshed (0 when nobody watches); never throws: the upload itself succeeded. */
export async function notifyDataChanged(env: Env, db: Database, datasetIds: number[]): Promise<number> {
  if (!env.LIVE_DASHBOARD_INDEX) return 0;
  try {
    const dashboards = await dashboardsUsingDatasets(db, datasetIds);
    const counts = await Promise.all(dashboards.map((id) => liveIndexFor(env, id).dataChanged(datasetIds)));
    return counts.reduce((a, b) => a + b, 0);
  } catch (e) {
    console.error("live dashboards: data-changed push failed", e);
    return 0;
  }
}
