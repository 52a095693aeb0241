import rison from "rison";
import type { DatasetCreateBody } from "../../../core/sqllab/save-dataset";
import type { Query, QueryEditor, QueryResults, Table } from "../../../core/sqllab/types";
import type { WireTabState } from "../../../core/sqllab/wire";
import { editorToSavedQuery, editorToTabStateFields } from "../../../core/sqllab/wire";

// SQL Lab's calls with Superset's paths and payloads. A cookie session must
// send X-CSRFToken on writes; the token comes from the root loader.

let csrfToken: string | null = null;
export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};

/** A failed call: what the server said, in the shape Superset's getClientErrorObject produces. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: { error?: string; message?: string; errors?: { message: string; error_type: string; extra?: Record<string, unknown> }[]; link?: string } | null,
  ) {
    super(body?.error || body?.errors?.[0]?.message || (typeof body?.message === "string" ? body.message : "") || statusText);
  }
  /** The fields runFailureMessage and costEstimateFailureMessage read. */
  get detail() {
    return { error: this.body?.error || this.body?.errors?.[0]?.message, message: typeof this.body?.message === "string" ? this.body.message : undefined, statusText: this.statusText };
  }
}

const STATUS_TEXTS: Record<number, string> = { 400: "Bad request", 401: "Unauthorized", 403: "Forbidden", 404: "Not found", 500: "Server error", 503: "Service unavailable", 504: "Gateway timeout" };

export async function call<T>(method: string, path: string, body?: unknown, init: { signal?: AbortSignal; keepalive?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && csrfToken) headers["X-CSRFToken"] = csrfToken;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin", signal: init.signal, keepalive: init.keepalive });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new ApiCallError(0, "Network error", { error: "Network error" });
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) throw new ApiCallError(res.status, STATUS_TEXTS[res.status] ?? "Unknown error", json as never);
  return json as T;
}

const q = (value: unknown) => encodeURIComponent(rison.encode(value));

export interface ExecutePayload {
  client_id: string;
  database_id: number;
  json: true;
  runAsync: boolean;
  catalog: string | null;
  schema: string | null;
  sql: string;
  sql_editor_id: string | null;
  tab: string | null;
  tmp_table_name: string;
  select_as_cta: boolean;
  ctas_method: string;
  templateParams: string | null;
  queryLimit: number;
  expand_data: true;
}

