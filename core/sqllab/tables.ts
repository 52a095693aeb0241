import type { Table, SqlLabState } from "./types";

// SQL Lab's table-schema rules: the merge key, expand and collapse, the data preview query.

const sameTable = (a: Table, b: Pick<Table, "dbId" | "queryEditorId" | "catalog" | "schema" | "name">) =>
  a.dbId === b.dbId && a.queryEditorId === b.queryEditorId && (a.catalog ?? null) === (b.catalog ?? null) && (a.schema ?? null) === (b.schema ?? null) && a.name === b.name;

/**
 * Tables match on db, editor, catalog, schema and name: a match is updated (keeping its server id
 * once initialized), otherwise the table is added. A data preview query, when given, is attached.
 * An expanded table becomes the active south-pane tab.
 */
export function mergeTable(state: SqlLabState, table: Table, previewQueryId?: string | null, prepend = false): SqlLabState {
  const index = state.tables.findIndex((t) => sameTable(t, table));
  const withPreview: Table = previewQueryId !== undefined ? { ...table, dataPreviewQueryId: previewQueryId } : table;
  const active = table.expanded ? { activeSouthPaneTab: table.id } : {};
  if (index >= 0) {
    const existing = state.tables[index];
    const merged = { ...existing, ...withPreview, ...(existing.initialized ? { id: existing.id } : {}) };
    const tables = [...state.tables.slice(0, index), merged, ...state.tables.slice(index + 1)];
    return { ...state, tables, ...(table.expanded ? { activeSouthPaneTab: merged.id } : {}) };
  }
  const added: Table = { ...withPreview, dataPreviewQueryId: previewQueryId ?? null };
  return { ...state, tables: prepend ? [added, ...state.tables] : [...state.tables, added], ...active };
}

const alterTable = (state: SqlLabState, id: string, changes: Partial<Table>): SqlLabState => ({
  ...state,
  tables: state.tables.map((t) => (t.id === id ? { ...t, ...changes } : t)),
});

export const expandTable = (state: SqlLabState, id: string) => alterTable(state, id, { expanded: true });
export const collapseTable = (state: SqlLabState, id: string) => alterTable(state, id, { expanded: false });

/** Removing a data preview also forgets its query. */
export function removeDataPreview(state: SqlLabState, tableId: string): SqlLabState {
  const table = state.tables.find((t) => t.id === tableId);
  if (!table) return state;
  const { [table.dataPreviewQueryId ?? ""]: _gone, ...queries } = state.queries;
  return { ...alterTable(state, tableId, { dataPreviewQueryId: null }), queries };
}

/** Replacing a data preview query (a re-run) drops the old one. */
export function changeDataPreviewId(state: SqlLabState, oldQueryId: string, newQueryId: string): SqlLabState {
  const { [oldQueryId]: _gone, ...queries } = state.queries;
  return {
    ...state,
    queries,
    tables: state.tables.map((t) => (t.dataPreviewQueryId === oldQueryId ? { ...t, dataPreviewQueryId: newQueryId } : t)),
  };
}

/** Removing tables; when the active south-pane tab was one of them, another table of that tab or Results takes its place. */
export function removeTables(state: SqlLabState, ids: string[]): SqlLabState {
  const removed = state.tables.filter((t) => ids.includes(t.id));
  const tables = state.tables.filter((t) => !ids.includes(t.id));
  if (!ids.includes(state.activeSouthPaneTab)) return { ...state, tables };
  const fallback = tables.find((t) => t.queryEditorId === removed[0]?.queryEditorId)?.id ?? "Results";
  return { ...state, tables, activeSouthPaneTab: fallback };
}

/** A local-only table migrated to the backend takes the server's id. */
export function migrateTable(state: SqlLabState, oldId: string, newTable: Table): SqlLabState {
  return {
    ...state,
    tables: [...state.tables.filter((t) => t.id !== oldId), { ...newTable, inLocalStorage: false }],
    activeSouthPaneTab: state.activeSouthPaneTab === oldId ? newTable.id : state.activeSouthPaneTab,
  };
}

export const tablesOfEditor = (state: SqlLabState, editorId: string) => state.tables.filter((t) => t.queryEditorId === editorId);
