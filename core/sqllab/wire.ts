import { QUERY_EDITOR_VERSION } from "./constants";
import type { Query, QueryEditor, Table, TablePersistData } from "./types";

// Conversions between the server's wire shapes (Superset's tab state, table schema,
// saved query and Query.to_dict) and the client's.

export interface WireTableSchema {
  id: number | string;
  tab_state_id: number | string;
  database_id: number | null;
  catalog?: string | null;
  schema?: string | null;
  table: string;
  expanded?: boolean | null;
  description?: (TablePersistData & { dataPreviewQueryId?: string | null }) | null;
}

export interface WireTabState {
  id: number | string;
  label: string;
  sql?: string | null;
  latest_query?: (Partial<Query> & { id: string }) | null;
  autorun?: boolean | null;
  database_id?: number | null;
  template_params?: string | null;
  catalog?: string | null;
  schema?: string | null;
  query_limit?: number | null;
  saved_query?: { id: number } | null;
  hide_left_bar?: boolean | null;
  table_schemas?: WireTableSchema[];
  extra_json?: { updatedAt?: number; version?: number } | string | null;
}

const extraOf = (e: WireTabState["extra_json"]): { updatedAt?: number; version?: number } => {
  if (!e) return {};
  if (typeof e === "string") {
    try {
      return JSON.parse(e);
    } catch {
      return {};
    }
  }
  return e;
};

export function tabStateToEditor(tab: WireTabState): QueryEditor {
  const extra = extraOf(tab.extra_json);
  return {
    version: extra.version ?? QUERY_EDITOR_VERSION,
    id: String(tab.id),
    loaded: true,
    name: tab.label,
    sql: tab.sql || "",
    selectedText: null,
    latestQueryId: tab.latest_query ? tab.latest_query.id : null,
    remoteId: tab.saved_query?.id ?? null,
    autorun: Boolean(tab.autorun),
    templateParams: tab.template_params || null,
    dbId: tab.database_id ?? null,
    catalog: tab.catalog ?? null,
    schema: tab.schema ?? null,
    queryLimit: tab.query_limit ?? undefined,
    hideLeftBar: Boolean(tab.hide_left_bar),
    updatedAt: extra.updatedAt,
  };
}

export function tableSchemaToTable(ts: WireTableSchema): Table {
  const { dataPreviewQueryId, ...persistData } = ts.description ?? {};
  return {
    id: String(ts.id),
    dbId: ts.database_id ?? 0,
    queryEditorId: String(ts.tab_state_id),
    catalog: ts.catalog ?? null,
    schema: ts.schema ?? null,
    name: ts.table,
    expanded: Boolean(ts.expanded),
    dataPreviewQueryId: dataPreviewQueryId ?? null,
    persistData,
    initialized: true,
  };
}

/** The fields PUT /tabstateview/{id} takes for a full update of a tab. */
export function editorToTabStateFields(qe: QueryEditor): Record<string, unknown> {
  return {
    database_id: qe.dbId ?? null,
    catalog: qe.catalog ?? null,
    schema: qe.schema ?? null,
    sql: qe.sql,
    label: qe.name,
    query_limit: qe.queryLimit ?? null,
    latest_query_id: qe.latestQueryId ?? null,
    template_params: qe.templateParams ?? null,
    hide_left_bar: Boolean(qe.hideLeftBar),
    autorun: qe.autorun,
    extra_json: JSON.stringify({ updatedAt: qe.updatedAt, version: qe.version ?? QUERY_EDITOR_VERSION }),
  };
}

/** A server query (Query.to_dict) as the client keeps it. */
export function wireQueryToQuery(q: Partial<Query> & { id: string }): Query {
  return {
    dbId: 0,
    sql: "",
    sqlEditorId: null,
    tab: null,
    runAsync: false,
    ctas: false,
    progress: 0,
    state: "pending",
    cached: false,
    isDataPreview: false,
    ...q,
    startDttm: Number(q.startDttm ?? 0),
    ...(q.endDttm ? { endDttm: Number(q.endDttm) } : {}),
  } as Query;
}

/** Saved query wire ↔ client names. */
export function editorToSavedQuery(qe: QueryEditor, description?: string) {
  return {
    db_id: qe.dbId,
    label: qe.name,
    sql: qe.sql,
    catalog: qe.catalog ?? null,
    schema: qe.schema ?? null,
    template_parameters: qe.templateParams ?? null,
    ...(description !== undefined ? { description } : {}),
  };
}
