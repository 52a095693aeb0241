import { apiCall } from "../../../components/api-call";
import type { NativeFilter } from "../../../../core/dashboards/filters/types";
import { valuesOfPage, valuesQueryContext, type ValuesRequest } from "../../../../core/dashboards/filters/select-values";
import { boundsQueryContext } from "../../../../core/dashboards/filters/pre-filter";

// Where filter controls get their data: a value filter's options a page at a time from the chart-data API
// (pre-filter, cascade parents and search applied there), a range filter's bounds, a dataset's time columns.

/** One page of a value filter's options (100 a page), searched and narrowed on the server. */
export async function filterValuesPage(filter: NativeFilter, req: ValuesRequest, csrfToken: string | null): Promise<{ values: unknown[]; more: boolean } | { error: string }> {
  const body = valuesQueryContext(filter, req);
  if (!body) return { error: "The filter has no dataset column" };
  const res = await apiCall<{ result: { data: Record<string, unknown>[] }[] }>("POST", "/api/v1/chart/data", csrfToken, body);
  return res.ok ? valuesOfPage(filter, res.body.result[0]?.data ?? []) : { error: res.message };
}

/** A range filter's bounds: MIN and MAX of its column under its pre-filter. */
export async function columnBounds(filter: NativeFilter, csrfToken: string | null): Promise<{ min: number; max: number } | { error: string }> {
  const body = boundsQueryContext(filter);
  if (!body) return { error: "The filter has no dataset column" };
  const res = await apiCall<{ result: { data: Record<string, unknown>[] }[] }>("POST", "/api/v1/chart/data", csrfToken, body);
  if (!res.ok) return { error: res.message };
  const row = res.body.result[0]?.data[0] ?? {};
  const min = row.min === null ? NaN : Number(row.min);
  const max = row.max === null ? NaN : Number(row.max);
  return Number.isFinite(min) && Number.isFinite(max) ? { min, max } : { error: "The column has no numeric values" };
}

/** The dataset's temporal columns (a time column filter's choices). */
export async function temporalColumns(datasetId: number, csrfToken: string | null): Promise<string[]> {
  const res = await apiCall<{ result: { columns: { column_name: string; is_dttm: boolean }[] } }>("GET", `/api/v1/dataset/${datasetId}`, csrfToken);
  return res.ok ? res.body.result.columns.filter((c) => c.is_dttm).map((c) => c.column_name) : [];
}
