import type { NativeFilter } from "./types";

// Superset's migration of legacy dashboard filters (`superset native-filters upgrade`): each filter_box chart's
// filter_configs become value filters on its dataset, json_metadata.default_filters their default values and
// filter_scopes (scope / immune) their scopes. Applied to imported dashboards that have no native filters yet.

type Json = Record<string, unknown>;
const isDict = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export interface FilterBox {
  chartId: number;
  datasetId: number;
  params: Json;
}

/** A stable id per filter box and column, so importing the same bundle again gives the same filters. */
const filterId = (chartId: number, column: string) => `NATIVE_FILTER-${chartId}_${column.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 40)}`;

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

export function migrateLegacyFilters(meta: Json, boxes: FilterBox[]): Json {
  const existing = Array.isArray(meta.native_filter_configuration) ? meta.native_filter_configuration : [];
  if (existing.length || !boxes.length) return meta;
  const scopes = isDict(meta.filter_scopes) ? meta.filter_scopes : {};
  const filters: NativeFilter[] = [];
  for (const box of boxes) {
    const configs = Array.isArray(box.params.filter_configs) ? box.params.filter_configs.filter(isDict) : [];
    const defaults = defaultsOf(meta, box.chartId);
    const boxScopes = isDict(scopes[String(box.chartId)]) ? (scopes[String(box.chartId)] as Json) : {};
    for (const conf of configs) {
      const column = typeof conf.column === "string" ? conf.column : "";
      if (!column) continue;
      const scope = isDict(boxScopes[column]) ? (boxScopes[column] as Json) : {};
      const rootPath = Array.isArray(scope.scope) && scope.scope.length ? scope.scope.filter((s): s is string => typeof s === "string") : ["ROOT_ID"];
      const immune = Array.isArray(scope.immune) ? scope.immune.filter((i): i is number => Number.isSafeInteger(i)) : [];
      const dflt = defaults[column] ?? conf.defaultValue;
      const value = dflt === undefined || dflt === null || dflt === "" ? null : Array.isArray(dflt) ? dflt : String(dflt).split(";");
      filters.push({
        id: filterId(box.chartId, column), type: "NATIVE_FILTER", name: typeof conf.label === "string" && conf.label ? conf.label : column,
        filterType: "filter_select", targets: [{ datasetId: box.datasetId, column: { name: column } }],
        defaultDataMask: { extraFormData: value ? { filters: [{ col: column, op: "IN", val: value }] } : {}, filterState: { value } },
        controlValues: { multiSelect: conf.multiple !== false, enableEmptyFilter: conf.clearable === false, searchAllOptions: Boolean(conf.searchAllOptions), inverseSelection: false, defaultToFirstItem: false },
        cascadeParentIds: [], scope: { rootPath, excluded: [...immune, box.chartId] }, description: "",
      });
    }
  }
  return { ...meta, native_filter_configuration: filters };
}
