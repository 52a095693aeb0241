import { ROOT_ID } from "../layout";
import type { FilterScope } from "./types";

// The cross-filter scoping modals' model (Superset's ScopingModal): a chart's cross-filter follows the global
// scope (scope 'global') or reaches the charts chosen for it, saved in json_metadata.chart_configuration[<chartId>]
// = { id, crossFilters: { scope, chartsInScope } }; the global scope is json_metadata.global_chart_configuration
// = { scope, chartsInScope } (every chart when absent).

export type ChartCrossScope = "global" | FilterScope;

/** The scope a chart's configuration names ('global' when it names none). */
export function chartCrossScope(meta: Record<string, unknown>, chartId: number): ChartCrossScope {
  const conf = (meta.chart_configuration as Record<string, { crossFilters?: { scope?: unknown } }> | undefined)?.[String(chartId)];
  const scope = conf?.crossFilters?.scope as FilterScope | "global" | undefined;
  return scope && scope !== "global" && Array.isArray(scope.rootPath) ? { rootPath: scope.rootPath, excluded: Array.isArray(scope.excluded) ? scope.excluded : [] } : "global";
}

/** The charts a custom scope leaves in, of the dashboard's charts (never the emitting chart itself). */
export const chartsInCustomScope = (scope: FilterScope, chartIds: number[], self: number) => chartIds.filter((id) => id !== self && !scope.excluded.includes(id));

/** A custom scope reaching exactly `chosen` of the dashboard's charts: the others excluded, the chart itself too. */
export function customScope(chartIds: number[], chosen: number[], self: number): FilterScope {
  return { rootPath: [ROOT_ID], excluded: chartIds.filter((id) => id === self || !chosen.includes(id)) };
}

const ALL: FilterScope = { rootPath: [ROOT_ID], excluded: [] };

/** The global cross-filter scope (global_chart_configuration.scope; every chart when absent). */
export function globalCrossScope(meta: Record<string, unknown>): FilterScope {
  const scope = (meta.global_chart_configuration as { scope?: Partial<FilterScope> } | undefined)?.scope;
  return scope && Array.isArray(scope.rootPath) ? { rootPath: scope.rootPath, excluded: Array.isArray(scope.excluded) ? scope.excluded : [] } : ALL;
}

/**
 * json_metadata with the global scope set, as Superset saves it: global_chart_configuration { scope,
 * chartsInScope }, and every chart that follows the global scope given the charts it now reaches (never itself).
 */
export function withGlobalCrossScope(meta: Record<string, unknown>, scope: FilterScope, chartIds: number[]): Record<string, unknown> {
  const inGlobal = chartIds.filter((id) => !scope.excluded.includes(id));
  const configs = { ...((meta.chart_configuration as Record<string, { id?: number; crossFilters?: { scope?: unknown; chartsInScope?: number[] } }> | undefined) ?? {}) };
  for (const [key, conf] of Object.entries(configs)) {
    if (conf?.crossFilters?.scope === "global") configs[key] = { ...conf, crossFilters: { scope: "global", chartsInScope: inGlobal.filter((id) => String(id) !== key) } };
  }
  return { ...meta, chart_configuration: configs, global_chart_configuration: { scope, chartsInScope: inGlobal } };
}

/** json_metadata with one chart's cross-filter scope set; every other key and chart kept. */
export function withChartCrossScope(meta: Record<string, unknown>, chartId: number, scope: ChartCrossScope, chartIds: number[]): Record<string, unknown> {
  const all = { ...((meta.chart_configuration as Record<string, unknown> | undefined) ?? {}) };
  const global = globalCrossScope(meta);
  const chartsInScope = scope === "global" ? chartsInCustomScope(global, chartIds, chartId) : chartsInCustomScope(scope, chartIds, chartId);
  all[String(chartId)] = { id: chartId, crossFilters: { scope, chartsInScope } };
  return { ...meta, chart_configuration: all };
}
