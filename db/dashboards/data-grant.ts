import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { charts, dashboardCharts, dashboards } from "../schema";
import { dashboardRoleGrantWhere, type DashboardViewer } from "./dashboards";
import { nativeFilterTargets, type DashboardDataRef } from "../../core/dashboards/data-grant";

/**
 * Superset's DASHBOARD_RBAC branch of raise_for_access: the dashboard is published, the viewer holds one of its
 * roles, and the chart named is on it and reads `datasetId` (or the native filter named targets `datasetId`). One
 * statement for a chart; a filter reads the dashboard's json_metadata. Owning the dashboard grants no data (Superset
 * lets its owners through here too): an owner could otherwise read any chart's dataset by placing the chart on a
 * draft of their own. What a save may link at all is bounded by link-guard.ts.
 */
export async function dashboardGrantsDataset(db: Database, ref: DashboardDataRef, datasetId: number, viewer: DashboardViewer): Promise<boolean> {
  const where = and(eq(dashboards.id, ref.dashboardId), dashboardRoleGrantWhere(viewer));
  if (ref.kind === "native_filter") {
    const row = await db.select({ json_metadata: dashboards.json_metadata }).from(dashboards).where(where).get();
    return row !== undefined && nativeFilterTargets(row.json_metadata, ref.filterId, datasetId);
  }
  const onDashboard = sql`EXISTS (SELECT 1 FROM ${dashboardCharts} JOIN ${charts} ON ${charts.id} = ${dashboardCharts.slice_id}
    WHERE ${dashboardCharts.dashboard_id} = ${dashboards.id} AND ${charts.id} = ${ref.sliceId} AND ${charts.datasource_id} = ${datasetId})`;
  const row = await db.select({ id: dashboards.id }).from(dashboards).where(and(where, onDashboard)).get();
  return row !== undefined;
}
