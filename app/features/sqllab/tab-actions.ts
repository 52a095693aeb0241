import { initialSqlLabState, type Bootstrap } from "../../../core/sqllab/bootstrap";
import { LOCALSTORAGE_KEY } from "../../../core/sqllab/constants";
import {
  activeEditor, activeEditorId, addQueryEditor, alterQueryEditor, clearDestroyedQueryEditor, cloneQueryToNewTab, defaultEditor,
  dropMissingQueryEditor, loadQueryEditor, neighbourTabId, newTabName, queryEditorSaved, removeQueryEditor, setActiveQueryEditor,
} from "../../../core/sqllab/editors";
import { mergeTable } from "../../../core/sqllab/tables";
import type { Query, QueryEditor } from "../../../core/sqllab/types";
import { tableSchemaToTable, tabStateToEditor, wireQueryToQuery } from "../../../core/sqllab/wire";
import { showToast } from "../../components/toast-store";
import { ApiCallError, call, sqlLabApi } from "./api";
import { randomId } from "./run-actions";
import { saveActiveTab } from "./sync";
import { apply, dbIdOrDefault, sqlLabStore, type SqlLabConfig } from "./store";

// SQL Lab's tabs: each change is applied locally at once and mirrored on the
// backend; a tab the server could not create lives in local storage until sync migrates it.

export async function loadSqlLab(config: SqlLabConfig) {
  sqlLabStore.config = config;
  let bootstrap: Bootstrap;
  try {
    bootstrap = (await call<{ result: Bootstrap }>("GET", "/api/v1/sqllab/")).result;
  } catch {
    bootstrap = { active_tab: null, tab_state_ids: [], databases: {} };
  }
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(LOCALSTORAGE_KEY);
  } catch {
    raw = null;
  }
  const { state, clearLocalStorage } = initialSqlLabState(bootstrap, raw, { dbId: null, queryLimit: config.defaultQueryLimit }, Date.now());
  if (clearLocalStorage) localStorage.removeItem(LOCALSTORAGE_KEY);
  sqlLabStore.state = state;
  if (state.queryEditors.length === 0) await addNewTab();
  else if (!activeEditorId(state)) switchTab(state.queryEditors[0].id);
  sqlLabStore.ready = true;
}

/** Creates the tab on the backend first so it has its server id; offline, it stays local and migrates later. */
async function createTab(editor: QueryEditor): Promise<QueryEditor> {
  try {
    const { id } = await sqlLabApi.createTab(editor);
    return { ...editor, id: String(id) };
  } catch {
    return { ...editor, inLocalStorage: true };
  }
}

export async function addNewTab(init: Partial<QueryEditor> = {}) {
  const s = sqlLabStore.state;
  const current = activeEditor(s);
  const editor: QueryEditor = {
    ...defaultEditor(randomId(), newTabName(s.queryEditors.map((q) => q.name)), {
      dbId: dbIdOrDefault(current?.dbId),
      queryLimit: current?.queryLimit ?? sqlLabStore.config.defaultQueryLimit,
    }),
    schema: current?.schema ?? null,
    catalog: current?.catalog ?? null,
    ...init,
  };
  const created = await createTab(editor);
  apply((st) => ({ ...addQueryEditor(st, created, Date.now()), lastUpdatedActiveTab: created.inLocalStorage ? st.lastUpdatedActiveTab : created.id }));
  return created;
}

export async function cloneToNewTab(query: Pick<Query, "dbId" | "sql" | "catalog" | "schema" | "queryLimit">) {
  const tempId = randomId();
  const preview = cloneQueryToNewTab(sqlLabStore.state, query, tempId, Date.now());
  const draft = preview.queryEditors.find((q) => q.id === tempId)!;
  const created = await createTab(draft);
  apply((st) => cloneQueryToNewTab(st, query, created.id, Date.now()));
  if (created.inLocalStorage) apply((st) => ({ ...st, queryEditors: st.queryEditors.map((q) => (q.id === created.id ? { ...q, inLocalStorage: true } : q)) }));
}

