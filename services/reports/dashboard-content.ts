import { eq } from "drizzle-orm";
import { inList } from "../../db/d1-params";
import { charts, dashboardCharts, dashboards } from "../../db/schema";
import { parseLayout } from "../../core/dashboards/layout";
import { dashboardSlots } from "../../core/render/dashboard-grid";
import type { PlacedChart } from "../../core/render/draw-chart";
import { MAX_RENDER_PIXELS, MAX_RENDER_SIDE, type RenderFormat } from "../../core/render/contract";
import { filtersOfMetadata } from "../../core/dashboards/filters/config";
import { appliedFiltersText, reportExtraFormData, type ReportNativeFilter } from "../../core/reports/native-filters";
import { chartData, render, type ChartImage, type ContentCall } from "./content";
import { ReportError } from "./errors";

// A dashboard report's PNG or PDF: the dashboard's charts placed in its layout grid (the report's chosen tab, else
// each tab set's first), each chart's data fetched as the report's executor (in parallel) with the report's
// native-filter values merged into its query as the dashboard page merges them, then one picture drawn by the
// render Worker. Charts that cannot be drawn show their reason in their place and in the email.

const PADDING = 16;

export interface DashboardImage extends Omit<ChartImage, "chartName"> {
  title: string;
  /** the native-filter values the picture shows, in words ("Region: EMEA"), or "" when none */
  filters: string;
}

/** The tab a report chose (extra_json.dashboard.anchor or its last active tab), if any. */
function chosenAnchor(extraJson: string | null): string | null {
  try {
    const dashboard = (JSON.parse(extraJson ?? "{}") as { dashboard?: { anchor?: unknown; activeTabs?: unknown } }).dashboard;
    if (typeof dashboard?.anchor === "string" && dashboard.anchor) return dashboard.anchor;
    const tabs = Array.isArray(dashboard?.activeTabs) ? dashboard.activeTabs.filter((t): t is string => typeof t === "string") : [];
    return tabs.at(-1) ?? null;
  } catch {
    return null;
  }
}

export async function dashboardImage(call: ContentCall, dashboardId: number, format: RenderFormat, width: number, extraJson: string | null, nativeFilters: ReportNativeFilter[] = []): Promise<DashboardImage> {
  const dashboard = await call.db.select().from(dashboards).where(eq(dashboards.id, dashboardId)).get();
  if (!dashboard) throw new ReportError(`The dashboard of this report (id ${dashboardId}) no longer exists: it was deleted. Choose another dashboard or delete the report.`);
  const linked = await call.db.select({ id: dashboardCharts.slice_id }).from(dashboardCharts).where(eq(dashboardCharts.dashboard_id, dashboardId)).all();
  const layout = parseLayout(dashboard.position_json, linked.map((l) => l.id));
  const grid = width - 2 * PADDING;
  const { slots, blocks, height } = dashboardSlots(layout, grid, chosenAnchor(extraJson));
  if (!slots.length) throw new ReportError(`The dashboard "${dashboard.dashboard_title}" has no charts to draw: the report was not sent.`);
  const total = height + 2 * PADDING;
  if (total > MAX_RENDER_SIDE || total * width > MAX_RENDER_PIXELS) {
    throw new ReportError(`The dashboard "${dashboard.dashboard_title}" is ${total} px tall at ${width} px wide, more than one report picture holds (${MAX_RENDER_SIDE} px, ${MAX_RENDER_PIXELS / 1e6} M pixels): choose a tab or a smaller custom width.`);
  }
  const rows = await call.db.select().from(charts).where(inList(charts.id, [...new Set(slots.map((s) => s.chartId))])).all();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const filters = filtersOfMetadata(dashboard.json_metadata);
  const extraFormData = reportExtraFormData(layout, rows.map((r) => ({ id: r.id, datasetId: r.datasource_id })), filters, nativeFilters);
  const placed: PlacedChart[] = await Promise.all(slots.map(async (slot) => {
    const box = { x: slot.x + PADDING, y: slot.y + PADDING, width: slot.width, height: slot.height };
    const chart = byId.get(slot.chartId);
    // a chart removed since the layout was saved: its box says so rather than staying empty
    if (!chart) return { ...box, title: slot.title ?? `Chart ${slot.chartId}`, formData: {}, queriesData: [], failure: `The chart with id ${slot.chartId} no longer exists: it was deleted.` };
    const title = slot.title ?? chart.slice_name;
    try {
      const { formData, results, verboseMap } = await chartData(call, chart, "a screenshot", extraFormData[chart.id]);
      return { ...box, title, chartName: chart.slice_name, formData, queriesData: results as never, verboseMap };
    } catch (e) {
      // one chart's failing query must not sink the others: its box carries the reason
      return { ...box, title, chartName: chart.slice_name, formData: {}, queriesData: [], failure: (e as Error).message };
    }
  }));
  const placedBlocks = blocks.map((b) => ({ ...b, x: b.x + PADDING, y: b.y + PADDING }));
  const drawn = await render(call.env, { format, title: dashboard.dashboard_title, width, height: total, charts: placed, blocks: placedBlocks });
  return { title: dashboard.dashboard_title, image: drawn.image, notice: drawn.notices.length ? drawn.notices.join(" ") : null, filters: appliedFiltersText(filters, nativeFilters) };
}
