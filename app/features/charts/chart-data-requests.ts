import type { FormData, QueryContextBody, QueryData } from "../../../core/charts/contract";
import { getChartType } from "../../../core/charts/registry";
import { withResult } from "../../../core/explore/data-pane";
import { apiCall } from "../../components/api-call";
import { guestHeaders } from "../../components/guest-token";

// A chart's calls beside its own run, shared by Explore and the dashboard's chart menu: its rows before
// post-processing (result_type results), the dataset's samples, the SQL it runs (result_type query), and its data
// as a CSV / XLSX file (result_format) — each the chart's query context with another result type or format.

export type Answer = { ok: true; data: QueryData } | { ok: false; message: string };

const contextOf = (formData: FormData) => {
  const type = getChartType(formData.viz_type);
  if (!type) throw new Error(`Unknown chart type: ${String(formData.viz_type)}`);
  return type.buildQuery(formData) as QueryContextBody;
};

export async function chartResults(formData: FormData, csrfToken: string | null): Promise<Answer> {
  const res = await apiCall<{ result: QueryData[] }>("POST", "/api/v1/chart/data", csrfToken, withResult(contextOf(formData), "results"));
  return res.ok ? { ok: true, data: res.body.result[0] } : { ok: false, message: res.message };
}

export async function datasetSamples(datasetId: number, csrfToken: string | null): Promise<Answer & { total?: number }> {
  const res = await apiCall<{ result: QueryData & { total_count: number } }>("POST", `/datasource/samples?datasource_id=${datasetId}&datasource_type=table&per_page=1000&page=1`, csrfToken, {});
  return res.ok ? { ok: true, data: res.body.result, total: res.body.result.total_count } : { ok: false, message: res.message };
}

export async function chartQuery(formData: FormData, csrfToken: string | null): Promise<{ ok: true; sql: string; language: string } | { ok: false; message: string }> {
  const res = await apiCall<{ result: { query: string; language?: string }[] }>("POST", "/api/v1/chart/data", csrfToken, withResult(contextOf(formData), "query"));
  return res.ok ? { ok: true, sql: res.body.result[0]?.query ?? "", language: res.body.result[0]?.language ?? "sql" } : { ok: false, message: res.message };
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Superset's default SQL_MAX_ROW: what a "full" export asks for (the Worker caps it at its own SQL_MAX_ROW). */
export const FULL_EXPORT_ROWS = 100_000;

/**
 * Downloads the chart's data as a file the browser saves; answers an error message or null. `full` lifts the
 * chart's row limit to the server's maximum (Superset's "Export to full .CSV" of a table chart); `pivoted` asks
 * for the rows as the chart shows them (result_type post_processed: "Export to pivoted .CSV" of a pivot table).
 * `chartName` (the chart's title) goes in the form data's slice_name, which the server names the file after.
 */
export async function downloadChartData(formData: FormData, format: "csv" | "xlsx", csrfToken: string | null, chartName: string | null, full = false, pivoted = false): Promise<string | null> {
  const headers: Record<string, string> = { "Content-Type": "application/json", ...guestHeaders() };
  if (csrfToken) headers["X-CSRFToken"] = csrfToken;
  const body = withResult(contextOf(chartName ? { ...formData, slice_name: chartName } : formData), pivoted ? "post_processed" : "full", format);
  // the server caps any row limit at its SQL_MAX_ROW; Superset's full export asks for that maximum
  if (full) body.queries = body.queries.map((q) => ({ ...q, row_limit: FULL_EXPORT_ROWS }));
  const res = await fetch("/api/v1/chart/data", { method: "POST", headers, credentials: "same-origin", body: JSON.stringify(body) }).catch(() => null);
  if (!res) return "Network error";
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as { message?: string; errors?: { message?: string }[] } | null;
    return answer?.errors?.[0]?.message ?? answer?.message ?? res.statusText;
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? `chart.${format}`;
  saveBlob(await res.blob(), name);
  return null;
}
