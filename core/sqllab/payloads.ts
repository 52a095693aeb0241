import type { ResultColumn } from "../connectors/types";
import type { LimitingFactor } from "../connectors/limits";

// Superset's wire shapes for SQL Lab: Query.to_dict() and the execute/results payload
// (QueryExecutionResponseSchema). The SQL Lab UI is written against these names.

/** The columns of a `query` row this module reads (db/schema/sqllab.ts). */
export interface QueryRowLike {
  id: number;
  client_id: string;
  database_id: number;
  user_id: number | null;
  status: string;
  tab_name: string | null;
  sql_editor_id: string | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  executed_sql: string | null;
  limit: number | null;
  limiting_factor: string;
  select_as_cta: boolean;
  tmp_table_name: string | null;
  tmp_schema_name: string | null;
  progress: number;
  rows: number | null;
  error_message: string | null;
  results_key: string | null;
  tracking_url: string | null;
  start_time: number | null;
  end_time: number | null;
  extra_json: string;
  changed_on: string | null;
}

export interface QueryDict {
  changed_on: string | null;
  dbId: number;
  db: string | null;
  endDttm: number | null;
  errorMessage: string | null;
  executedSql: string | null;
  id: string;
  queryId: number;
  limit: number | null;
  limitingFactor: string;
  progress: number;
  rows: number | null;
  catalog: string | null;
  schema: string | null;
  ctas: boolean;
  serverId: number;
  sql: string;
  sqlEditorId: string | null;
  startDttm: number | null;
  state: string;
  tab: string | null;
  tempSchema: string | null;
  tempTable: string | null;
  userId: number | null;
  user: string | null;
  resultsKey: string | null;
  trackingUrl: string | null;
  extra: Record<string, unknown>;
}

export function parseJsonObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const v = JSON.parse(text);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function queryToDict(row: QueryRowLike, names: { database: string | null; user: string | null }): QueryDict {
  return {
    changed_on: row.changed_on,
    dbId: row.database_id,
    db: names.database,
    endDttm: row.end_time,
    errorMessage: row.error_message,
    executedSql: row.executed_sql,
    id: row.client_id,
    queryId: row.id,
    limit: row.limit,
    limitingFactor: row.limiting_factor,
    progress: row.progress,
    rows: row.rows,
    catalog: row.catalog,
    schema: row.schema,
    ctas: row.select_as_cta,
    serverId: row.id,
    sql: row.sql,
    sqlEditorId: row.sql_editor_id,
    startDttm: row.start_time,
    state: row.status.toLowerCase(),
    tab: row.tab_name,
    tempSchema: row.tmp_schema_name,
    tempTable: row.tmp_table_name,
    userId: row.user_id,
    user: names.user,
    resultsKey: row.results_key,
    trackingUrl: row.tracking_url,
    extra: parseJsonObject(row.extra_json),
  };
}

/** Superset's user_label: "First Last", else the username. */
export function userLabel(user: { first_name?: string | null; last_name?: string | null; username: string } | null | undefined): string | null {
  if (!user) return null;
  const full = [user.first_name, user.last_name].filter(Boolean).join(" ").trim();
  return full || user.username;
}

export interface WireColumn {
  column_name: string;
  name: string;
  type: string | null;
  is_dttm: boolean;
  type_generic: number;
}

/** Result column names made unique the way Superset's result set does: a, a__1, a__2. */
export function dedupeNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = seen.get(name);
    if (n === undefined) {
      seen.set(name, 0);
      return name;
    }
    let next = n + 1;
    while (seen.has(`${name}__${next}`)) next++;
    seen.set(name, next);
    seen.set(`${name}__${next}`, 0);
    return `${name}__${next}`;
  });
}

export function wireColumns(columns: ResultColumn[]): WireColumn[] {
  const names = dedupeNames(columns.map((c) => c.name));
  return columns.map((c, i) => ({ column_name: names[i], name: names[i], type: c.type, is_dttm: c.is_dttm, type_generic: c.type_generic }));
}

/** JSON cannot carry bigint or bytes; Superset sends big numbers as numbers and bytes as text. */
export function jsonSafe(value: unknown): unknown {
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return [...value].map((b) => b.toString(16).padStart(2, "0")).join("");
  if (value instanceof ArrayBuffer) return jsonSafe(new Uint8Array(value));
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  return value;
}

/** Rows as objects keyed by column name, as Superset's `data` carries them. */
export function rowObjects(columns: WireColumn[], rows: unknown[][]): Record<string, unknown>[] {
  const names = columns.map((c) => c.name);
  return rows.map((row) => {
    const o: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) o[names[i]] = jsonSafe(row[i]);
    return o;
  });
}

export interface ExecutionPayload {
  status: "success";
  query_id: number;
  query: QueryDict;
  columns: WireColumn[];
  selected_columns: WireColumn[];
  expanded_columns: WireColumn[];
  data: Record<string, unknown>[];
}

export function executionPayload(query: QueryDict, columns: WireColumn[], rows: unknown[][]): ExecutionPayload {
  return {
    status: "success",
    query_id: query.queryId,
    query,
    columns,
    selected_columns: columns,
    expanded_columns: [],
    data: rowObjects(columns, rows),
  };
}

export type { LimitingFactor };
