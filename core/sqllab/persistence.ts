import {
  BYTES_PER_CHAR, KB_STORAGE, LOCALSTORAGE_MAX_QUERY_AGE_MS, LOCALSTORAGE_MAX_QUERY_RESULTS_KB, LOCALSTORAGE_MAX_USAGE_KB,
} from "./constants";
import { activeEditorId } from "./editors";
import type { Query, QueryEditor, SqlLabState, Table } from "./types";

// What SQL Lab keeps in local storage under the key `redux`, as Superset's does.
// The backend is the source of truth; local storage only holds what the server does not have yet:
// unsynced edits, a not-yet-activated tab, removals not yet confirmed, and tabs never migrated.

export interface PersistedSqlLab {
  queryEditors: Partial<QueryEditor>[];
  tabHistory?: string[];
  tables?: Partial<Table>[];
  queries?: Record<string, Query>;
  destroyedQueryEditors: Record<string, number>;
}

const PERSISTENT_EDITOR_KEYS: (keyof QueryEditor)[] = [
  "version", "remoteId", "autorun", "dbId", "id", "latestQueryId", "northPercent", "queryLimit", "catalog", "schema",
  "selectedText", "southPercent", "sql", "templateParams", "name", "hideLeftBar", "updatedAt", "inLocalStorage",
];

const pick = <T extends object>(o: T, keys: (keyof T)[]): Partial<T> =>
  Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]])) as Partial<T>;

export const kilobytes = (value: unknown) => ((JSON.stringify(value)?.length ?? 0) * BYTES_PER_CHAR) / KB_STORAGE;

/** A run's local result is dropped when it is older than a day or estimated above 1024 KB. */
export function shouldDropLocalResults(query: Pick<Query, "startDttm" | "results">, now: number): boolean {
  return now - query.startDttm > LOCALSTORAGE_MAX_QUERY_AGE_MS || kilobytes(query.results) > LOCALSTORAGE_MAX_QUERY_RESULTS_KB;
}

/** Tabs edited since the last successful push to the server (their unsaved edits applied). */
export function unsyncedEditors(state: SqlLabState): QueryEditor[] {
  return state.queryEditors
    .map((qe) => (state.unsavedQueryEditor.id === qe.id ? ({ ...qe, ...state.unsavedQueryEditor } as QueryEditor) : qe))
    .filter((qe) => (qe.updatedAt ?? 0) > state.editorTabLastUpdatedAt || qe.inLocalStorage);
}

/**
 * The local-storage slice, or null when the server already has everything. Data-preview queries are
 * never kept; results go when old or large, and all results go if the slice would pass 5120 KB.
 */
export function localStorageSlice(state: SqlLabState, now: number): { sqlLab: PersistedSqlLab } | null {
  const editors = unsyncedEditors(state);
  const activeUnsynced = (activeEditorId(state) ?? "") !== state.lastUpdatedActiveTab;
  const destroyed = Object.keys(state.destroyedQueryEditors).length > 0;
  if (editors.length === 0 && !activeUnsynced && !destroyed) return null;
  const migrating = editors.some((qe) => qe.inLocalStorage);
  const queries = migrating
    ? Object.fromEntries(
        Object.values(state.queries)
          .filter((q) => q.inLocalStorage && !q.isDataPreview)
          .map((q) => [q.id, shouldDropLocalResults(q, now) ? { ...q, results: {} } : q]),
      )
    : undefined;
  const slice: PersistedSqlLab = {
    queryEditors: editors.map((qe) => pick(qe, PERSISTENT_EDITOR_KEYS)),
    ...(migrating || activeUnsynced ? { tabHistory: state.tabHistory } : {}),
    ...(migrating
      ? { tables: state.tables.filter((t) => t.inLocalStorage).map((t) => pick(t, ["id", "name", "dbId", "catalog", "schema", "dataPreviewQueryId", "queryEditorId", "expanded", "inLocalStorage"])), queries }
      : {}),
    destroyedQueryEditors: state.destroyedQueryEditors,
  };
  if (slice.queries && kilobytes(slice) > LOCALSTORAGE_MAX_USAGE_KB) {
    slice.queries = Object.fromEntries(Object.entries(slice.queries).map(([id, q]) => [id, { ...q, results: {} }]));
  }
  return { sqlLab: slice };
}

/** Parse what local storage holds; anything malformed counts as nothing. */
export function parseLocalStorage(raw: string | null | undefined): PersistedSqlLab | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { sqlLab?: unknown };
    const sqlLab = parsed?.sqlLab as PersistedSqlLab | undefined;
    if (!sqlLab || typeof sqlLab !== "object" || !Array.isArray(sqlLab.queryEditors)) return null;
    return {
      queryEditors: sqlLab.queryEditors.filter((qe) => qe && typeof qe === "object" && typeof qe.id === "string"),
      tabHistory: Array.isArray(sqlLab.tabHistory) ? sqlLab.tabHistory.filter((t) => typeof t === "string") : undefined,
      tables: Array.isArray(sqlLab.tables) ? sqlLab.tables.filter((t) => t && typeof t === "object" && typeof t.id === "string" && typeof t.queryEditorId === "string") : undefined,
      queries: sqlLab.queries && typeof sqlLab.queries === "object" ? sqlLab.queries : undefined,
      destroyedQueryEditors: sqlLab.destroyedQueryEditors && typeof sqlLab.destroyedQueryEditors === "object" ? sqlLab.destroyedQueryEditors : {},
    };
  } catch {
    return null;
  }
}
