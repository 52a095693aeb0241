import type { QueryData } from "../../../core/charts/contract";
import { getChartType } from "../../../core/charts/registry";
import { queryFingerprint, type EmbeddedChartData } from "../../../core/dashboards/embedded-data";

// The chart data the page's server pass embedded for a chart (services/dashboards/embedded-chart-data.ts),
// used only when it answers the very request this chart would send now: same buildQuery of the same form data.

export function embeddedResult(formData: Record<string, unknown> | undefined, embedded: EmbeddedChartData | undefined): QueryData[] | null {
  if (!formData || !embedded) return null;
  const type = getChartType(formData.viz_type);
  if (!type) return null;
  try {
    const body = { ...type.buildQuery(formData as never), force: false };
    return queryFingerprint(body) === embedded.key ? (embedded.result as unknown as QueryData[]) : null;
  } catch {
    return null;
  }
}
