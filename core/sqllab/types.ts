// SQL Lab's client state: editor tabs, query runs, table schemas and the rest. Field names follow Superset's frontend so server payloads map one to one.

export type QueryState =
  | "started"
  | "stopped"
  | "failed"
  | "pending"
  | "running"
  | "scheduled"
  | "success"
  | "fetching"
  | "timed_out";

export interface ResultColumn {
  column_name: string;
  name?: string;
  type?: string | null;
  is_dttm?: boolean;
}

export interface SupersetErrorPayload {
  message: string;
  error_type: string;
  level?: string;
  extra?: Record<string, unknown> | null;
}

/** What the execute and results endpoints answer (QueryExecutionResponseSchema). */
export interface QueryResults {
  status?: string;
  data?: Record<string, unknown>[];
  columns?: ResultColumn[];
  selected_columns?: ResultColumn[];
  expanded_columns?: ResultColumn[];
  displayLimitReached?: boolean;
  query_id?: number;
  query?: Partial<Query> & { rows?: number; resultsKey?: string | null; executedSql?: string; limitingFactor?: string };
}

export interface Query {
  id: string;
  dbId: number;
  sql: string;
  sqlEditorId: string | null;
  tab: string | null;
  catalog?: string | null;
  schema?: string | null;
  tempTable?: string | null;
  tempSchema?: string | null;
  templateParams?: string | null;
  queryLimit?: number | null;
  runAsync: boolean;
  ctas: boolean;
  ctas_method?: string;
  progress: number;
  startDttm: number;
  endDttm?: number | null;
  state: QueryState;
  cached: boolean;
  resultsKey?: string | null;
  isDataPreview: boolean;
  rows?: number;
  errorMessage?: string | null;
  errors?: SupersetErrorPayload[];
  link?: string | null;
  trackingUrl?: string | null;
  extra?: Record<string, unknown>;
  changed_on?: string;
  limitingFactor?: string;
  executedSql?: string;
  results?: QueryResults | null;
  inLocalStorage?: boolean;
}

export interface CursorPosition {
  row: number;
  column: number;
}

export interface QueryEditor {
  id: string;
  remoteId?: number | null;
  name: string;
  dbId?: number | null;
  catalog?: string | null;
  schema?: string | null;
  sql: string;
  selectedText?: string | null;
  cursorPosition?: CursorPosition;
  templateParams?: string | null;
  queryLimit?: number;
  maxRow?: number;
  autorun: boolean;
  latestQueryId?: string | null;
  hideLeftBar?: boolean;
  northPercent?: number;
  southPercent?: number;
  updatedAt?: number;
  version?: number;
  loaded?: boolean;
  inLocalStorage?: boolean;
}

export interface TablePersistData {
  columns?: { name: string; type?: string | null; keys?: { type: string }[]; comment?: string | null }[];
  selectStar?: string;
  primaryKey?: unknown;
  foreignKeys?: unknown[];
  indexes?: unknown[];
}

export interface Table {
  id: string;
  dbId: number;
  queryEditorId: string;
  catalog?: string | null;
  schema?: string | null;
  name: string;
  expanded: boolean;
  dataPreviewQueryId?: string | null;
  persistData?: TablePersistData;
  initialized?: boolean;
  inLocalStorage?: boolean;
}

export interface CostEstimate {
  completed: boolean;
  cost: unknown[] | null;
  error: string | null;
}

export interface DatabaseInfo {
  id: number;
  database_name: string;
  backend?: string;
  allow_run_async: boolean;
  allow_ctas?: boolean;
  allow_cvas?: boolean;
  allow_dml?: boolean;
  disable_data_preview?: boolean;
  extra_json?: Record<string, unknown>;
}

export interface SqlLabState {
  queryEditors: QueryEditor[];
  /** Edits of the active tab not yet committed into queryEditors: merged on tab switch. */
  unsavedQueryEditor: Partial<QueryEditor>;
  tabHistory: string[];
  tables: Table[];
  queries: Record<string, Query>;
  queryCostEstimates: Record<string, CostEstimate>;
  databases: Record<string, DatabaseInfo>;
  offline: boolean;
  /** tab id → time it was removed; cleared once the server confirms the deletion */
  destroyedQueryEditors: Record<string, number>;
  editorTabLastUpdatedAt: number;
  lastUpdatedActiveTab: string;
  activeSouthPaneTab: string;
  queriesLastUpdate: number;
}

export function emptySqlLabState(now: number): SqlLabState {
  return {
    queryEditors: [],
    unsavedQueryEditor: {},
    tabHistory: [],
    tables: [],
    queries: {},
    queryCostEstimates: {},
    databases: {},
    offline: false,
    destroyedQueryEditors: {},
    editorTabLastUpdatedAt: now,
    lastUpdatedActiveTab: "",
    activeSouthPaneTab: "Results",
    queriesLastUpdate: now,
  };
}
