import type { ListViewConfig } from "../../../core/lists/list-url-state";

// The Alerts & Reports list's filters and sorts with Superset's AlertReportList filter ids and operators
// (the page's own type — Alert or Report — is added by the loader, as Superset's page fixes it).
export const REPORT_LIST: ListViewConfig = {
  filters: [
    { key: "search", col: "name", opr: "report_all_text", kind: "text" },
    { key: "owner", col: "owners", opr: "rel_m_m", kind: "id" },
    { key: "created_by", col: "created_by", opr: "rel_o_m", kind: "id" },
    { key: "status", col: "last_state", opr: "eq", kind: "text" },
    { key: "active", col: "active", opr: "eq", kind: "boolean" },
  ],
  sortColumns: ["name", "last_eval_dttm", "crontab_humanized", "created_by.first_name", "changed_on_delta_humanized", "active"],
  defaultSort: { column: "name", direction: "asc" },
  pageSize: 25,
  views: ["table"],
};

// One report's execution log page, sorted and filtered as GET /api/v1/report/{pk}/log/ allows.
export const REPORT_LOG_LIST: ListViewConfig = {
  filters: [{ key: "state", col: "state", opr: "eq", kind: "text" }],
  sortColumns: ["state", "scheduled_dttm", "start_dttm", "end_dttm", "value", "error_message"],
  defaultSort: { column: "scheduled_dttm", direction: "desc" },
  pageSize: 25,
  views: ["table"],
};
