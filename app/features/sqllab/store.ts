import { proxy, ref } from "valtio";
import { LOCALSTORAGE_KEY } from "../../../core/sqllab/constants";
import { localStorageSlice } from "../../../core/sqllab/persistence";
import { emptySqlLabState, type QueryResults, type SqlLabState } from "../../../core/sqllab/types";

// The one valtio store of SQL Lab. `state` changes only through core/sqllab's pure transitions
// (apply), so the rules tested there are the rules the screen follows. Result rows are wrapped in
// ref(): valtio must not proxy 100,000 row objects.

export interface SqlLabConfig {
  defaultQueryLimit: number;
  maxRow: number;
  configuredDefaultDbId: number | null;
}

export interface SchemaCacheEntry {
  loading: boolean;
  schemas: string[];
  error?: string;
}

export interface TableListEntry {
  loading: boolean;
  tables: { value: string; type: string }[];
  error?: string;
}

export const sqlLabStore = proxy({
  ready: false,
  state: emptySqlLabState(0),
  config: { defaultQueryLimit: 1000, maxRow: 100000, configuredDefaultDbId: null } as SqlLabConfig,
  schemas: {} as Record<string, SchemaCacheEntry>,
  tableLists: {} as Record<string, TableListEntry>,
  /** column names per "db|schema|table", for autocomplete */
  columns: {} as Record<string, string[]>,
  savingQuery: false,
  lastSavedName: "",
});

let saveTimer: ReturnType<typeof setTimeout> | null = null;

/** Runs one pure transition of core/sqllab on the store, then saves the local slice soon after. */
export function apply(transition: (s: SqlLabState) => SqlLabState) {
  sqlLabStore.state = transition(sqlLabStore.state);
  scheduleLocalSave();
}

export function scheduleLocalSave() {
  if (typeof window === "undefined" || saveTimer) return;
  saveTimer = setTimeout(() => {
    saveTimer = null;
    saveLocalNow();
  }, 500);
}

export function saveLocalNow() {
  try {
    const slice = localStorageSlice(sqlLabStore.state, Date.now());
    if (slice) localStorage.setItem(LOCALSTORAGE_KEY, JSON.stringify(slice));
    else localStorage.removeItem(LOCALSTORAGE_KEY);
  } catch {
    // quota exceeded or storage disabled: the backend still has everything already synced
  }
}

/** Results are stored by reference so valtio does not walk every row. */
export function frozenResults(results: QueryResults): QueryResults {
  return { ...results, data: results.data ? ref(results.data) : results.data, columns: results.columns ? ref(results.columns) : results.columns };
}

export const dbIdOrDefault = (dbId: number | null | undefined): number | null => {
  const ids = Object.keys(sqlLabStore.state.databases).map(Number);
  if (dbId && ids.includes(dbId)) return dbId;
  const configured = sqlLabStore.config.configuredDefaultDbId;
  if (configured && ids.includes(configured)) return configured;
  return ids.length ? Math.min(...ids) : null;
};
