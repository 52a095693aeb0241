import type { ListViewConfig } from "../../../core/lists/list-url-state";

// The Action Log's filters (action eq, user by part of the username) and sorts over GET /api/v1/log/'s columns.
export const LOG_LIST: ListViewConfig = {
  filters: [
    { key: "action", col: "action", opr: "eq", kind: "text" },
    { key: "user", col: "user", opr: "ct", kind: "text" },
  ],
  sortColumns: ["dttm", "action", "duration_ms"],
  defaultSort: { column: "dttm", direction: "desc" },
  pageSize: 25,
  views: ["table"],
};
