import type { ListViewConfig } from "../../../core/lists/list-url-state";

// The Dashboards list's filters and sorts, with Superset's DashboardList filter ids and operators, so the
// address maps to the same `?q=` Superset's page sends to GET /api/v1/dashboard/.
export const DASHBOARD_LIST: ListViewConfig = {
  filters: [
    { key: "search", col: "dashboard_title", opr: "title_or_slug", kind: "text" },
    { key: "owner", col: "owners", opr: "rel_m_m", kind: "id" },
    { key: "published", col: "published", opr: "eq", kind: "boolean" },
    { key: "favorite", col: "id", opr: "dashboard_is_favorite", kind: "boolean" },
    { key: "certified", col: "id", opr: "dashboard_is_certified", kind: "boolean" },
    { key: "tag", col: "tags", opr: "dashboard_tag_id", kind: "id" },
  ],
  sortColumns: ["dashboard_title", "published", "changed_by.first_name", "changed_on_delta_humanized"],
  defaultSort: { column: "changed_on_delta_humanized", direction: "desc" },
  pageSize: 25,
  views: ["table", "card"],
};
