import { DEFAULT_QUERY_LIMIT } from "./constants";
import { defaultEditor } from "./editors";
import { parseLocalStorage } from "./persistence";
import { emptySqlLabState, type DatabaseInfo, type Query, type QueryEditor, type SqlLabState, type Table } from "./types";
import { tableSchemaToTable, tabStateToEditor, wireQueryToQuery, type WireTabState } from "./wire";

// SQL Lab's initial state on load: the server's tabs merged with local storage.
// The newer updatedAt wins, local-only tabs are flagged for migration, destroyed tabs are removed.

export interface Bootstrap {
  active_tab: WireTabState | null;
  /** Superset sends (id, label) pairs; older versions plain ids */
  tab_state_ids: ({ id: number | string; label: string } | [number | string, string] | string | number)[];
  databases: Record<string, DatabaseInfo>;
  queries?: Record<string, Partial<Query> & { id: string }>;
}

const tabRef = (t: Bootstrap["tab_state_ids"][number]) =>
  Array.isArray(t) ? { id: String(t[0]), label: t[1] } : typeof t === "object" ? { id: String(t.id), label: t.label } : { id: String(t), label: "" };

export function initialSqlLabState(
  bootstrap: Bootstrap,
  localRaw: string | null,
  defaults: { dbId: number | null; queryLimit?: number },
  now: number,
): { state: SqlLabState; clearLocalStorage: boolean } {
  const editors = new Map<string, QueryEditor>();
  const active = bootstrap.active_tab;
  for (const ref of bootstrap.tab_state_ids.map(tabRef)) {
    if (active && String(active.id) === ref.id) editors.set(ref.id, tabStateToEditor(active));
    // A placeholder: the tab's full state is fetched when the user switches to it.
    else editors.set(ref.id, { ...defaultEditor(ref.id, ref.label, { queryLimit: defaults.queryLimit }), loaded: false, dbId: undefined });
  }
  if (active && !editors.has(String(active.id))) editors.set(String(active.id), tabStateToEditor(active));
  const tabHistory = active ? [String(active.id)] : [];
  let lastUpdatedActiveTab = active ? String(active.id) : "";
  let tables: Record<string, Table> = {};
  for (const ts of active?.table_schemas ?? []) {
    if (ts.description === null) continue;
    const t = tableSchemaToTable(ts);
    tables[t.id] = t;
  }
  const queries: Record<string, Query> = {};
  for (const [id, q] of Object.entries(bootstrap.queries ?? {})) queries[id] = wireQueryToQuery(q);
  if (active?.latest_query) queries[active.latest_query.id] = wireQueryToQuery(active.latest_query);
  const editorTabLastUpdatedAt = (active ? editors.get(String(active.id))?.updatedAt : undefined) ?? now;
  const destroyed: Record<string, number> = {};
  const unsaved: Partial<QueryEditor> = {};

  const local = parseLocalStorage(localRaw);
  const clearLocalStorage = Boolean(localRaw) && (!local || (local.queryEditors.length === 0 && Object.keys(local.destroyedQueryEditors).length === 0));
  if (local && !clearLocalStorage) {
    for (const qe of local.queryEditors) {
      const id = qe.id!;
      const server = editors.get(id);
      const localIsNewer = qe.updatedAt !== undefined && (!server?.updatedAt || qe.updatedAt > server.updatedAt);
      const cached = !server || localIsNewer ? qe : {};
      editors.set(id, {
        ...(server ?? defaultEditor(id, qe.name ?? "", { queryLimit: defaults.queryLimit ?? DEFAULT_QUERY_LIMIT })),
        ...cached,
        name: cached.name || server?.name || qe.name || "",
        inLocalStorage: !server,
        loaded: true,
      } as QueryEditor);
    }
    const expandedPerEditor = new Set<string>();
    for (const t of local.tables ?? []) {
      const expanded = !expandedPerEditor.has(t.queryEditorId!);
      expandedPerEditor.add(t.queryEditorId!);
      tables = { ...tables, [t.id!]: { ...tables[t.id!], ...(t as Table), expanded, inLocalStorage: true } };
    }
    for (const q of Object.values(local.queries ?? {})) {
      if (q && typeof q === "object" && typeof q.id === "string" && !q.isDataPreview) queries[q.id] = { ...q, inLocalStorage: true };
    }
    for (const id of local.tabHistory ?? []) if (!local.destroyedQueryEditors[id]) tabHistory.push(id);
    for (const [id, ts] of Object.entries(local.destroyedQueryEditors)) {
      destroyed[id] = ts;
      editors.delete(id);
    }
    lastUpdatedActiveTab = tabHistory[tabHistory.length - 1] ?? "";
  }

  const base = emptySqlLabState(now);
  const known = new Set(editors.keys());
  const history = tabHistory.filter((id, i) => known.has(id) && tabHistory[i - 1] !== id);
  return {
    state: {
      ...base,
      databases: bootstrap.databases,
      queries,
      queryEditors: [...editors.values()],
      tabHistory: history,
      tables: Object.values(tables).filter((t) => known.has(t.queryEditorId)),
      editorTabLastUpdatedAt,
      unsavedQueryEditor: unsaved,
      lastUpdatedActiveTab,
      destroyedQueryEditors: destroyed,
    },
    clearLocalStorage,
  };
}
