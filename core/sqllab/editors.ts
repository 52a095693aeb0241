import { DEFAULT_QUERY_LIMIT, DEFAULT_TAB_NAME, QUERY_EDITOR_VERSION, TAB_NAME_PREFIX } from "./constants";
import type { Query, QueryEditor, SqlLabState } from "./types";

// SQL Lab's tab rules: naming, switching, adding, removing, cloning and the
// unsaved-edits buffer of the active tab. Every function returns a new state and never mutates.

export const activeEditorId = (state: SqlLabState): string | undefined => state.tabHistory[state.tabHistory.length - 1];

/** The active tab as the user sees it: the stored tab with its unsaved edits on top. */
export function activeEditor(state: SqlLabState): QueryEditor | undefined {
  const id = activeEditorId(state);
  const qe = state.queryEditors.find((e) => e.id === id) ?? state.queryEditors[state.queryEditors.length - 1];
  if (!qe) return undefined;
  return state.unsavedQueryEditor.id === qe.id ? ({ ...qe, ...state.unsavedQueryEditor } as QueryEditor) : qe;
}

export function editorWithUnsaved(state: SqlLabState, id: string): QueryEditor | undefined {
  const qe = state.queryEditors.find((e) => e.id === id);
  if (!qe) return undefined;
  return state.unsavedQueryEditor.id === id ? ({ ...qe, ...state.unsavedQueryEditor } as QueryEditor) : qe;
}

/** 'Untitled Query N' with N one above the highest number already used. */
export function newTabName(existingNames: string[]): string {
  const numbers = existingNames
    .filter((n) => n.startsWith(TAB_NAME_PREFIX))
    .map((n) => Number.parseInt(n.slice(TAB_NAME_PREFIX.length), 10))
    .filter((n) => Number.isFinite(n));
  return `${TAB_NAME_PREFIX}${numbers.length ? Math.max(...numbers) + 1 : 1}`;
}

export function defaultEditor(id: string, name: string, defaults: { dbId?: number | null; queryLimit?: number; sql?: string } = {}): QueryEditor {
  return {
    id,
    version: QUERY_EDITOR_VERSION,
    loaded: true,
    name: name || DEFAULT_TAB_NAME,
    sql: defaults.sql ?? "",
    latestQueryId: null,
    autorun: false,
    dbId: defaults.dbId ?? null,
    queryLimit: defaults.queryLimit ?? DEFAULT_QUERY_LIMIT,
    hideLeftBar: false,
    remoteId: null,
    cursorPosition: { row: 0, column: 0 },
  };
}

function commitUnsaved(state: SqlLabState): QueryEditor[] {
  const unsaved = state.unsavedQueryEditor;
  if (!unsaved.id) return state.queryEditors;
  return state.queryEditors.map((qe) => (qe.id === unsaved.id ? ({ ...qe, ...unsaved } as QueryEditor) : qe));
}

/**
 * Edits of the active tab are held as unsaved edits with a timestamp; edits of any other tab go
 * straight to it. `silent` edits (selected text, data previews) don't move the timestamp.
 */
export function alterQueryEditor(state: SqlLabState, id: string, changes: Partial<QueryEditor>, now: number, silent = false): SqlLabState {
  if (state.tabHistory.length > 0 && activeEditorId(state) !== id) {
    return { ...state, queryEditors: state.queryEditors.map((qe) => (qe.id === id ? { ...qe, ...changes } : qe)) };
  }
  return {
    ...state,
    unsavedQueryEditor: {
      ...(state.unsavedQueryEditor.id === id ? state.unsavedQueryEditor : {}),
      id,
      ...changes,
      ...(silent ? {} : { updatedAt: now }),
    },
  };
}

/** Adding a tab commits the unsaved edits and makes the new tab active. */
export function addQueryEditor(state: SqlLabState, editor: QueryEditor, now: number): SqlLabState {
  return {
    ...state,
    queryEditors: [...commitUnsaved(state), { ...editor, updatedAt: now }],
    unsavedQueryEditor: {},
    tabHistory: [...state.tabHistory, editor.id],
  };
}

/** Switching tab commits unsaved edits; switching to the active tab changes nothing. */
export function setActiveQueryEditor(state: SqlLabState, id: string): SqlLabState {
  if (!state.queryEditors.some((qe) => qe.id === id) || activeEditorId(state) === id) return state;
  return { ...state, queryEditors: commitUnsaved(state), unsavedQueryEditor: {}, tabHistory: [...state.tabHistory, id] };
}

