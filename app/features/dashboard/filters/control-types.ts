import type { FilterValue } from "../../../../core/dashboards/filters/mask";
import type { ExtraFormData, NativeFilter } from "../../../../core/dashboards/filters/types";

// The shapes the filter controls and the filter configuration forms share, apart from the components, so that
// a control (SelectFilter) or a settings part (FilterSettings) need not import the module that renders it.

export interface ControlProps {
  filter: NativeFilter;
  value: FilterValue;
  onChange: (v: FilterValue) => void;
  /** where "select first value by default" puts the first option (the bar applies it at once); onChange if absent */
  onFirstValue?: (v: FilterValue) => void;
  /** the pending masks of the filter's cascade parents */
  parents: ExtraFormData[];
  csrfToken: string | null;
}

export interface DatasetOption {
  id: number;
  table_name: string;
  columns: { column_name: string; is_dttm: boolean; type: string | null; filterable?: boolean }[];
  metrics?: { metric_name: string }[];
}
