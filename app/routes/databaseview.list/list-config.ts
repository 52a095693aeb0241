import type { ListViewConfig } from "../../../core/lists/list-url-state";

// The Databases list's search and sorts, with Superset's DatabaseList filter (database_name ct).
export const DATABASE_LIST: ListViewConfig = {
  filters: [{ key: "search", col: "database_name", opr: "ct", kind: "text" }],
  sortColumns: ["database_name", "backend", "allow_run_async", "allow_dml", "expose_in_sqllab", "changed_on_delta_humanized"],
  defaultSort: { column: "changed_on_delta_humanized", direction: "desc" },
  pageSize: 25,
  views: ["table"],
};
