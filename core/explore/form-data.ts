import type { FormData } from "../charts/contract";
import { getChartType } from "../charts/registry";
import { allControls, withDefaults } from "../charts/controls/validate";

// How Explore's form data changes when the user switches the visualisation type or opens a dataset:
// values the new type's controls share are kept, a single metric and a metric list stand in for each other,
// and the new type's defaults fill the rest. Values of controls the new type lacks stay in the form data
// (Superset's hidden form data), so switching back restores them.

export interface DatasetLike {
  id: number;
  main_dttm_col?: string | null;
  columns: { column_name: string; is_dttm?: boolean | null }[];
}

/** The time column a new chart starts its x-axis with: the dataset's main one, else its first temporal column. */
export function defaultTimeColumn(dataset: DatasetLike): string | null {
  if (dataset.main_dttm_col && dataset.columns.some((c) => c.column_name === dataset.main_dttm_col)) return dataset.main_dttm_col;
  return dataset.columns.find((c) => c.is_dttm)?.column_name ?? null;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/** The form data for viz type `vizType`, starting from `formData` (any type, or a bare dataset's). */
export function formDataForViz(formData: FormData, vizType: string, dataset: DatasetLike): FormData {
  const type = getChartType(vizType);
  if (!type) throw new Error(`Unknown visualization type: ${vizType}`);
  const names = new Set(allControls(type.controlPanel).map((c) => c.name));
  const out: FormData = { ...formData, viz_type: vizType, datasource: `${dataset.id}__table` };
  if (names.has("metric") && isEmpty(out.metric) && Array.isArray(out.metrics) && out.metrics.length) out.metric = out.metrics[0];
  if (names.has("metrics") && isEmpty(out.metrics) && !isEmpty(out.metric)) out.metrics = [out.metric];
  if (names.has("x_axis") && isEmpty(out.x_axis)) {
    const time = defaultTimeColumn(dataset);
    if (time) out.x_axis = time;
  }
  // Superset's table picks its query mode from the form data: named raw columns (SQL Lab's "Save dataset") mean raw
  if (vizType === "table" && out.query_mode === undefined && Array.isArray(out.all_columns) && out.all_columns.length) out.query_mode = "raw";
  return withDefaults(type.controlPanel, out);
}
