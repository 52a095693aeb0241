import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { charts } from "../../db/schema";
import { verboseMapsOfDatasets } from "../../db/datasets/verbose";
import { verboseMapFor, type VerboseMap } from "../../core/charts/verbose-map";
import { chartFormData } from "../../core/charts/shape";
import { resultCsv } from "../../core/chart-data/exports";
import { GenericType } from "../../core/connectors/types";
import type { TableData } from "../../core/reports/email-content";
import type { Principal } from "../../core/security/permissions";
import { dashboardChartBody } from "../dashboards/embedded-chart-data";
import { runChartData } from "../chart-data/run-context";
import type { Env } from "../env";
import { ReportError } from "./errors";
import { RENDER_NOTICES_HEADER, type RenderFormat, type RenderRequest } from "../../core/render/contract";

// A chart report's content from the same chart-data engine the browser's chart uses: the chart type's DOM-free
// buildQuery of the saved form data, run as the report's executor (their data access applies), then the first
// query's rows as CSV (attachment) or as a table (TEXT: an HTML table in the body, as Superset's); PNG and PDF
// are drawn from the same answer by the render Worker.

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

type ChartRow = typeof charts.$inferSelect;

async function loadChart(call: ContentCall, chartId: number): Promise<ChartRow> {
  const chart = await call.db.select().from(charts).where(eq(charts.id, chartId)).get();
  if (!chart) throw new ReportError(`The chart of this report (id ${chartId}) no longer exists: it was deleted. Choose another chart or delete the report.`);
  return chart;
}

/**
 * The chart's saved form data and its first chart-data answer (the whole answer for PNG/PDF drawing). A dashboard
 * report's native filters arrive as `extraFormData`, set as the dashboard page sets it (extra_form_data).
 */
export async function chartData(call: ContentCall, chart: ChartRow, what: string, extraFormData?: Record<string, unknown>): Promise<{ formData: Record<string, unknown>; results: Record<string, unknown>[]; verboseMap?: VerboseMap }> {
  const formData = { ...chartFormData(chart.params), slice_id: chart.id, ...(extraFormData && Object.keys(extraFormData).length ? { extra_form_data: extraFormData } : {}) };
  const built = dashboardChartBody(formData);
  // the saved query context knows nothing of the report's filters: a filtered chart must not fall back to it
  // (a recipient would see data meant to be filtered away)
  if (!built && "extra_form_data" in formData) throw new ReportError(`The chart "${chart.slice_name}" (type ${chart.viz_type}) cannot be filtered by the report's native filters on this server: it was not sent unfiltered.`);
  const body = built ?? (chart.query_context ? chartFormData(chart.query_context) : null);
  if (!body) throw new ReportError(`The chart "${chart.slice_name}" (type ${chart.viz_type}) has no query this server can build: open and save it in Explore.`);
  if (chart.datasource_id) body.datasource = { id: chart.datasource_id, type: "table" };
  try {
    const { results } = await runChartData(
      { env: call.env, db: call.db, secret: call.secret, principal: call.principal, background: () => {}, chartCacheTimeout: chart.cache_timeout, now: call.now },
      { ...body, result_format: "json", result_type: "full" },
      call.force,
    );
    // labelled as the dashboard and Explore label it (a saved metric's verbose name)
    const verboseMap = verboseMapFor(formData, (await verboseMapsOfDatasets(call.db, [chart.datasource_id])).get(chart.datasource_id ?? -1));
    return { formData, results: results as Record<string, unknown>[], ...(verboseMap ? { verboseMap } : {}) };
  } catch (e) {
    throw new ReportError(`Report Schedule execution failed when generating ${what}. The chart "${chart.slice_name}": ${(e as Error).message}`);
  }
}

export async function chartContent(call: ContentCall, chartId: number, format: "CSV" | "TEXT"): Promise<ChartContent> {
  const chart = await loadChart(call, chartId);
  const { results } = await chartData(call, chart, format === "CSV" ? "a csv" : "a dataframe");
  const result = results[0] ?? {};
  const columns = Array.isArray(result.colnames) ? (result.colnames as string[]) : [];
  const types = Array.isArray(result.coltypes) ? (result.coltypes as number[]) : [];
  const data = Array.isArray(result.data) ? (result.data as Record<string, unknown>[]) : [];
  const temporal = columns.map((_, i) => types[i] === GenericType.TEMPORAL);
  const rows = data.map((r) => columns.map((c, i) => cellText(r[c], temporal[i])));
  if (format === "TEXT") return { chartName: chart.slice_name, csv: null, table: { columns, rows } };
  const readable = rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]])));
  return { chartName: chart.slice_name, csv: new TextEncoder().encode(resultCsv({ colnames: columns, data: readable })), table: null };
}

export interface ChartImage {
  chartName: string;
  /** the PNG or PDF; null when the chart cannot be drawn on the server (then `notice` says why) */
  image: { bytes: Uint8Array; contentType: string; extension: string } | null;
  notice: string | null;
}

/** A chart report's PNG or PDF, drawn by the render Worker from the chart's data (ADR 0014). */
export async function chartImage(call: ContentCall, chartId: number, format: RenderFormat, size: { width: number; height: number }): Promise<ChartImage> {
  const chart = await loadChart(call, chartId);
  const { formData, results, verboseMap } = await chartData(call, chart, "a screenshot");
  const request: RenderRequest = {
    format, title: chart.slice_name, width: size.width, height: size.height,
    charts: [{ formData, queriesData: results as never, chartName: chart.slice_name, verboseMap, x: 0, y: 0, width: size.width, height: size.height }],
  };
  const drawn = await render(call.env, request);
  return { chartName: chart.slice_name, image: drawn.image, notice: drawn.notices[0] ?? null };
}

/** Calls the render Worker; a missing binding or a failed drawing is the run's error, in words. */
export async function render(env: Env, request: RenderRequest): Promise<{ image: ChartImage["image"]; notices: string[] }> {
  if (!env.RENDERER) throw new ReportError(`${request.format} reports need the render Worker (the RENDERER service binding, wrangler.render.toml), which is not configured: the report was not sent.`);
  const res = await env.RENDERER.fetch("https://render.internal/render", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request) });
  if (res.status === 422) return { image: null, notices: [((await res.json()) as { message: string }).message] };
  if (!res.ok) throw new ReportError(`Report Schedule execution failed when generating a screenshot: the render Worker answered ${res.status} ${(await res.text()).slice(0, 300)}`);
  const notices = JSON.parse(decodeURIComponent(res.headers.get(RENDER_NOTICES_HEADER) ?? "%5B%5D")) as string[];
  const pdf = request.format === "PDF";
  return { image: { bytes: new Uint8Array(await res.arrayBuffer()), contentType: pdf ? "application/pdf" : "image/png", extension: pdf ? "pdf" : "png" }, notices };
}
