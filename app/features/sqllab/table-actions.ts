import { collapseTable, expandTable, mergeTable, migrateTable, removeTables } from "../../../core/sqllab/tables";
import { changeDataPreviewId } from "../../../core/sqllab/tables";
import type { QueryEditor, Table, TablePersistData } from "../../../core/sqllab/types";
import { showToast } from "../../components/toast-store";
import { sqlLabApi, type TableMetadata } from "./api";
import { randomId, runQuery } from "./run-actions";
import { apply, sqlLabStore } from "./store";

// The left bar's schemas and tables, a tab's open tables and their data previews.

export async function loadSchemas(dbId: number, force = false) {
  const key = String(dbId);
  if (!force && sqlLabStore.schemas[key]?.schemas.length) return;
  sqlLabStore.schemas[key] = { loading: true, schemas: sqlLabStore.schemas[key]?.schemas ?? [] };
  try {
    sqlLabStore.schemas[key] = { loading: false, schemas: (await sqlLabApi.schemas(dbId, force)).result };
  } catch (err) {
    sqlLabStore.schemas[key] = { loading: false, schemas: [], error: (err as Error).message };
  }
}

export async function loadTableList(dbId: number, schema: string, force = false) {
  const key = `${dbId}|${schema}`;
  if (!force && sqlLabStore.tableLists[key]?.tables.length) return;
  sqlLabStore.tableLists[key] = { loading: true, tables: sqlLabStore.tableLists[key]?.tables ?? [] };
  try {
    sqlLabStore.tableLists[key] = { loading: false, tables: (await sqlLabApi.tables(dbId, schema, force)).result };
  } catch (err) {
    sqlLabStore.tableLists[key] = { loading: false, tables: [], error: (err as Error).message };
  }
}

const persistDataOf = (m: TableMetadata): TablePersistData => ({
  columns: m.columns.map((c) => ({ name: c.name, type: c.type, keys: c.keys, comment: c.comment ?? null })),
  selectStar: m.selectStar,
  primaryKey: m.primaryKey ?? null,
  foreignKeys: m.foreignKeys ?? [],
  indexes: m.indexes ?? [],
});

/** Opens a table in the tab: metadata for the column list, a data preview, and a backend record. */
export async function addTable(qe: QueryEditor, dbId: number, schema: string | null, name: string) {
  const temp: Table = { id: randomId(), dbId, queryEditorId: qe.id, catalog: qe.catalog ?? null, schema, name, expanded: true };
  apply((s) => mergeTable(s, temp));
  let metadata: TableMetadata;
  try {
    metadata = await sqlLabApi.tableMetadata(dbId, schema, name);
  } catch (err) {
    showToast("danger", (err as Error).message || "An error occurred while fetching table metadata");
    apply((s) => removeTables(s, [sqlLabStore.state.tables.find((t) => t.name === name && t.queryEditorId === qe.id && t.dbId === dbId)?.id ?? temp.id]));
    return;
  }
  sqlLabStore.columns[`${dbId}|${schema ?? ""}|${name}`] = metadata.columns.map((c) => c.name);
  const persistData = persistDataOf(metadata);
  const db = sqlLabStore.state.databases[dbId];
  let previewId: string | null = null;
  if (metadata.selectStar && !db?.disable_data_preview) {
    previewId = randomId();
    void runQuery({
      id: previewId, dbId, sql: metadata.selectStar, sqlEditorId: null, tab: qe.name, catalog: qe.catalog ?? null, schema,
      tempTable: null, templateParams: null, queryLimit: 100, runAsync: false, ctas: false, progress: 0, startDttm: Date.now(),
      state: "running", cached: false, isDataPreview: true,
    });
  }
  apply((s) => mergeTable(s, { ...temp, persistData }, previewId));
  if (qe.inLocalStorage) {
    apply((s) => ({ ...s, tables: s.tables.map((t) => (t.id === temp.id ? { ...t, inLocalStorage: true } : t)) }));
    return;
  }
  try {
    const { id } = await sqlLabApi.createTableSchema({ ...temp, ...persistData, dataPreviewQueryId: previewId } as Table);
    const current = sqlLabStore.state.tables.find((t) => t.id === temp.id);
    if (current) apply((s) => migrateTable(s, temp.id, { ...current, id: String(id), initialized: true }));
  } catch {
    showToast("warning", "Unable to migrate table schema state to backend. The product will retry later. Please contact your administrator if this problem persists.");
    apply((s) => ({ ...s, tables: s.tables.map((t) => (t.id === temp.id ? { ...t, inLocalStorage: true } : t)) }));
  }
}

/** Re-runs a table's data preview; the old preview query is replaced. */
export function refreshPreview(table: Table) {
  const selectStar = table.persistData?.selectStar;
  if (!selectStar) return;
  const id = randomId();
  const old = table.dataPreviewQueryId;
  void runQuery({
    id, dbId: table.dbId, sql: selectStar, sqlEditorId: null, tab: null, catalog: table.catalog ?? null, schema: table.schema ?? null,
    queryLimit: 100, runAsync: false, ctas: false, progress: 0, startDttm: Date.now(), state: "running", cached: false, isDataPreview: true,
  });
  if (old) apply((s) => changeDataPreviewId(s, old, id));
  else apply((s) => mergeTable(s, table, id));
}

export function setTableExpanded(table: Table, expanded: boolean) {
  apply((s) => (expanded ? expandTable(s, table.id) : collapseTable(s, table.id)));
  if (table.initialized) void sqlLabApi.expandTableSchema(table.id, expanded).catch(() => undefined);
}

export async function removeTable(table: Table) {
  apply((s) => removeTables(s, [table.id]));
  if (table.initialized) await sqlLabApi.deleteTableSchema(table.id).catch(() => undefined);
}