/** Next (+1) or previous (-1) tab, wrapping around at both ends. */
export function neighbourTabId(state: SqlLabState, direction: 1 | -1): string | undefined {
  const n = state.queryEditors.length;
  if (n === 0) return undefined;
  const index = state.queryEditors.findIndex((qe) => qe.id === activeEditorId(state));
  return state.queryEditors[(((index < 0 ? 0 : index) + direction) % n + n) % n].id;
}

/**
 * Removing a tab removes its queries and tables and records when it was removed (unless it only
 * ever lived in local storage); if no tab is left in the history, the last remaining one becomes active.
 */
export function removeQueryEditor(state: SqlLabState, id: string, now: number): SqlLabState {
  const removed = state.queryEditors.find((qe) => qe.id === id);
  if (!removed) return state;
  const queryEditors = state.queryEditors.filter((qe) => qe.id !== id);
  const remaining = new Set(queryEditors.map((qe) => qe.id));
  const queries = Object.fromEntries(Object.entries(state.queries).filter(([, q]) => q.sqlEditorId !== null && remaining.has(q.sqlEditorId)));
  const history = state.tabHistory.filter((t) => remaining.has(t));
  return {
    ...state,
    queryEditors,
    queries,
    tables: state.tables.filter((t) => t.queryEditorId !== id),
    tabHistory: history.length === 0 && queryEditors.length > 0 ? [queryEditors[queryEditors.length - 1].id] : history,
    unsavedQueryEditor: state.unsavedQueryEditor.id === id ? {} : state.unsavedQueryEditor,
    destroyedQueryEditors: removed.inLocalStorage ? state.destroyedQueryEditors : { ...state.destroyedQueryEditors, [id]: now },
  };
}

/** Clone a query into a new tab named 'Copy of %s' with autorun on. */
export function cloneQueryToNewTab(state: SqlLabState, query: Pick<Query, "dbId" | "sql" | "catalog" | "schema" | "queryLimit">, newId: string, now: number): SqlLabState {
  const progenitor = activeEditor(state);
  const editor: QueryEditor = {
    ...defaultEditor(newId, `Copy of ${progenitor?.name ?? DEFAULT_TAB_NAME}`),
    remoteId: progenitor?.remoteId ?? null,
    dbId: query.dbId || null,
    catalog: query.catalog || null,
    schema: query.schema || null,
    sql: query.sql,
    queryLimit: query.queryLimit ?? progenitor?.queryLimit ?? DEFAULT_QUERY_LIMIT,
    autorun: true,
  };
  return addQueryEditor({ ...state, unsavedQueryEditor: {} }, editor, now);
}

/** Renaming and saving keep the server's saved-query id on the tab. */
export function queryEditorSaved(state: SqlLabState, id: string, remoteId: number, name: string): SqlLabState {
  return { ...state, queryEditors: state.queryEditors.map((qe) => (qe.id === id ? { ...qe, remoteId, name } : qe)) };
}

/** A local-only tab migrated to the backend takes its new id everywhere it was referenced. */
export function migrateQueryEditor(state: SqlLabState, oldId: string, newEditor: QueryEditor): SqlLabState {
  const swap = (x: string | null) => (x === oldId ? newEditor.id : x);
  return {
    ...state,
    queryEditors: state.queryEditors.map((qe) => (qe.id === oldId ? { ...newEditor, inLocalStorage: false } : qe)),
    tabHistory: state.tabHistory.map((t) => swap(t)!),
    unsavedQueryEditor: state.unsavedQueryEditor.id === oldId ? { ...state.unsavedQueryEditor, id: newEditor.id } : state.unsavedQueryEditor,
    tables: state.tables.map((t) => (t.queryEditorId === oldId ? { ...t, queryEditorId: newEditor.id } : t)),
    queries: Object.fromEntries(Object.entries(state.queries).map(([k, q]) => [k, q.sqlEditorId === oldId ? { ...q, sqlEditorId: newEditor.id } : q])),
  };
}

/** Once the server has deleted a removed tab (or answered 404), it is forgotten. */
export function clearDestroyedQueryEditor(state: SqlLabState, id: string): SqlLabState {
  const { [id]: _gone, ...rest } = state.destroyedQueryEditors;
  return { ...state, destroyedQueryEditors: rest };
}

/** A tab-state fetch answering 404 removes the tab locally without recording a removal. */
export function dropMissingQueryEditor(state: SqlLabState, id: string, now: number): SqlLabState {
  return clearDestroyedQueryEditor(removeQueryEditor(state, id, now), id);
}

/** A tab's full state loaded from the server replaces its placeholder. */
export function loadQueryEditor(state: SqlLabState, editor: QueryEditor): SqlLabState {
  return { ...state, queryEditors: state.queryEditors.map((qe) => (qe.id === editor.id ? { ...qe, ...editor, loaded: true } : qe)) };
}
