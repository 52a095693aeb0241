import type { FormData, QueryContextBody, QueryData } from "../../../core/charts/contract";
import { getChartType } from "../../../core/charts/registry";
import { withResult } from "../../../core/explore/data-pane";
import { apiCall } from "../../components/api-call";
import { exploreStore } from "./store";

// The data pane's and the header's calls beside the chart's own run: its rows before post-processing, the
// dataset's samples, the SQL it runs, and its CSV / XLSX files — each the chart's query context with another
// result type or format, as Superset's DataTablesPane, "View query" and "Download" send it.

export type Answer = { ok: true; data: QueryData } | { ok: false; message: string };

const contextOf = (formData: FormData) => getChartType(formData.viz_type)!.buildQuery(formData) as QueryContextBody;

export async function chartResults(formData: FormData): Promise<Answer> {
  const res = await apiCall<{ result: QueryData[] }>("POST", "/api/v1/chart/data", exploreStore.csrfToken, withResult(contextOf(formData), "results"));
  return res.ok ? { ok: true, data: res.body.result[0] } : { ok: false, message: res.message };
}

export async function datasetSamples(datasetId: number): Promise<Answer & { total?: number }> {
  const res = await apiCall<{ result: QueryData & { total_count: number } }>("POST", `/datasource/samples?datasource_id=${datasetId}&datasource_type=table&per_page=1000&page=1`, exploreStore.csrfToken, {});
  return res.ok ? { ok: true, data: res.body.result, total: res.body.result.total_count } : { ok: false, message: res.message };
}

export async function chartQuery(formData: FormData): Promise<{ ok: true; sql: string; language: string } | { ok: false; message: string }> {
  const res = await apiCall<{ result: { query: string; language?: string }[] }>("POST", "/api/v1/chart/data", exploreStore.csrfToken, withResult(contextOf(formData), "query"));
  return res.ok ? { ok: true, sql: res.body.result[0]?.query ?? "", language: res.body.result[0]?.language ?? "sql" } : { ok: false, message: res.message };
}

/** Downloads the chart's data as a file the browser saves; answers an error message or null. */
export async function downloadChartData(formData: FormData, format: "csv" | "xlsx"): Promise<string | null> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (exploreStore.csrfToken) headers["X-CSRFToken"] = exploreStore.csrfToken;
  const res = await fetch("/api/v1/chart/data", { method: "POST", headers, credentials: "same-origin", body: JSON.stringify(withResult(contextOf(formData), "full", format)) });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string; errors?: { message?: string }[] } | null;
    return body?.errors?.[0]?.message ?? body?.message ?? res.statusText;
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? `chart.${format}`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}
