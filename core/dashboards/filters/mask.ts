import type { DataMaskEntry, ExtraFormData, FilterType, NativeFilter } from "./types";

// A filter's value → its data mask, as Superset's filter plugins build it (getSelectExtraFormData,
// getRangeExtraFormData, the time range / time column / time grain plugins). An empty value is no filter at all.

/** The value a filter's selection holds, by type: string[] for selects, [min|null, max|null] for ranges, string otherwise. */
export type FilterValue = unknown[] | string | null;

export function filterColumn(f: NativeFilter): string | undefined {
  return f.targets[0]?.column?.name;
}

export function filterDatasetId(f: NativeFilter): number | undefined {
  return f.targets[0]?.datasetId;
}

const emptyValue = (v: FilterValue): boolean => v === null || v === "" || (Array.isArray(v) && v.length === 0);

export function selectExtraFormData(col: string, value: unknown[] | null, emptyFilter: boolean, inverse: boolean): ExtraFormData {
  if (emptyFilter) return { adhoc_filters: [{ expressionType: "SQL", clause: "WHERE", sqlExpression: "1 = 0" }] };
  if (value && value.length) return { filters: [{ col, op: inverse ? "NOT IN" : "IN", val: value }] };
  return {};
}

export function rangeExtraFormData(col: string, lower: number | null, upper: number | null): ExtraFormData {
  const filters: NonNullable<ExtraFormData["filters"]> = [];
  if (lower !== null && lower !== undefined) filters.push({ col, op: ">=", val: lower });
  if (upper !== null && upper !== undefined) filters.push({ col, op: "<=", val: upper });
  return filters.length ? { filters } : {};
}

/** A short text for the value, as the filter bar and the applied-filters badge show it. */
export function valueLabel(type: FilterType, value: FilterValue): string {
  if (emptyValue(value)) return "";
  if (type === "filter_range" && Array.isArray(value)) {
    const [lo, hi] = value as (number | null)[];
    if (lo !== null && hi !== null) return `${lo} ≤ x ≤ ${hi}`;
    return lo !== null ? `x ≥ ${lo}` : `x ≤ ${hi}`;
  }
  return Array.isArray(value) ? value.map(String).join(", ") : String(value);
}

/** The data mask entry of a native filter holding `value` (null: nothing selected). */
export function filterMask(f: NativeFilter, value: FilterValue): DataMaskEntry {
  const col = filterColumn(f) ?? "";
  const empty = emptyValue(value);
  const filterState = { value: empty ? null : value, label: valueLabel(f.filterType, value) };
  let extraFormData: ExtraFormData = {};
  switch (f.filterType) {
    case "filter_select": {
      const inverse = Boolean(f.controlValues.inverseSelection);
      const emptyFilter = Boolean(f.controlValues.enableEmptyFilter) && !inverse && empty;
      extraFormData = selectExtraFormData(col, empty ? null : (value as unknown[]), emptyFilter, inverse);
      break;
    }
    case "filter_range": {
      const [lo, hi] = Array.isArray(value) ? (value as (number | null)[]) : [null, null];
      extraFormData = rangeExtraFormData(col, lo ?? null, hi ?? null);
      break;
    }
    case "filter_time":
      if (!empty && value !== "No filter") extraFormData = { time_range: String(value) };
      break;
    case "filter_timecolumn":
      if (!empty) extraFormData = { granularity_sqla: String(Array.isArray(value) ? value[0] : value) };
      break;
    case "filter_timegrain":
      if (!empty) extraFormData = { time_grain_sqla: String(Array.isArray(value) ? value[0] : value) };
      break;
  }
  return { id: f.id, extraFormData, filterState };
}

/** The value a filter starts with: its saved default (defaultDataMask.filterState.value), or none. */
export function defaultValue(f: NativeFilter): FilterValue {
  const v = f.defaultDataMask?.filterState?.value;
  if (v === undefined || v === null) return null;
  return Array.isArray(v) || typeof v === "string" ? (v as FilterValue) : null;
}

/** A required filter (Superset's enableEmptyFilter, "Filter value is required") without a value blocks applying. */
export function missingRequired(f: NativeFilter, value: FilterValue): boolean {
  return Boolean(f.controlValues.enableEmptyFilter) && emptyValue(value);
}

/** Whether the filter holds a value (an applied filter with no value is not counted in the bar). */
export const hasValue = (entry: DataMaskEntry | undefined): boolean => !!entry && !emptyValue((entry.filterState.value ?? null) as FilterValue);

/** The cross-filter a chart emits for the clicked values (Superset's getCrossFilterDataMask): each column = value, ANDed. */
export function crossFilterMaskOf(chartId: number, hits: { col: string; value: unknown }[]): DataMaskEntry {
  const isNull = (v: unknown) => v === null || v === undefined;
  return {
    id: String(chartId),
    extraFormData: { filters: hits.map(({ col, value }) => (isNull(value) ? { col, op: "IS NULL" } : { col, op: "IN", val: [value] })) },
    filterState: {
      value: [hits.map((h) => h.value)],
      label: hits.map(({ col, value }) => `${col} = ${isNull(value) ? "<NULL>" : String(value)}`).join(", "),
      filters: Object.fromEntries(hits.map(({ col, value }) => [col, [value]])),
    },
  };
}

/** The cross-filter of one clicked value of a column. */
export const crossFilterMask = (chartId: number, col: string, value: unknown): DataMaskEntry => crossFilterMaskOf(chartId, [{ col, value }]);
