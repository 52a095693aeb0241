import { ROOT_ID, pathTo, walk, type Layout } from "../layout";
import type { DataMask, DataMaskEntry, ExtraFormData, FilterScope, NativeFilter } from "./types";
import { isNativeFilter, type FilterConfigItem } from "./types";
import { filterDatasetId, hasValue } from "./mask";

// Which charts a filter reaches (Superset's getChartIdsInFilterScope) and the extra_form_data each chart gets:
// every applied native filter in its scope and every other chart's cross-filter, merged as Superset's
// mergeExtraFormData does (filter lists appended, time fields overridden by the later mask).

const APPEND_KEYS = ["adhoc_filters", "filters", "interactive_groupby", "interactive_highlight", "interactive_drilldown", "custom_form_data"];
const OVERRIDE_KEYS = ["granularity", "granularity_sqla", "time_column", "time_grain", "time_range", "relative_start", "relative_end", "time_grain_sqla"];

export function mergeExtraFormData(original: ExtraFormData = {}, next: ExtraFormData = {}): ExtraFormData {
  const merged: ExtraFormData = {};
  for (const key of APPEND_KEYS) {
    const values = [...((original[key] as unknown[]) || []), ...((next[key] as unknown[]) || [])];
    if (values.length) merged[key] = values;
  }
  for (const key of OVERRIDE_KEYS) {
    if (original[key] !== undefined) merged[key] = original[key];
    if (next[key] !== undefined) merged[key] = next[key];
  }
  return merged;
}

/** Chart ids of the layout under any component of rootPath, less the excluded ones. */
export function chartsInScope(layout: Layout, scope: FilterScope): number[] {
  const roots = scope.rootPath.length ? scope.rootPath : [ROOT_ID];
  const out: number[] = [];
  for (const c of walk(layout)) {
    const id = c.meta.chartId;
    if (c.type !== "CHART" || !Number.isSafeInteger(id) || out.includes(id!) || scope.excluded.includes(id!)) continue;
    const path = pathTo(layout, c.id);
    if (roots.some((r) => path.includes(r))) out.push(id!);
  }
  return out;
}

export interface ChartInfo {
  id: number;
  datasetId: number | null;
}

export interface CrossFilterConfig {
  enabled: boolean;
  /** chart id → its own scope; charts not named use the global scope (all charts) */
  scopes: Record<string, FilterScope>;
  /** global_chart_configuration's scope, for charts without one of their own */
  global?: FilterScope;
}

export interface ChartMask {
  extraFormData: ExtraFormData;
  /** native filters and cross-filtering charts whose mask reached this chart */
  applied: string[];
  /** filters in scope on another dataset (Superset's "incompatible") */
  incompatible: string[];
  /** native filters holding a value whose scope leaves this chart out (Superset's "out of scope") */
  outOfScope: string[];
}

/** Column filters reach only charts of their own dataset; time filters reach every chart in scope. */
function compatible(f: NativeFilter, chart: ChartInfo): boolean {
  if (f.filterType !== "filter_select" && f.filterType !== "filter_range") return true;
  const ds = filterDatasetId(f);
  return ds === undefined || ds === chart.datasetId;
}

/** Each chart's merged mask for the applied data mask. Charts that nothing reaches get an empty mask. */
export function chartMasks(
  layout: Layout,
  charts: ChartInfo[],
  filters: FilterConfigItem[],
  dataMask: DataMask,
  cross: CrossFilterConfig = { enabled: false, scopes: {} },
): Record<number, ChartMask> {
  const out: Record<number, ChartMask> = Object.fromEntries(charts.map((c) => [c.id, { extraFormData: {}, applied: [], incompatible: [], outOfScope: [] }]));
  const byId = new Map(charts.map((c) => [c.id, c]));
  const add = (chartId: number, key: string, entry: DataMaskEntry) => {
    const m = out[chartId];
    if (!m) return;
    m.extraFormData = mergeExtraFormData(m.extraFormData, entry.extraFormData);
    m.applied.push(key);
  };
  for (const f of filters) {
    if (!isNativeFilter(f)) continue;
    const entry = dataMask[f.id];
    if (!entry || (!hasValue(entry) && !Object.keys(entry.extraFormData).length)) continue;
    const inScope = chartsInScope(layout, f.scope);
    for (const id of inScope) {
      const chart = byId.get(id);
      if (!chart) continue;
      if (compatible(f, chart)) add(id, f.id, entry);
      else out[id].incompatible.push(f.id);
    }
    for (const c of charts) if (!inScope.includes(c.id) && hasValue(entry)) out[c.id].outOfScope.push(f.id);
  }
  if (cross.enabled) {
    const source = new Map(charts.map((c) => [String(c.id), c]));
    for (const [key, entry] of Object.entries(dataMask)) {
      const from = source.get(key);
      if (!from || !hasValue(entry)) continue;
      const targets = chartsInScope(layout, cross.scopes[key] ?? cross.global ?? { rootPath: [ROOT_ID], excluded: [] });
      for (const id of targets) {
        // a chart never filters itself; cross-filters act within the emitting chart's dataset
        if (id !== from.id && byId.get(id)?.datasetId === from.datasetId) add(id, key, entry);
      }
    }
  }
  return out;
}

/** The cross-filter settings of json_metadata (cross_filters_enabled, chart_configuration, global scope). */
export function crossFilterConfig(meta: Record<string, unknown>): CrossFilterConfig {
  const scopes: Record<string, FilterScope> = {};
  const global = (meta.global_chart_configuration as { scope?: FilterScope } | undefined)?.scope;
  const chartConfig = (meta.chart_configuration ?? {}) as Record<string, { crossFilters?: { scope?: FilterScope | "global" } }>;
  for (const [id, conf] of Object.entries(chartConfig)) {
    const s = conf?.crossFilters?.scope;
    if (s && s !== "global" && Array.isArray(s.rootPath)) scopes[id] = { rootPath: s.rootPath, excluded: Array.isArray(s.excluded) ? s.excluded : [] };
  }
  const globalScope = global && Array.isArray(global.rootPath) ? { rootPath: global.rootPath, excluded: Array.isArray(global.excluded) ? global.excluded : [] } : undefined;
  return { enabled: meta.cross_filters_enabled !== false, scopes, global: globalScope };
}
