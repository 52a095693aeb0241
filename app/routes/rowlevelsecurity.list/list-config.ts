import type { ListViewConfig } from "../../../core/lists/list-url-state";

// The Row Level Security list page: search by name, filter by type, sorted as Superset's RLS list
// (GET /api/v1/rowlevelsecurity/ order columns).
export const RLS_LIST: ListViewConfig = {
  filters: [
    { key: "search", col: "name", opr: "ct", kind: "text" },
    { key: "type", col: "filter_type", opr: "eq", kind: "text" },
  ],
  sortColumns: ["name", "filter_type", "group_key", "changed_on_delta_humanized"],
  defaultSort: { column: "changed_on_delta_humanized", direction: "desc" },
  pageSize: 25,
  views: ["table"],
};