export async function switchTab(id: string) {
  apply((s) => setActiveQueryEditor(s, id));
  if (activeEditorId(sqlLabStore.state) === id) void saveActiveTab(id);
  const qe = sqlLabStore.state.queryEditors.find((q) => q.id === id);
  if (!qe || qe.loaded || qe.inLocalStorage) return;
  try {
    const tab = await sqlLabApi.getTab(id);
    apply((s) => {
      let next = loadQueryEditor(s, tabStateToEditor(tab));
      for (const ts of tab.table_schemas ?? []) if (ts.description !== null) next = mergeTable(next, tableSchemaToTable(ts));
      if (tab.latest_query) next = { ...next, queries: { ...next.queries, [tab.latest_query.id]: next.queries[tab.latest_query.id] ?? wireQueryToQuery(tab.latest_query) } };
      return next;
    });
  } catch (err) {
    if (err instanceof ApiCallError && err.status === 404) apply((s) => dropMissingQueryEditor(s, id, Date.now()));
    else showToast("danger", "An error occurred while fetching tab state");
  }
}

export function switchToNeighbour(direction: 1 | -1) {
  const id = neighbourTabId(sqlLabStore.state, direction);
  if (id) void switchTab(id);
}

export async function closeTab(id: string) {
  const qe = sqlLabStore.state.queryEditors.find((q) => q.id === id);
  if (!qe) return;
  apply((s) => removeQueryEditor(s, id, Date.now()));
  if (sqlLabStore.state.queryEditors.length === 0) await addNewTab();
  const nowActive = activeEditorId(sqlLabStore.state);
  if (nowActive) void switchTab(nowActive);
  if (qe.inLocalStorage) return;
  try {
    await sqlLabApi.deleteTab(id);
    apply((s) => clearDestroyedQueryEditor(s, id));
  } catch (err) {
    // 404: already gone. Anything else: the sync loop retries from destroyedQueryEditors.
    if (err instanceof ApiCallError && err.status === 404) apply((s) => clearDestroyedQueryEditor(s, id));
  }
}

export function editTab(id: string, changes: Partial<QueryEditor>, silent = false) {
  apply((s) => alterQueryEditor(s, id, changes, Date.now(), silent));
}

export async function removeQueryFromTab(query: Query) {
  try {
    if (query.sqlEditorId) await sqlLabApi.removeQuery(query.sqlEditorId, query.id);
    apply((s) => {
      const { [query.id]: _gone, ...queries } = s.queries;
      return { ...s, queries };
    });
  } catch {
    showToast("danger", "An error occurred while removing query. Please contact your administrator.");
  }
}

/** Save as new (POST) or update the tab's saved query (PUT), with Superset's toasts for each outcome. */
export async function saveTabQuery(qe: QueryEditor, name: string, description: string, asNew: boolean) {
  const editor = { ...qe, name };
  if (qe.remoteId && !asNew) {
    try {
      await sqlLabApi.updateSavedQuery(qe.remoteId, editor, description);
      apply((s) => queryEditorSaved(alterQueryEditor(s, qe.id, { name }, Date.now()), qe.id, qe.remoteId!, name));
      showToast("success", "Your query was updated");
    } catch {
      showToast("danger", "Your query could not be updated");
    }
    return;
  }
  let remoteId: number;
  try {
    remoteId = (await sqlLabApi.createSavedQuery(editor, description)).id;
  } catch {
    showToast("danger", "Your query could not be saved");
    return;
  }
  apply((s) => queryEditorSaved(alterQueryEditor(s, qe.id, { name, remoteId }, Date.now()), qe.id, remoteId, name));
  try {
    if (!qe.inLocalStorage) await sqlLabApi.updateTabFields(qe.id, { saved_query_id: remoteId });
    showToast("success", "Your query was saved");
  } catch {
    showToast("danger", "Your query was not properly saved");
  }
}

/** ?savedQueryId=N opens the saved query in a new tab linked to it. */
export async function openSavedQuery(id: number) {
  try {
    const { result } = await sqlLabApi.getSavedQuery(id);
    await addNewTab({
      name: result.label, sql: result.sql, dbId: result.db_id ?? result.database?.id ?? null, catalog: result.catalog ?? null,
      schema: result.schema ?? null, templateParams: result.template_parameters ?? null, remoteId: result.id,
    });
  } catch {
    showToast("danger", "The query couldn't be loaded");
  }
}
