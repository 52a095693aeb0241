import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { CHART_TYPES } from "../../../core/charts/registry";
import { chartChunksOf, PLUGIN_SOURCES } from "./chart-modules";
import { chartModulePreloads } from "./chart-preload";

// a client manifest as Vite writes it for this app: the canvas is a chunk its plugins import (keyed by chunk name),
// the plugins and the world atlas are dynamic entries keyed by source path
const manifest = {
  "app/routes/superset.dashboard.$idOrSlug/route.tsx": { file: "assets/route-1.js", isDynamicEntry: true, imports: ["_components-1.js"] },
  "_ChartJsCanvas-1.js": { file: "assets/ChartJsCanvas-1.js", name: "ChartJsCanvas", isDynamicEntry: true, imports: ["_components-1.js", "_Alert-1.js"] },
  "_components-1.js": { file: "assets/components-1.js" },
  "_Alert-1.js": { file: "assets/Alert-1.js", imports: ["_components-1.js"] },
  "node_modules/chartjs-chart-matrix/dist/chartjs-chart-matrix.esm.js": { file: "assets/matrix-1.js", src: "node_modules/chartjs-chart-matrix/dist/chartjs-chart-matrix.esm.js", isDynamicEntry: true, imports: ["_ChartJsCanvas-1.js"] },
  "node_modules/chartjs-chart-geo/build/index.js": { file: "assets/build-geo.js", isDynamicEntry: true, imports: ["_ChartJsCanvas-1.js", "_feature-1.js"] },
  "_feature-1.js": { file: "assets/feature-1.js" },
  "core/charts/types/world_map/atlas.ts": { file: "assets/atlas-1.js", isDynamicEntry: true, imports: ["_feature-1.js"] },
  "node_modules/world-atlas/countries-110m.json": { file: "assets/countries-110m-1.js", isDynamicEntry: true },
};

test("the client manifest gives the canvas's chunk and each plugin's, each with the chunks it imports", () => {
  const chunks = chartChunksOf(manifest);
  expect(chunks.canvas).toEqual(["/assets/ChartJsCanvas-1.js", "/assets/components-1.js", "/assets/Alert-1.js"]);
  expect(chunks.plugins.matrix).toEqual(["/assets/matrix-1.js", "/assets/ChartJsCanvas-1.js", "/assets/components-1.js", "/assets/Alert-1.js"]);
  // the world map's plugin, its shapes' module and the atlas itself
  expect(new Set(chunks.plugins.choropleth)).toEqual(new Set(["/assets/build-geo.js", "/assets/ChartJsCanvas-1.js", "/assets/components-1.js", "/assets/Alert-1.js", "/assets/feature-1.js", "/assets/atlas-1.js", "/assets/countries-110m-1.js"]));
  expect(chunks.plugins.treemap).toEqual([]); // not in this build
  expect(chartChunksOf({ "_components-1.js": { file: "assets/components-1.js" } }).canvas).toEqual([]);
});

test("a page preloads the canvas and the plugins of its chart types, nothing for charts drawn without Chart.js", () => {
  const chunks = chartChunksOf(manifest);
  expect(chartModulePreloads(["table", "pivot_table_v2", "big_number_total"], chunks)).toEqual([]);
  expect(chartModulePreloads(["no_such_type"], chunks)).toEqual([]);
  expect(chartModulePreloads(["table", "pie"], chunks)).toEqual(chunks.canvas);
  expect(new Set(chartModulePreloads(["pie", "heatmap_v2", "world_map"], chunks))).toEqual(new Set([...chunks.plugins.matrix, ...chunks.plugins.choropleth]));
  // outside a build (tests, the dev server) there is nothing to name
  expect(chartModulePreloads(["heatmap_v2"])).toEqual([]);
});

test("every plugin a chart type names is known here and in ChartJsCanvas's tables", () => {
  const canvas = readFileSync(new URL("./ChartJsCanvas.tsx", import.meta.url), "utf8");
  for (const [viz, type] of Object.entries(CHART_TYPES)) {
    for (const name of type.chartJs || []) {
      expect(PLUGIN_SOURCES[name], `${viz}: ${name}`).toBeDefined();
      expect(canvas, `${viz}: ${name}`).toMatch(new RegExp(`\\b${name}: async`));
    }
  }
  for (const name of Object.keys(PLUGIN_SOURCES)) expect(canvas).toMatch(new RegExp(`\\b${name}\\b`));
});
