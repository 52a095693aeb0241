import { getChartType } from "../../core/charts/registry";
import type { FormData } from "../../core/charts/contract";
import { queryFingerprint, withinCap, type EmbeddedChartData } from "../../core/dashboards/embedded-data";
import { runChartData, type ChartDataCall } from "../chart-data/run-context";
import { datasetForChart } from "../../db/datasets/cache";

// The chart data a dashboard page embeds: each chart's query context built on the server exactly as the
// browser builds it (the chart type's DOM-free buildQuery of the saved form data), then looked up in the
// chart-data cache only (cacheOnly: a miss throws before any query runs). A chart that misses, fails to build,
// names annotation layers (they may run queries of their own) or passes the cap is left to fetch as usual.

export interface DashboardChartForm {
  id: number;
  form_data: Record<string, unknown>;
}

/** The request body the dashboard's chart sends to POST /api/v1/chart/data (app/features/dashboard/DashboardChart.tsx). */
export function dashboardChartBody(formData: Record<string, unknown>): Record<string, unknown> | null {
  const type = getChartType(formData.viz_type);
  if (!type) return null;
  try {
    return { ...type.buildQuery(formData as FormData), force: false };
  } catch {
    return null;
  }
}

const hasAnnotations = (body: Record<string, unknown>) =>
  (body.queries as { annotation_layers?: unknown[] }[] | undefined)?.some((q) => Array.isArray(q.annotation_layers) && q.annotation_layers.length > 0) ?? false;

export async function embeddedChartData(call: Omit<ChartDataCall, "cacheOnly">, charts: DashboardChartForm[], capBytes?: number): Promise<Record<number, EmbeddedChartData>> {
  const bodies = charts.map((chart) => {
    const body = dashboardChartBody(chart.form_data);
    return body && !hasAnnotations(body) ? body : null;
  });
  // each dataset read once (the isolate cache shares settled reads only: 24 charts on 4 datasets started at
  // once would read every dataset's columns 24 times, measured in tests/worker/example-dashboards.test.ts)
  const datasetIds = new Set(bodies.map((b) => (b?.datasource as { id?: unknown } | undefined)?.id).filter((id): id is number => Number.isSafeInteger(id)));
  await Promise.all([...datasetIds].map((id) => datasetForChart(call.db, id).catch(() => null)));
  const found = await Promise.all(charts.map(async (chart, i) => {
    const body = bodies[i];
    if (!body) return null;
    try {
      const { results } = await runChartData({ ...call, cacheOnly: true }, body);
      const entry: EmbeddedChartData = { key: queryFingerprint(body), result: results };
      return { id: chart.id, entry, bytes: JSON.stringify(entry).length };
    } catch {
      return null; // a miss, or an error the chart's own request will show
    }
  }));
  return Object.fromEntries(withinCap(found.filter((f) => f !== null), capBytes).map((f) => [f.id, f.entry]));
}
