// Superset's native filter configuration (json_metadata.native_filter_configuration) and data mask shapes
// Field names are Superset's, so imported dashboards and Superset's
// own client payloads read as they are.

export type FilterType = "filter_select" | "filter_range" | "filter_time" | "filter_timecolumn" | "filter_timegrain";
export const FILTER_TYPES: FilterType[] = ["filter_select", "filter_range", "filter_time", "filter_timecolumn", "filter_timegrain"];

export const FILTER_TYPE_LABELS: Record<FilterType, string> = {
  filter_select: "Value", filter_range: "Numerical range", filter_time: "Time range", filter_timecolumn: "Time column", filter_timegrain: "Time grain",
};

/** Filter types that read a dataset column (the others act on the whole chart query). */
export const needsColumn = (t: FilterType) => t === "filter_select" || t === "filter_range";
/** Filter types that read a dataset (for their values or columns). */
export const needsDataset = (t: FilterType) => t !== "filter_time";

export interface ExtraFormData {
  filters?: { col: string; op: string; val?: unknown }[];
  adhoc_filters?: unknown[];
  time_range?: string;
  granularity_sqla?: string;
  time_grain_sqla?: string;
  custom_form_data?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface FilterState {
  value?: unknown;
  label?: string;
  [key: string]: unknown;
}

export interface DataMaskEntry {
  id: string;
  extraFormData: ExtraFormData;
  filterState: FilterState;
  ownState?: Record<string, unknown>;
}

/** The dashboard's data mask: native filter ids and cross-filtering chart ids → their mask. */
export type DataMask = Record<string, DataMaskEntry>;

export interface FilterScope {
  rootPath: string[];
  excluded: number[];
}

export interface NativeFilter {
  id: string;
  type: "NATIVE_FILTER";
  name: string;
  filterType: FilterType;
  targets: { datasetId?: number; column?: { name: string } }[];
  defaultDataMask: { extraFormData?: ExtraFormData; filterState?: FilterState; ownState?: Record<string, unknown> };
  controlValues: {
    multiSelect?: boolean;
    enableEmptyFilter?: boolean;
    defaultToFirstItem?: boolean;
    inverseSelection?: boolean;
    searchAllOptions?: boolean;
    [key: string]: unknown;
  };
  cascadeParentIds: string[];
  scope: FilterScope;
  chartsInScope?: number[];
  tabsInScope?: string[];
  description: string;
}

export interface NativeFilterDivider {
  id: string;
  type: "DIVIDER";
  title: string;
  description: string;
}

export type FilterConfigItem = NativeFilter | NativeFilterDivider;

export const isNativeFilter = (f: FilterConfigItem): f is NativeFilter => f.type === "NATIVE_FILTER";
