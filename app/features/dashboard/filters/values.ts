import { apiCall } from "../../../components/api-call";
import type { ExtraFormData } from "../../../../core/dashboards/filters/types";

// Where filter controls get their data: a value filter's options from the column-values API, or — when parent
// filters narrow them (cascade) — from the chart-data API with the parents' filters; a range filter's bounds.

const VALUES_LIMIT = 1000;

export async function filterOptions(datasetId: number, column: string, parents: ExtraFormData[], search: string, csrfToken: string | null): Promise<{ values: unknown[] } | { error: string }> {
  const filters = parents.flatMap((p) => p.filters ?? []);
  if (!filters.length && !search) {
    const res = await apiCall<{ result: unknown[] }>("GET", `/api/v1/datasource/table/${datasetId}/column/${encodeURIComponent(column)}/values/`, csrfToken);
    return res.ok ? { values: res.body.result } : { error: res.message };
  }
  // search runs on the server, so a column of 100,000 values stays responsive
  if (search) filters.push({ col: column, op: "ILIKE", val: `%${search}%` });
  const body = {
    datasource: { id: datasetId, type: "table" },
    force: false,
    queries: [{ columns: [column], metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "__count" }], filters, orderby: [[column, true]], row_limit: VALUES_LIMIT }],
    result_format: "json",
    result_type: "full",
  };
  const res = await apiCall<{ result: { data: Record<string, unknown>[] }[] }>("POST", "/api/v1/chart/data", csrfToken, body);
  return res.ok ? { values: res.body.result[0]?.data.map((r) => r[column]) ?? [] } : { error: res.message };
}

export async function columnBounds(datasetId: number, column: string, csrfToken: string | null): Promise<{ min: number; max: number } | { error: string }> {
  const q = (fn: string) => ({ expressionType: "SIMPLE", column: { column_name: column }, aggregate: fn, label: fn.toLowerCase() });
  const body = {
    datasource: { id: datasetId, type: "table" }, force: false,
    queries: [{ columns: [], metrics: [q("MIN"), q("MAX")], filters: [], row_limit: 1 }], result_format: "json", result_type: "full",
  };
  const res = await apiCall<{ result: { data: Record<string, unknown>[] }[] }>("POST", "/api/v1/chart/data", csrfToken, body);
  if (!res.ok) return { error: res.message };
  const row = res.body.result[0]?.data[0] ?? {};
  const min = Number(row.min);
  const max = Number(row.max);
  return Number.isFinite(min) && Number.isFinite(max) ? { min, max } : { error: "The column has no numeric values" };
}

/** The dataset's temporal columns (a time column filter's choices). */
export async function temporalColumns(datasetId: number, csrfToken: string | null): Promise<string[]> {
  const res = await apiCall<{ result: { columns: { column_name: string; is_dttm: boolean }[] } }>("GET", `/api/v1/dataset/${datasetId}`, csrfToken);
  return res.ok ? res.body.result.columns.filter((c) => c.is_dttm).map((c) => c.column_name) : [];
}
