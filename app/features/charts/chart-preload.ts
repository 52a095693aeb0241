import { getChartType } from "../../../core/charts/registry";
import type { ChartChunks } from "./chart-modules";

// The chunks a page's charts will draw with, for the page to name as <link rel="modulepreload"> (a dashboard's
// server pass): the Chart.js canvas unless every chart is drawn without it, and the plugins of the chart types.
// The server build knows the client build's chunks (vite.config.ts defines __CHART_CHUNKS__); elsewhere (the dev
// server, tests) nothing is preloaded and the charts load their code as they draw, as before.

declare const __CHART_CHUNKS__: ChartChunks | undefined;
const BUILT: ChartChunks = typeof __CHART_CHUNKS__ === "undefined" ? { canvas: [], plugins: {} } : __CHART_CHUNKS__;

export function chartModulePreloads(vizTypes: Iterable<unknown>, chunks: ChartChunks = BUILT): string[] {
  const out = new Set<string>();
  for (const vizType of vizTypes) {
    const type = getChartType(vizType);
    if (!type || type.chartJs === false) continue;
    for (const url of chunks.canvas) out.add(url);
    for (const name of type.chartJs ?? []) for (const url of chunks.plugins[name] ?? []) out.add(url);
  }
  return [...out];
}
