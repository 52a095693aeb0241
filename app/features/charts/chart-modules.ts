// Where the code that draws charts comes from, by source path as the client build's Vite manifest names it: the
// Chart.js canvas (ChartJsCanvas.tsx, loaded lazily by ChartView) and each plugin of ChartJsCanvas's tables by its
// name there (core/charts ChartType.chartJs names them). The build turns these into chunk URLs (vite.config.ts,
// chartChunks) that a dashboard page names as <link rel="modulepreload">: the chunks then load beside the page's
// own scripts instead of one after another once the charts are hydrated and measured.

export const CANVAS_SOURCE = "app/features/charts/ChartJsCanvas.tsx";
const CANVAS_NAME = "ChartJsCanvas";

/** Source path prefixes of what each plugin loads (a package's folder, or a module of the project). */
export const PLUGIN_SOURCES: Readonly<Record<string, readonly string[]>> = {
  matrix: ["node_modules/chartjs-chart-matrix/"],
  treemap: ["node_modules/chartjs-chart-treemap/"],
  boxplot: ["node_modules/@sgratzl/chartjs-chart-boxplot/"],
  sankey: ["node_modules/chartjs-chart-sankey/"],
  funnel: ["node_modules/chartjs-chart-funnel/"],
  wordCloud: ["node_modules/chartjs-chart-wordcloud/"],
  forceDirectedGraph: ["node_modules/chartjs-chart-graph/"],
  graph: ["node_modules/chartjs-chart-graph/"],
  tree: ["node_modules/chartjs-chart-graph/"],
  choropleth: ["node_modules/chartjs-chart-geo/", "core/charts/types/world_map/atlas.ts", "node_modules/world-atlas/"],
  nodeLabels: ["core/charts/graph-plugins.ts"],
  chordRibbons: ["core/charts/graph-plugins.ts"],
  annotation: ["node_modules/chartjs-plugin-annotation/"],
};

/** Chunk URLs (each with the chunks it imports) of the canvas and of each plugin: what the build's manifest gives. */
export interface ChartChunks {
  canvas: readonly string[];
  plugins: Readonly<Record<string, readonly string[]>>;
}

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isDynamicEntry?: boolean;
  imports?: string[];
}

/** The chart chunks of a client build's Vite manifest (`base`: the public path of its files, "/"). */
export function chartChunksOf(manifest: Record<string, ManifestChunk>, base = "/"): ChartChunks {
  // a chunk and, transitively, the chunks it imports statically (those load with it)
  const withImports = (key: string, out = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || out.has(base + chunk.file)) return out;
    out.add(base + chunk.file);
    for (const i of chunk.imports ?? []) withImports(i, out);
    return out;
  };
  // the canvas module is a chunk that its plugins' chunks import (chart.js is in it), so the manifest keys it by
  // its chunk name rather than its source path
  const canvas = Object.keys(manifest).find((k) => k === CANVAS_SOURCE || (manifest[k].isDynamicEntry && manifest[k].name === CANVAS_NAME));
  // the dynamic imports of the canvas (and of what it imports lazily): the plugins, keyed by source path
  const lazy = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry);
  const plugins: Record<string, string[]> = {};
  for (const [name, prefixes] of Object.entries(PLUGIN_SOURCES)) {
    const out = new Set<string>();
    for (const key of lazy) if (prefixes.some((p) => key.startsWith(p))) withImports(key, out);
    plugins[name] = [...out];
  }
  return { canvas: canvas ? [...withImports(canvas)] : [], plugins };
}
