import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { charts } from "../../db/schema";
import { chartFormData } from "../../core/charts/shape";
import { resultCsv } from "../../core/chart-data/exports";
import { GenericType } from "../../core/connectors/types";
import type { TableData } from "../../core/reports/email-content";
import type { Principal } from "../../core/security/permissions";
import { dashboardChartBody } from "../dashboards/embedded-chart-data";
import { runChartData } from "../chart-data/run-context";
import type { Env } from "../env";
import { ReportError } from "./errors";

// A chart report's content from the same chart-data engine the browser's chart uses: the chart type's DOM-free
// buildQuery of the saved form data, run as the report's executor (their data access applies), then the first
// query's rows as CSV (attachment) or as a table (TEXT: an HTML table in the body, as Superset's).

export interface ChartContent {
  chartName: string;
  csv: Uint8Array | null;
  table: TableData | null;
}

export interface ContentCall {
  env: Env;
  db: Database;
  secret: string;
  principal: Principal;
  now: Date;
  force: boolean;
}

/** pandas' Timestamp text, as Superset's CSV and to_html show temporal values. */
function cellText(value: unknown, temporal: boolean): string {
  if (value === null || value === undefined) return "";
  if (temporal && typeof value === "number") return new Date(value).toISOString().replace("T", " ").replace(/\.000Z$|Z$/, "");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

export async function chartContent(call: ContentCall, chartId: number, format: "CSV" | "TEXT"): Promise<ChartContent> {
  const chart = await call.db.select().from(charts).where(eq(charts.id, chartId)).get();
  if (!chart) throw new ReportError(`The chart of this report (id ${chartId}) no longer exists: it was deleted. Choose another chart or delete the report.`);
  const formData = { ...chartFormData(chart.params), slice_id: chart.id };
  const body = dashboardChartBody(formData) ?? (chart.query_context ? chartFormData(chart.query_context) : null);
  if (!body) throw new ReportError(`The chart "${chart.slice_name}" (type ${chart.viz_type}) has no query this server can build: open and save it in Explore.`);
  if (chart.datasource_id) body.datasource = { id: chart.datasource_id, type: "table" };
  let result: Record<string, unknown>;
  try {
    const { results } = await runChartData(
      { env: call.env, db: call.db, secret: call.secret, principal: call.principal, background: () => {}, chartCacheTimeout: chart.cache_timeout, now: call.now },
      { ...body, result_format: "json", result_type: "full" },
      call.force,
    );
    result = results[0] ?? {};
  } catch (e) {
    const what = format === "CSV" ? "a csv" : "a dataframe";
    throw new ReportError(`Report Schedule execution failed when generating ${what}. The chart "${chart.slice_name}": ${(e as Error).message}`);
  }
  const columns = Array.isArray(result.colnames) ? (result.colnames as string[]) : [];
  const types = Array.isArray(result.coltypes) ? (result.coltypes as number[]) : [];
  const data = Array.isArray(result.data) ? (result.data as Record<string, unknown>[]) : [];
  const temporal = columns.map((_, i) => types[i] === GenericType.TEMPORAL);
  const rows = data.map((r) => columns.map((c, i) => cellText(r[c], temporal[i])));
  if (format === "TEXT") return { chartName: chart.slice_name, csv: null, table: { columns, rows } };
  const readable = rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]])));
  return { chartName: chart.slice_name, csv: new TextEncoder().encode(resultCsv({ colnames: columns, data: readable })), table: null };
}
