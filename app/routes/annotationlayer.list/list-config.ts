import type { ListViewConfig } from "../../../core/lists/list-url-state";

// The annotation layers list page: searched by name, sorted as Superset's AnnotationLayersList.
export const LAYER_LIST: ListViewConfig = {
  filters: [{ key: "search", col: "name", opr: "ct", kind: "text" }],
  sortColumns: ["name", "descr", "created_on", "changed_on_delta_humanized"],
  defaultSort: { column: "name", direction: "asc" },
  pageSize: 25,
  views: ["table"],
};
