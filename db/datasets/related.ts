import { and, eq } from "drizzle-orm";
import type { Database } from "../client";
import { charts, dashboardCharts, dashboards } from "../schema";
import { inList } from "../d1-params";

/** GET /api/v1/dataset/{pk}/related_objects: the charts built on the dataset and the dashboards showing them. */
export async function relatedObjects(db: Database, datasetId: number) {
  const chartRows = await db
    .select({ id: charts.id, slice_name: charts.slice_name, viz_type: charts.viz_type })
    .from(charts)
    .where(and(eq(charts.datasource_id, datasetId), eq(charts.datasource_type, "table")))
    .orderBy(charts.id)
    .all();
  const dashboardRows = chartRows.length
    ? await db
        .selectDistinct({ id: dashboards.id, title: dashboards.dashboard_title, slug: dashboards.slug, json_metadata: dashboards.json_metadata })
        .from(dashboards)
        .innerJoin(dashboardCharts, eq(dashboardCharts.dashboard_id, dashboards.id))
        .where(inList(dashboardCharts.slice_id, chartRows.map((r) => r.id)))
        .orderBy(dashboards.id)
        .all()
    : [];
  return {
    charts: { count: chartRows.length, result: chartRows },
    dashboards: { count: dashboardRows.length, result: dashboardRows },
  };
}
