import rison from "rison";
import { MAX_PAGE_SIZE } from "../../../../core/http/list-query";
import { builderChart, type BuilderChartItem } from "../../../../core/dashboards/edit/charts";
import { apiCall } from "../../../components/api-call";
import type { DashboardChartData } from "../DashboardChart";

// The charts a resumed draft places that the live dashboard does not have (issue 34). The page's chart list is
// the live version's (viewers must never see draft-only content), so the editor asks for the others by id
// through the chart list the user may already read: a chart whose dataset they cannot read is not answered and
// stays refused (drawn as missing), exactly as it would be dragged in from the builder pane.

export async function draftOnlyCharts(ids: number[]): Promise<Record<string, DashboardChartData>> {
  const out: Record<string, DashboardChartData> = {};
  for (let i = 0; i < ids.length; i += MAX_PAGE_SIZE) {
    const chunk = ids.slice(i, i + MAX_PAGE_SIZE);
    const q = rison.encode({ filters: [{ col: "id", opr: "in", value: chunk }], page_size: MAX_PAGE_SIZE });
    const res = await apiCall<{ result: BuilderChartItem[] }>("GET", `/api/v1/chart/?q=${encodeURIComponent(q)}`, null);
    if (!res.ok) continue; // drawn as missing, like a chart that cannot be read
    for (const item of res.body.result) {
      const chart = builderChart(item);
      if (chart) out[String(chart.id)] = chart;
    }
  }
  return out;
}
