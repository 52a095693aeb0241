import { SYNC_INTERVAL_MS } from "../../../core/sqllab/constants";
import { activeEditorId, clearDestroyedQueryEditor, migrateQueryEditor } from "../../../core/sqllab/editors";
import { unsyncedEditors } from "../../../core/sqllab/persistence";
import { clearInactiveQueries, refreshQueries } from "../../../core/sqllab/queries";
import { migrateTable } from "../../../core/sqllab/tables";
import type { Query } from "../../../core/sqllab/types";
import { showToast } from "../../components/toast-store";
import { ApiCallError, sqlLabApi } from "./api";
import { apply, sqlLabStore } from "./store";

// Keeps the backend in step with the screen: unsaved edits are pushed debounced, the
// active tab is activated at each switch (and again every 5 s if that failed), local-only tabs are migrated and destroyed tabs
// deleted on the same beat. Running async queries are refreshed from updated_since meanwhile.

const EDIT_DEBOUNCE_MS = 1000;
const REFRESH_INTERVAL_MS = 2000;
/** Runs still at progress 0 this long after starting were never picked up (the page was closed). */
const INACTIVE_QUERY_MS = 3600_000;

let editTimer: ReturnType<typeof setTimeout> | null = null;
let migrationWarned = false;

export async function pushUnsavedEdits() {
  const s = sqlLabStore.state;
  for (const qe of unsyncedEditors(s).filter((q) => !q.inLocalStorage)) {
    try {
      await sqlLabApi.updateTab(qe);
      const at = qe.updatedAt ?? Date.now();
      apply((st) => ({ ...st, editorTabLastUpdatedAt: Math.max(st.editorTabLastUpdatedAt, at) }));
    } catch (err) {
      if (err instanceof ApiCallError && err.status === 404) continue;
      console.error("An error occurred while saving your editor state.");
      return;
    }
  }
}

/** Called on every edit: pushes once the user pauses. */
export function editsChanged() {
  if (editTimer) clearTimeout(editTimer);
  editTimer = setTimeout(() => {
    editTimer = null;
    void pushUnsavedEdits();
  }, EDIT_DEBOUNCE_MS);
}

let activations: Promise<void> = Promise.resolve();

/**
 * Saves a tab switch on the server at once (Superset's switchQueryEditor), so a reload right after reopens
 * the tab switched to. Activations are sent one after another, in the order of the switches, so a fast
 * A-then-B leaves B active. A failure is retried by the sync beat.
 */
export function saveActiveTab(id: string): Promise<void> {
  activations = activations.then(async () => {
    const qe = sqlLabStore.state.queryEditors.find((q) => q.id === id);
    if (!qe || qe.inLocalStorage) return;
    try {
      await sqlLabApi.activateTab(id);
      apply((st) => ({ ...st, lastUpdatedActiveTab: id }));
    } catch {
      // retried on the next beat
    }
  });
  return activations;
}

async function activateActiveTab() {
  const s = sqlLabStore.state;
  const id = activeEditorId(s);
  if (id && id !== s.lastUpdatedActiveTab) await saveActiveTab(id);
}

async function deleteDestroyedTabs() {
  for (const id of Object.keys(sqlLabStore.state.destroyedQueryEditors)) {
    try {
      await sqlLabApi.deleteTab(id);
      apply((s) => clearDestroyedQueryEditor(s, id));
    } catch (err) {
      if (err instanceof ApiCallError && err.status === 404) apply((s) => clearDestroyedQueryEditor(s, id));
    }
  }
}

/** Tabs that only local storage had get a backend id, with their tables and queries. */
async function migrateLocalTabs() {
  for (const qe of sqlLabStore.state.queryEditors.filter((q) => q.inLocalStorage)) {
    let newId: string;
    try {
      newId = String((await sqlLabApi.createTab(qe)).id);
    } catch {
      warnMigration("Unable to migrate query editor state to backend. The product will retry later. Please contact your administrator if this problem persists.");
      return;
    }
    apply((s) => migrateQueryEditor(s, qe.id, { ...qe, id: newId, inLocalStorage: false }));
    for (const table of sqlLabStore.state.tables.filter((t) => t.queryEditorId === newId && t.inLocalStorage)) {
      try {
        const { id } = await sqlLabApi.createTableSchema({ ...table, ...table.persistData } as never);
        apply((s) => migrateTable(s, table.id, { ...table, id: String(id), initialized: true }));
      } catch {
        warnMigration("Unable to migrate table schema state to backend. The product will retry later. Please contact your administrator if this problem persists.");
      }
    }
    for (const q of Object.values(sqlLabStore.state.queries).filter((x) => x.sqlEditorId === newId && x.inLocalStorage)) {
      try {
        await sqlLabApi.migrateQuery(newId, q.id);
        apply((s) => ({ ...s, queries: { ...s.queries, [q.id]: { ...s.queries[q.id], inLocalStorage: false } } }));
      } catch {
        warnMigration("Unable to migrate query state to backend. The product will retry later. Please contact your administrator if this problem persists.");
      }
    }
  }
}

function warnMigration(text: string) {
  if (migrationWarned) return;
  migrationWarned = true;
  showToast("warning", text);
}

async function refreshRunning() {
  const s = sqlLabStore.state;
  const running = Object.values(s.queries).filter((q: Query) => q.runAsync && ["pending", "running", "started", "scheduled"].includes(q.state));
  if (running.length === 0) return;
  try {
    const { result } = await sqlLabApi.updatedSince(s.queriesLastUpdate - 1000);
    const mine = Object.fromEntries(result.filter((q) => s.queries[q.id]).map((q) => [q.id, q]));
    // A refresh may report success before the event arrives; the results are fetched by the event handler.
    apply((st) => refreshQueries(st, mine as never));
    apply((st) => ({ ...st, offline: false }));
  } catch (err) {
    if (err instanceof ApiCallError && err.status === 0) apply((st) => ({ ...st, offline: true }));
  }
}

/** Starts the loops; returns a stop function for the page's unmount. */
export function startSync(): () => void {
  apply((s) => clearInactiveQueries(s, INACTIVE_QUERY_MS, Date.now()));
  let busy = false;
  const beat = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      await migrateLocalTabs();
      await pushUnsavedEdits();
      await activateActiveTab();
      await deleteDestroyedTabs();
    } finally {
      busy = false;
    }
  }, SYNC_INTERVAL_MS);
  const refresh = setInterval(() => void refreshRunning(), REFRESH_INTERVAL_MS);
  const flush = () => void pushUnsavedEdits();
  window.addEventListener("pagehide", flush);
  return () => {
    clearInterval(beat);
    clearInterval(refresh);
    window.removeEventListener("pagehide", flush);
  };
}
