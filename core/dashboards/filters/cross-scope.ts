import { ROOT_ID } from "../layout";
import type { FilterScope } from "./types";

// The cross-filter scoping modal's model (Superset's ScopingModal for a chart): a chart's cross-filter reaches
// all charts (scope 'global', then global_chart_configuration decides) or the charts chosen, saved in
// json_metadata.chart_configuration[<chartId>] = { id, crossFilters: { scope, chartsInScope } }.

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

/** json_metadata with one chart's cross-filter scope set; every other key and chart kept. */
export function withChartCrossScope(meta: Record<string, unknown>, chartId: number, scope: ChartCrossScope, chartIds: number[]): Record<string, unknown> {
  const all = { ...((meta.chart_configuration as Record<string, unknown> | undefined) ?? {}) };
  const chartsInScope = scope === "global" ? chartIds.filter((id) => id !== chartId) : chartsInCustomScope(scope, chartIds, chartId);
  all[String(chartId)] = { id: chartId, crossFilters: { scope, chartsInScope } };
  return { ...meta, chart_configuration: all };
}
