import { defaultEditor } from "./editors";
import { emptySqlLabState, type Query, type QueryEditor, type SqlLabState, type Table } from "./types";

// Small factories shared by the SQL Lab unit tests.

export const T0 = 1_700_000_000_000;

export function editor(id: string, extra: Partial<QueryEditor> = {}): QueryEditor {
  return { ...defaultEditor(id, `Untitled Query ${id}`), ...extra };
}

export function query(id: string, extra: Partial<Query> = {}): Query {
  return {
    id, dbId: 1, sql: "SELECT 1", sqlEditorId: "a", tab: "A", runAsync: false, ctas: false, progress: 0,
    startDttm: T0, state: "running", cached: false, isDataPreview: false, ...extra,
  };
}

export function table(id: string, extra: Partial<Table> = {}): Table {
  return { id, dbId: 1, queryEditorId: "a", catalog: null, schema: "main", name: `t_${id}`, expanded: true, ...extra };
}

/** Two tabs a and b, with a active. */
export function twoTabs(extra: Partial<SqlLabState> = {}): SqlLabState {
  return { ...emptySqlLabState(T0), queryEditors: [editor("a"), editor("b")], tabHistory: ["a"], lastUpdatedActiveTab: "a", ...extra };
}
