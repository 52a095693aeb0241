import { dashboardDataRef } from "../../core/dashboards/data-grant";
import { queryFingerprint } from "../../core/dashboards/embedded-data";
import { parseLayout } from "../../core/dashboards/layout";
import { pageDrawingInputs } from "../../core/dashboards/page-drawing";
import { dashboardPageChart } from "../../core/dashboards/shape";
import { dashboardRbacOn, dashboardViewer } from "../../core/dashboards/access";
import type { Principal } from "../../core/security/permissions";
import type { Database } from "../../db/client";
import { chartsOfDashboard, visibleDashboard } from "../../db/dashboards/dashboards";
import { verboseMapsOfDatasets } from "../../db/datasets/verbose";
import { dashboardChartBody } from "./embedded-chart-data";
import { drawAndKeep, type DrawingDeps } from "./page-drawings";
import { keptDrawings } from "./drawing-store";

// Drawings made ahead of a dashboard page (ADR 0015): a batch request that answered a dashboard's charts with fresh
// data (the view that filled the chart-data cache) has, once answered, the next view's first paint drawn and kept,
// so the next view of the dashboard is sent with every cached chart drawn instead of waiting for the drawings or
// going without. The drawings are named exactly as the page's server pass names them: the same charts (the
// dashboard's, as the page builds them), the same answers (those that answer the page's own requests), the same
// sizes; a chart whose request differs (a filter applied) answers no page request and is not drawn.

export interface AnsweredContext {
  body: Record<string, unknown>;
  result: Record<string, unknown>[];
}

/**
 * The dashboard that fresh answers among `answered` came from, if any: the one a predraw is worth running for.
 * A filtered request (a data mask merged in) answers no page's opening request, so it runs none.
 */
export function freshDashboardOf(answered: AnsweredContext[]): number | null {
  for (const a of answered) {
    const formData = a.body.form_data as Record<string, unknown> | undefined;
    const ref = dashboardDataRef(formData);
    const filtered = formData?.extra_form_data && Object.keys(formData.extra_form_data as object).length > 0;
    if (ref?.kind === "chart" && !filtered && a.result.some((r) => r.is_cached === false)) return ref.dashboardId;
  }
  return null;
}

export async function predrawDashboard(deps: Pick<DrawingDeps, "renderer"> & { db: Database; env: { DASHBOARD_RBAC?: string } }, principal: Principal, dashboardId: number, gridWidth: number, answered: AnsweredContext[]): Promise<void> {
  if (!deps.renderer) return;
  const row = await visibleDashboard(deps.db, { id: dashboardId }, dashboardViewer(principal, dashboardRbacOn(deps.env)));
  if (!row) return;
  const records = await chartsOfDashboard(deps.db, row.id);
  const verboseMaps = await verboseMapsOfDatasets(deps.db, records.map((r) => r.datasource_id));
  const layout = parseLayout(row.position_json, records.map((r) => r.id));
  const charts = records.map((r) => dashboardPageChart(r, row.id, row.json_metadata, verboseMaps));
  const byRequest = new Map(answered.map((a) => [queryFingerprint(a.body), a.result]));
  const results: Record<number, Record<string, unknown>[]> = {};
  for (const chart of charts) {
    const body = dashboardChartBody(chart.form_data);
    const result = body && byRequest.get(queryFingerprint(body));
    if (result) results[chart.id] = result;
  }
  const { missing } = await keptDrawings(pageDrawingInputs(layout, gridWidth, charts, results));
  if (missing.length) await drawAndKeep(deps.renderer, missing);
}
