import type { ListViewConfig } from "../../../core/lists/list-url-state";

// The Datasets list's filters and sorts, with Superset's DatasetList filter ids and operators.
export const DATASET_LIST: ListViewConfig = {
  filters: [
    { key: "search", col: "table_name", opr: "ct", kind: "text" },
    { key: "physical", col: "sql", opr: "dataset_is_null_or_empty", kind: "boolean" },
    { key: "database", col: "database", opr: "rel_o_m", kind: "id" },
    { key: "schema", col: "schema", opr: "eq", kind: "text" },
    { key: "owner", col: "owners", opr: "rel_m_m", kind: "id" },
  ],
  sortColumns: ["table_name", "sql", "database.database_name", "schema", "changed_on_delta_humanized"],
  defaultSort: { column: "table_name", direction: "asc" },
  pageSize: 25,
  views: ["table"],
};
