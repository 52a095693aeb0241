import type { ListViewConfig } from "../../../core/lists/list-url-state";

// The Tags list page: custom tags only (Superset's TagList sends the custom_tag filter), searched by name.
export const TAG_LIST: ListViewConfig = {
  filters: [{ key: "search", col: "name", opr: "ct", kind: "text" }],
  sortColumns: ["name", "changed_on_delta_humanized"],
  defaultSort: { column: "name", direction: "asc" },
  pageSize: 25,
  views: ["table"],
};
