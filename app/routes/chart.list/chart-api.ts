import { apiCall } from "../../components/api-call";
import { risonParam, type Option } from "../../components/list-view/options";

// The Charts list's browser calls to /api/v1/chart/ (favourites, properties, deletes) and /api/v1/dataset/.

export const setFavorite = (id: number, on: boolean, csrf: string | null) =>
  apiCall(on ? "POST" : "DELETE", `/api/v1/chart/${id}/favorites/`, csrf, undefined, { keepalive: true });

export const deleteChart = (id: number, csrf: string | null) => apiCall("DELETE", `/api/v1/chart/${id}`, csrf);

export const deleteCharts = (ids: number[], csrf: string | null) => apiCall<{ message: string }>("DELETE", `/api/v1/chart/?q=${risonParam(ids)}`, csrf);

export interface ChartProperties {
  slice_name: string;
  description: string | null;
  owners: number[];
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  /** custom tag ids */
  tags: number[];
}

export const saveChartProperties = (id: number, body: ChartProperties, csrf: string | null) => apiCall("PUT", `/api/v1/chart/${id}`, csrf, body);

interface DatasetList {
  result: { id: number; table_name: string; schema: string | null }[];
}
const datasetOption = (d: { id: number; table_name: string; schema: string | null }): Option => ({
  value: String(d.id),
  label: d.schema ? `${d.schema}.${d.table_name}` : d.table_name,
});

/** Datasets whose name holds the text (those the caller may read), plus the chosen one so its name shows. */
export async function datasetOptions(search: string, includeIds: number[]): Promise<Option[]> {
  const q = { filters: search ? [{ col: "table_name", opr: "ct", value: search }] : [], columns: ["id", "table_name", "schema"], order_column: "table_name", order_direction: "asc", page_size: 50 };
  const res = await apiCall<DatasetList>("GET", `/api/v1/dataset/?q=${risonParam(q)}`, null);
  const found = res.ok ? res.body.result.map(datasetOption) : [];
  const missing = includeIds.filter((id) => !found.some((o) => o.value === String(id)));
  for (const id of missing) {
    const one = await apiCall<{ result: { id: number; table_name: string; schema: string | null } }>("GET", `/api/v1/dataset/${id}`, null);
    if (one.ok) found.unshift(datasetOption({ ...one.body.result, id }));
  }
  return found;
}
