import type { ReportScheduleRow } from "../../db/reports/runs";
import { MAX_RENDER_SIDE } from "../../core/render/contract";
import type { TableData } from "../../core/reports/email-content";
import { chartContent, chartImage, type ChartImage, type ContentCall } from "./content";
import { dashboardImage } from "./dashboard-content";
import { ReportError } from "./errors";
import type { ReportNativeFilter } from "../../core/reports/native-filters";

// What one report sends, whatever its content and format: a chart as CSV, TEXT, PNG or PDF, a dashboard as PNG
// or PDF; with the name the email's subject uses, the link back to the product, and a notice when something
// could not be drawn (sent in place of the image, and written to the run's log).

export interface ReportContent {
  /** the chart's or dashboard's name */
  name: string;
  /** path of the link back, relative to the product's address */
  path: string;
  csv: Uint8Array | null;
  table: TableData | null;
  image: ChartImage["image"];
  notice: string | null;
  /** a dashboard's native-filter values in words, shown in the email ("" when none) */
  filters: string;
}

const clamp = (n: number) => Math.max(100, Math.min(MAX_RENDER_SIDE, Math.round(n)));

/** Superset's custom width (height in proportion when not given); 800 × 400 by default for a chart. */
export function reportSize(schedule: Pick<ReportScheduleRow, "custom_width" | "custom_height">): { width: number; height: number } {
  const width = schedule.custom_width ? clamp(schedule.custom_width) : 800;
  return { width, height: schedule.custom_height ? clamp(schedule.custom_height) : Math.round(width / 2) };
}

/** A dashboard's picture is as wide as Superset's dashboard screenshots (1600 px) unless the report says. */
const DASHBOARD_WIDTH = 1600;

/** The content for one filter state (a dashboard report's native-filter values; charts have none). */
export async function reportContent(call: ContentCall, schedule: ReportScheduleRow, nativeFilters: ReportNativeFilter[] = []): Promise<ReportContent> {
  const format = schedule.report_format.toUpperCase();
  const picture = format === "PDF" ? "PDF" : "PNG";
  if (schedule.chart_id) {
    const path = `explore/?slice_id=${schedule.chart_id}`;
    if (format === "CSV" || format === "TEXT") {
      const c = await chartContent(call, schedule.chart_id, format);
      return { name: c.chartName, path, csv: c.csv, table: c.table, image: null, notice: null, filters: "" };
    }
    const c = await chartImage(call, schedule.chart_id, picture, reportSize(schedule));
    return { name: c.chartName, path, csv: null, table: null, image: c.image, notice: c.notice, filters: "" };
  }
  if (schedule.dashboard_id) {
    if (format === "CSV" || format === "TEXT") throw new ReportError(`Dashboard reports are sent as PNG or PDF, not ${format}: the report was not sent.`);
    const width = schedule.custom_width ? clamp(schedule.custom_width) : DASHBOARD_WIDTH;
    const d = await dashboardImage(call, schedule.dashboard_id, picture, width, schedule.extra_json, nativeFilters);
    return { name: d.title, path: `superset/dashboard/${schedule.dashboard_id}/`, csv: null, table: null, image: d.image, notice: d.notice, filters: d.filters };
  }
  throw new ReportError("This report has no chart or dashboard to send.");
}