export const sqlLabApi = {
  /** The page's query string goes along, as Superset does (it may carry template URL parameters). */
  execute: (payload: ExecutePayload, search: string, signal?: AbortSignal) =>
    call<QueryResults & { query?: Partial<Query> }>("POST", `/api/v1/sqllab/execute/${search}`, payload, { signal }),
  results: (key: string, rows: number) => call<QueryResults>("GET", `/api/v1/sqllab/results/?q=${q({ key, rows })}`),
  stop: (clientId: string) => call<{ result: string }>("POST", "/api/v1/query/stop", { client_id: clientId }),
  updatedSince: (lastUpdatedMs: number) => call<{ result: (Partial<Query> & { id: string })[] }>("GET", `/api/v1/query/updated_since?q=${q({ last_updated_ms: lastUpdatedMs })}`),
  formatSql: (sql: string, databaseId?: number | null) => call<{ result: string }>("POST", "/api/v1/sqllab/format_sql/", { sql, ...(databaseId ? { database_id: databaseId } : {}) }),
  estimate: (p: { database_id: number; catalog: string | null; schema: string | null; sql: string; template_params: Record<string, unknown> }) =>
    call<{ result: Record<string, unknown>[] }>("POST", "/api/v1/sqllab/estimate/", p),

  createTab: (qe: QueryEditor) => call<{ id: number }>("POST", "/tabstateview/", { queryEditor: JSON.stringify(qe) }),
  getTab: (id: string) => call<WireTabState>("GET", `/tabstateview/${encodeURIComponent(id)}`),
  updateTab: (qe: QueryEditor) => call<unknown>("PUT", `/tabstateview/${encodeURIComponent(qe.id)}`, editorToTabStateFields(qe)),
  updateTabFields: (id: string, fields: Record<string, unknown>) => call<unknown>("PUT", `/tabstateview/${encodeURIComponent(id)}`, fields),
  /** keepalive: a switch followed at once by a reload or a closed page still reaches the server. */
  activateTab: (id: string) => call<unknown>("POST", `/tabstateview/${encodeURIComponent(id)}/activate`, undefined, { keepalive: true }),
  deleteTab: (id: string) => call<unknown>("DELETE", `/tabstateview/${encodeURIComponent(id)}`),
  migrateQuery: (tabId: string, queryId: string) => call<unknown>("POST", `/tabstateview/${encodeURIComponent(tabId)}/migrate_query`, { queryId }),
  removeQuery: (tabId: string, queryId: string) => call<unknown>("DELETE", `/tabstateview/${encodeURIComponent(tabId)}/query/${encodeURIComponent(queryId)}`),

  createTableSchema: (table: Table) => call<{ id: number }>("POST", "/tableschemaview/", { table: JSON.stringify(table) }),
  expandTableSchema: (id: string, expanded: boolean) => call<unknown>("POST", `/tableschemaview/${encodeURIComponent(id)}/expanded`, { expanded }),
  deleteTableSchema: (id: string) => call<unknown>("DELETE", `/tableschemaview/${encodeURIComponent(id)}`),

  createSavedQuery: (qe: QueryEditor, description?: string) => call<{ id: number; result: Record<string, unknown> }>("POST", "/api/v1/saved_query/", editorToSavedQuery(qe, description)),
  updateSavedQuery: (id: number, qe: QueryEditor, description?: string) => call<{ id: number; result: Record<string, unknown> }>("PUT", `/api/v1/saved_query/${id}`, editorToSavedQuery(qe, description)),
  getSavedQuery: (id: number) => call<{ result: { id: number; label: string; sql: string; db_id?: number; database?: { id: number }; catalog?: string | null; schema?: string | null; template_parameters?: string | null; description?: string } }>("GET", `/api/v1/saved_query/${id}`),

  schemas: (dbId: number, force = false) => call<{ result: string[] }>("GET", `/api/v1/database/${dbId}/schemas/?q=${q({ force })}`),
  tables: (dbId: number, schema: string, force = false) =>
    call<{ count: number; result: { value: string; type: string }[] }>("GET", `/api/v1/database/${dbId}/tables/?q=${q({ force, schema_name: schema })}`),
  tableMetadata: (dbId: number, schema: string | null, table: string) =>
    call<TableMetadata>("GET", `/api/v1/database/${dbId}/table_metadata/?name=${encodeURIComponent(table)}${schema ? `&schema=${encodeURIComponent(schema)}` : ""}`),

  storeKv: (data: unknown) => call<{ id: string }>("POST", "/kv/store/", { data: JSON.stringify(data) }),
  createDataset: (body: DatasetCreateBody) => call<{ id: number }>("POST", "/api/v1/dataset/", body),
  /** Superset's postFormData: Explore's unsaved form data, answered with the key Explore opens it by. */
  postFormData: (datasourceId: number, formData: Record<string, unknown>) =>
    call<{ key: string }>("POST", "/api/v1/explore/form_data", { datasource_id: datasourceId, datasource_type: "table", form_data: JSON.stringify(formData) }),
};

export interface TableMetadata {
  name: string;
  columns: { name: string; type: string | null; longType?: string; keys?: { type: string; column_names?: string[] }[]; comment?: string | null }[];
  selectStar: string;
  primaryKey?: { constrained_columns?: string[]; name?: string | null; type?: string } | null;
  foreignKeys?: { name?: string | null; constrained_columns?: string[]; referred_table?: string; referred_columns?: string[] }[];
  indexes?: { name?: string | null; column_names?: string[]; unique?: boolean }[];
}
