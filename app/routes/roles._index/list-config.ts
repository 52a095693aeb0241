import type { ListViewConfig } from "../../../core/lists/list-url-state";

// The List Roles page: search by name (as GET /api/v1/security/roles/search/), sorted by name.
export const ROLE_LIST: ListViewConfig = {
  filters: [{ key: "search", col: "name", opr: "ct", kind: "text" }],
  sortColumns: ["name"],
  defaultSort: { column: "name", direction: "asc" },
  pageSize: 50,
  views: ["table"],
};
