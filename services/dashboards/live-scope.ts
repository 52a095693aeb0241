import type { Database } from "../../db/client";
import type { Principal } from "../../core/security/permissions";
import type { DashboardRow } from "../../db/dashboards/dashboards";
import { chartsOfDashboard } from "../../db/dashboards/dashboards";
import { dashboardPageChart } from "../../core/dashboards/shape";
import { chooseZone, pinnedZoneOfJson, viewerZoneOf } from "../../core/time-zone/viewer-zone";
import { liveScopeKey, type ScopeParts } from "../../core/dashboards/live";
import { zoneShapesCharts } from "../../core/dashboards/live-zone";
import type { RefreshMetadata } from "../../core/dashboards/refresh";
import { chartDatasource, rlsPredicateOf } from "../chart-data/datasource";
import { dashboardRbacGrant } from "../chart-data/dashboard-grant";
import { dashboardChartBody } from "./embedded-chart-data";

// A viewer's live scope of a dashboard, computed on the server from the signed-in caller: for each dataset the
// charts read, whether the caller may read it and the row-level security predicate it gets there (the same
// function the chart-data route uses: services/chart-data/datasource.ts), the zone relative ranges resolve in
// (only when some chart's SQL depends on it),
// the interval and the viewer's filters. It also builds each chart's request body exactly as the dashboard page
// does (DashboardChart.tsx: buildQuery of the page's form data plus the filters' extra_form_data).

export interface LiveChart {
  id: number;
  /** the body POST /api/v1/chart/data would get from this viewer's page */
  body: Record<string, unknown>;
}

export interface LiveSpec {
  key: string;
  dashboardId: number;
  interval: number;
  meta: RefreshMetadata;
  charts: LiveChart[];
  /** the caller the object runs queries as; anyone in the scope would get the same rows */
  principal: Principal;
  /** datasets the charts read: a "data changed" push for one of them refreshes at once */
  datasetIds: number[];
}

export function refreshMetadataOf(row: DashboardRow): RefreshMetadata & Record<string, unknown> {
  try {
    const meta = JSON.parse(row.json_metadata ?? "{}") as unknown;
    return meta && typeof meta === "object" && !Array.isArray(meta) ? (meta as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function liveSpec(
  deps: { db: Database; env: { DASHBOARD_RBAC?: string } },
  principal: Principal,
  row: DashboardRow,
  interval: number,
  masks: Record<string, Record<string, unknown>>,
): Promise<LiveSpec> {
  const records = await chartsOfDashboard(deps.db, row.id);
  const datasets = new Map<number, string>();
  const charts: LiveChart[] = [];
  for (const record of records) {
    const page = dashboardPageChart(record, row.id, row.json_metadata);
    const mask = masks[String(record.id)];
    const formData = mask && Object.keys(mask).length ? { ...page.form_data, extra_form_data: mask } : page.form_data;
    const body = dashboardChartBody(formData);
    const datasetId = record.datasource_id;
    if (!body || datasetId === null) continue; // the page's own request shows why it cannot be drawn
    if (!datasets.has(datasetId)) {
      try {
        const ds = await chartDatasource(deps.db, principal, datasetId, dashboardRbacGrant(deps.db, deps.env, principal, formData));
        datasets.set(datasetId, `ok:${rlsPredicateOf(ds) ?? ""}`);
      } catch {
        datasets.set(datasetId, "denied");
      }
    }
    // a chart the caller may not read is left to the page's own request, which answers its error
    if (datasets.get(datasetId) !== "denied") charts.push({ id: record.id, body: { ...body, force: true } });
  }
  const { zone } = chooseZone(pinnedZoneOfJson(row.json_metadata), viewerZoneOf(principal));
  const usedMasks = Object.fromEntries(charts.map((c) => [String(c.id), masks[String(c.id)] ?? {}]));
  // the zone splits viewers only where it changes a chart's SQL (a time range or grain): elsewhere all zones share
  const parts: ScopeParts = { dashboardId: row.id, interval, datasets: [...datasets], zone: zoneShapesCharts(charts.map((c) => c.body), new Date()) ? zone : null, masks: usedMasks };
  return { key: liveScopeKey(parts), dashboardId: row.id, interval, meta: refreshMetadataOf(row), charts, principal, datasetIds: [...datasets.keys()] };
}
