import type { ListViewConfig } from "../../../core/lists/list-url-state";

// The List Users page's search and sorts (GET /api/v1/security/users/ filters: all_text, roles rel_m_m, active).
export const USER_LIST: ListViewConfig = {
  filters: [
    { key: "search", col: "username", opr: "all_text", kind: "text" },
    { key: "role", col: "roles", opr: "rel_m_m", kind: "id" },
    { key: "active", col: "active", opr: "eq", kind: "boolean" },
  ],
  sortColumns: ["username", "first_name", "email", "active", "last_login"],
  defaultSort: { column: "username", direction: "asc" },
  pageSize: 25,
  views: ["table"],
};
