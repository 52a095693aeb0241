import type { ExtraFormData, FilterState, NativeFilter } from "./types";

// Superset's migration of legacy dashboard filters (`superset native-filters upgrade`): each filter_box chart's
// fields become native filters on its dataset — its filter_configs value filters (the box's adhoc filters, time
// range and time column as their pre-filter), date_filter a time range filter, show_sqla_time_column a time column
// filter, show_sqla_time_granularity a time grain filter — json_metadata.default_filters their default values
// and filter_scopes (scope / immune) their scopes. Applied to imported dashboards that have no native filters yet.
// What the migration cannot carry over (Druid's time origin and granularity, the pre-filter_scopes immune keys)
// is refused with a message naming it, never silently dropped.

type Json = Record<string, unknown>;
const isDict = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export interface FilterBox {
  chartId: number;
  datasetId: number;
  params: Json;
}

export class LegacyFilterError extends Error {}

/** A stable id per filter box and field, so importing the same bundle again gives the same filters. */
const filterId = (chartId: number, field: string) => `NATIVE_FILTER-${chartId}_${field.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 40)}`;

function defaultsOf(meta: Json, chartId: number): Json {
  let raw = meta.default_filters;
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      raw = {};
    }
  }
  return isDict(raw) && isDict(raw[String(chartId)]) ? (raw[String(chartId)] as Json) : {};
}

const given = (v: unknown) => v !== undefined && v !== null && v !== "";

/** The parts of a filter box or of the metadata the migration cannot carry over, named for the message. */
function unsupportedParts(meta: Json, boxes: FilterBox[]): string[] {
  const parts: string[] = [];
  for (const key of ["filter_immune_slices", "filter_immune_slice_fields"]) {
    const v = meta[key];
    if (!isDict(meta.filter_scopes) && ((Array.isArray(v) && v.length) || (isDict(v) && Object.keys(v).length))) parts.push(`json_metadata.${key} (re-save the dashboard's filter scopes as filter_scopes)`);
  }
  for (const box of boxes) {
    for (const key of ["show_druid_time_origin", "show_druid_time_granularity"]) if (box.params[key]) parts.push(`filter box ${box.chartId}: ${key} (Druid)`);
  }
  return parts;
}

type Field = { field: string; make: (dflt: unknown) => Omit<NativeFilter, "id" | "type" | "scope" | "cascadeParentIds" | "description"> };

function fieldsOf(box: FilterBox): Field[] {
  const p = box.params;
  const dataset = [{ datasetId: box.datasetId }];
  const mask = (extraFormData: ExtraFormData, filterState: FilterState) => ({ extraFormData, filterState });
  const fields: Field[] = [];
  if (p.date_filter) fields.push({ field: "__time_range", make: (dflt) => {
    const v = given(dflt) ? dflt : p.time_range;
    const value = typeof v === "string" && v !== "No filter" ? v : null;
    return { name: "Time Range", filterType: "filter_time", targets: [{}], controlValues: {}, defaultDataMask: value ? mask({ time_range: value }, { value }) : mask({}, {}) };
  } });
  if (p.show_sqla_time_column) fields.push({ field: "__time_col", make: (dflt) => {
    const v = given(dflt) ? dflt : p.granularity_sqla;
    const value = typeof v === "string" && v ? v : null;
    return { name: "Time Column", filterType: "filter_timecolumn", targets: dataset, controlValues: {}, defaultDataMask: value ? mask({ granularity_sqla: value }, { value: [value] }) : mask({}, {}) };
  } });
  if (p.show_sqla_time_granularity) fields.push({ field: "__time_grain", make: (dflt) => {
    const v = given(dflt) ? dflt : p.time_grain_sqla;
    const value = typeof v === "string" && v ? v : null;
    return { name: "Time Grain", filterType: "filter_timegrain", targets: dataset, controlValues: {}, defaultDataMask: value ? mask({ time_grain_sqla: value }, { value: [value] }) : mask({}, {}) };
  } });
  const configs = Array.isArray(p.filter_configs) ? p.filter_configs.filter(isDict) : [];
  for (const conf of configs) {
    const column = typeof conf.column === "string" ? conf.column : "";
    if (!column) continue;
    fields.push({ field: column, make: (dflt) => {
      const d = given(dflt) ? dflt : conf.defaultValue;
      const value = !given(d) ? null : Array.isArray(d) ? d : conf.multiple !== false ? String(d).split(";") : [d];
      // the box's own filters, time range and time column narrow the values offered, as Superset's pre-filter
      const preFilter = {
        ...(Array.isArray(p.adhoc_filters) && p.adhoc_filters.length ? { adhoc_filters: p.adhoc_filters } : {}),
        ...(typeof p.time_range === "string" && p.time_range !== "No filter" ? { time_range: p.time_range } : {}),
        ...(typeof p.granularity_sqla === "string" && p.granularity_sqla ? { granularity_sqla: p.granularity_sqla } : {}),
        ...(typeof conf.metric === "string" && conf.metric ? { sortMetric: conf.metric } : {}),
      };
      return {
        ...preFilter,
        name: typeof conf.label === "string" && conf.label ? conf.label : column, filterType: "filter_select",
        targets: [{ datasetId: box.datasetId, column: { name: column } }],
        defaultDataMask: value ? mask({ filters: [{ col: column, op: "IN", val: value }] }, { value }) : mask({}, { value: null }),
        controlValues: {
          multiSelect: conf.multiple !== false, enableEmptyFilter: conf.clearable === false, searchAllOptions: Boolean(conf.searchAllOptions), inverseSelection: false, defaultToFirstItem: false,
          ...(typeof conf.metric === "string" && conf.metric ? { sortAscending: conf.asc !== false } : {}),
        },
      };
    } });
  }
  return fields;
}

/** json_metadata with the filter boxes' native filters; throws LegacyFilterError naming what cannot be migrated. */
export function migrateLegacyFilters(meta: Json, boxes: FilterBox[]): Json {
  const existing = Array.isArray(meta.native_filter_configuration) ? meta.native_filter_configuration : [];
  if (existing.length || !boxes.length) return meta;
  const unsupported = unsupportedParts(meta, boxes);
  if (unsupported.length) throw new LegacyFilterError(`The dashboard's legacy filters cannot be migrated to native filters: ${unsupported.join("; ")} ${unsupported.length > 1 ? "are" : "is"} not supported`);
  const scopes = isDict(meta.filter_scopes) ? meta.filter_scopes : {};
  const filters: NativeFilter[] = [];
  for (const box of boxes) {
    const defaults = defaultsOf(meta, box.chartId);
    const boxScopes = isDict(scopes[String(box.chartId)]) ? (scopes[String(box.chartId)] as Json) : {};
    for (const { field, make } of fieldsOf(box)) {
      const made = make(defaults[field]);
      const scope = isDict(boxScopes[field]) ? (boxScopes[field] as Json) : {};
      const rootPath = Array.isArray(scope.scope) && scope.scope.length ? scope.scope.filter((s): s is string => typeof s === "string") : ["ROOT_ID"];
      const immune = Array.isArray(scope.immune) ? scope.immune.filter((i): i is number => Number.isSafeInteger(i)) : [];
      filters.push({ ...made, id: filterId(box.chartId, field), type: "NATIVE_FILTER", cascadeParentIds: [], scope: { rootPath, excluded: [...immune, box.chartId] }, description: "" });
    }
  }
  return { ...meta, native_filter_configuration: filters };
}
