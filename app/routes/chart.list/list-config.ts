import type { ListViewConfig } from "../../../core/lists/list-url-state";

// The Charts list's filters and sorts, with Superset's ChartList filter ids and operators, so the address
// maps to the same `?q=` Superset's page sends to GET /api/v1/chart/.
export const CHART_LIST: ListViewConfig = {
  filters: [
    { key: "search", col: "slice_name", opr: "chart_all_text", kind: "text" },
    { key: "owner", col: "owners", opr: "rel_m_m", kind: "id" },
    { key: "viz_type", col: "viz_type", opr: "eq", kind: "text" },
    { key: "dataset", col: "datasource_id", opr: "eq", kind: "id" },
    { key: "dashboard", col: "dashboards", opr: "rel_m_m", kind: "id" },
    { key: "favorite", col: "id", opr: "chart_is_favorite", kind: "boolean" },
    { key: "certified", col: "id", opr: "chart_is_certified", kind: "boolean" },
    { key: "tag", col: "tags", opr: "chart_tag_id", kind: "id" },
  ],
  sortColumns: ["slice_name", "viz_type", "datasource_name", "changed_by.first_name", "changed_on_delta_humanized"],
  defaultSort: { column: "changed_on_delta_humanized", direction: "desc" },
  pageSize: 25,
  views: ["table", "card"],
};
