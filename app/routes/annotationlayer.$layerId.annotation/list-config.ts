import type { ListViewConfig } from "../../../core/lists/list-url-state";

// One layer's annotations: searched by label, sorted by label or dates as Superset's AnnotationList.
export const ANNOTATION_LIST: ListViewConfig = {
  filters: [{ key: "search", col: "short_descr", opr: "ct", kind: "text" }],
  sortColumns: ["short_descr", "start_dttm", "end_dttm", "changed_on_delta_humanized"],
  defaultSort: { column: "start_dttm", direction: "desc" },
  pageSize: 25,
  views: ["table"],
};
