import type { ListViewConfig } from "../../../core/lists/list-url-state";

// The CSS templates list page: searched by name or CSS (Superset's css_template_all_text filter), sorted by
// name, the one order column of GET /api/v1/css_template/.
export const CSS_TEMPLATE_LIST: ListViewConfig = {
  filters: [{ key: "search", col: "template_name", opr: "css_template_all_text", kind: "text" }],
  sortColumns: ["template_name"],
  defaultSort: { column: "template_name", direction: "asc" },
  pageSize: 25,
  views: ["table"],
};
