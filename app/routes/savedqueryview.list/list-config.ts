import type { ListViewConfig } from "../../../core/lists/list-url-state";
import { SAVED_QUERY_PAGE_SIZE } from "../../../core/sqllab/saved-query-list";

// The Saved queries list's search (all_text: name, description, schema, SQL) and sorts, as Superset's SavedQueryList.
export const SAVED_QUERY_LIST: ListViewConfig = {
  filters: [
    { key: "search", col: "label", opr: "all_text", kind: "text" },
    { key: "schema", col: "schema", opr: "eq", kind: "text" },
    { key: "tag", col: "tags", opr: "saved_query_tag_id", kind: "id" },
  ],
  sortColumns: ["label", "schema", "created_on", "changed_on"],
  defaultSort: { column: "changed_on", direction: "desc" },
  pageSize: SAVED_QUERY_PAGE_SIZE,
  views: ["table"],
};
