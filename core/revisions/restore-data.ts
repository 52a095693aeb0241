import { DATASET_COLUMN_FIELDS, DATASET_METRIC_FIELDS, DATASET_STATE_FIELDS, SAVED_QUERY_STATE_FIELDS } from "./revisions";
import type { NotRestored } from "./restore";

// Turning a kept dataset or saved-query state back into a save (issue 34). Columns and metrics keep the ids they
// have now where they still exist (by id, else by name), so charts and the editor keep pointing at the same rows;
// a database deleted since is not brought back: the object keeps the one it has and the old one is listed.

type State = Record<string, unknown>;
type Item = Record<string, unknown>;

const BOOLEAN_FIELDS = new Set(["filter_select_enabled", "normalize_columns", "always_filter_main_dttm", "is_sqllab_view", "is_dttm", "is_active", "groupby", "filterable"]);
/** SQLite keeps booleans as 0/1; the save payloads want true/false */
const value = (key: string, v: unknown) => (BOOLEAN_FIELDS.has(key) && (v === 0 || v === 1) ? v === 1 : v);

function pick(source: Item, fields: readonly string[]): Item {
  const out: Item = {};
  for (const f of fields) if (f in source) out[f] = value(f, source[f]);
  return out;
}

const list = (v: unknown): Item[] => (Array.isArray(v) ? v.filter((x): x is Item => Boolean(x) && typeof x === "object" && !Array.isArray(x)) : []);

/** The kept items with the ids they match now: their own id if it still exists, else the id of a row of the same name. */
function matchIds(kept: Item[], current: { id: number; name: string }[], nameKey: string, fields: readonly string[]): Item[] {
  const ids = new Set(current.map((c) => c.id));
  const claimed = new Set(kept.map((k) => k.id).filter((id): id is number => typeof id === "number" && ids.has(id)));
  return kept.map((k) => {
    const out = pick(k, fields);
    delete out.id;
    if (typeof k.id === "number" && ids.has(k.id)) return { id: k.id, ...out };
    const byName = current.find((c) => c.name === k[nameKey] && !claimed.has(c.id));
    if (byName) {
      claimed.add(byName.id);
      return { id: byName.id, ...out };
    }
    return out;
  });
}

export interface DatasetNow {
  columns: { id: number; name: string }[];
  metrics: { id: number; name: string }[];
}

/** The dataset PUT restoring `state`; `databaseExists` false keeps the dataset's current database. */
export function datasetRestore(state: State, now: DatasetNow, databaseExists: boolean): { values: State; notRestored: NotRestored[] } {
  const values = pick(state, DATASET_STATE_FIELDS);
  if ("columns" in state) values.columns = matchIds(list(state.columns), now.columns, "column_name", DATASET_COLUMN_FIELDS);
  if ("metrics" in state) values.metrics = matchIds(list(state.metrics), now.metrics, "metric_name", DATASET_METRIC_FIELDS);
  const notRestored: NotRestored[] = [];
  if (!databaseExists && typeof values.database_id === "number") {
    notRestored.push({ type: "database", id: values.database_id, name: null });
    delete values.database_id;
  }
  return { values, notRestored };
}

/** The saved-query PUT restoring `state`; a database deleted since leaves the query on the one it has now. */
export function savedQueryRestore(state: State, databaseExists: boolean): { values: State; notRestored: NotRestored[] } {
  const values = pick(state, SAVED_QUERY_STATE_FIELDS);
  const notRestored: NotRestored[] = [];
  if (!databaseExists && typeof values.db_id === "number") {
    notRestored.push({ type: "database", id: values.db_id, name: null });
    delete values.db_id;
    delete values.catalog;
    delete values.schema;
  }
  return { values, notRestored };
}
