import { Chart, registerables } from "chart.js";
import { BoxPlotController, BoxAndWiskers } from "@sgratzl/chartjs-chart-boxplot";
import { FunnelController, TrapezoidElement } from "chartjs-chart-funnel";
import { BubbleMapController, ChoroplethController, ColorScale, GeoFeature, ProjectionScale, SizeScale } from "chartjs-chart-geo";
import { EdgeLine, ForceDirectedGraphController, GraphController, TreeController } from "chartjs-chart-graph";
import { MatrixController, MatrixElement } from "chartjs-chart-matrix";
import { Flow, SankeyController } from "chartjs-chart-sankey";
import { TreemapController, TreemapElement } from "chartjs-chart-treemap";
import worldAtlas from "world-atlas/countries-110m.json";
import type { ChartJsModel } from "../charts/contract";
import { chordRibbons, nodeLabels } from "../charts/graph-plugins";
import { sliceLabels } from "../charts/slice-labels";
import { colorLegend } from "../charts/color-legend";
import { valueLabels } from "../charts/value-labels";
import { textMarks } from "../charts/text-marks";
import { attachWorldFeatures } from "../charts/types/world_map/atlas";
import type { SvgContext } from "./svg-context";

// A Chart.js model drawn onto an SvgContext, with no DOM: Chart.js sees no `window` here and picks its
// BasicPlatform (no events, no animation, the canvas's own size). The answer is the SVG text of the drawing.

// Unlike the browser, which loads each plugin the first time a chart needs it, the render Worker registers them
// all at once: it draws nothing else, and its size is not the main Worker's budget.
Chart.register(
  ...registerables, MatrixController, MatrixElement, TreemapController, TreemapElement, BoxPlotController, BoxAndWiskers,
  SankeyController, Flow, FunnelController, TrapezoidElement, GraphController, ForceDirectedGraphController, TreeController, EdgeLine,
  ChoroplethController, BubbleMapController, GeoFeature, ColorScale, SizeScale, ProjectionScale, nodeLabels, chordRibbons, sliceLabels, colorLegend, valueLabels, textMarks,
);

/** The Chart.js chart types drawn on the server; the others name themselves in the report instead. */
export const DRAWABLE_CHARTJS = new Set([
  "line", "bar", "pie", "doughnut", "scatter", "bubble", "radar", "polarArea",
  "matrix", "treemap", "boxplot", "sankey", "funnel", "graph", "forceDirectedGraph", "tree", "choropleth", "bubbleMap",
]);

// chartjs-chart-graph lays its graphs out in animation frames (requestAnimationFrame), which a Worker does not
// have: here a frame is queued and drawChartJs runs the queue before it takes the drawing, so the picture is the
// laid-out graph. Drawing is synchronous, so one drawing's frames never mix with another's.
const frames = new Map<number, FrameRequestCallback>();
let frameSeq = 0;
const scope = globalThis as { requestAnimationFrame?: (cb: FrameRequestCallback) => number; cancelAnimationFrame?: (id: number) => void };
if (typeof scope.requestAnimationFrame !== "function") {
  scope.requestAnimationFrame = (cb) => (frames.set(++frameSeq, cb), frameSeq);
  scope.cancelAnimationFrame = (id) => frames.delete(id);
}
/** Frames run before a drawing is taken: a layout frame may ask for one more redraw, never an endless chain. */
const MAX_FRAME_ROUNDS = 5;

/** The force layout's ticks, all before the drawing (the browser runs a few, then the rest as it animates). */
const FORCE_TICKS = 300;

export const REPORT_BACKGROUND = "#ffffff";
/** Superset's default font; labels are drawn in the embedded Inter whatever the config names. */
const FONT_FAMILY = "Inter, Helvetica, Arial, sans-serif";

/** Draws `model` onto `ctx` (a fresh SvgContext of the drawing's size) and answers the SVG, placed at `at`, on
 * `background` (null: none, the drawing's container shows through). */
export function drawChartJs(given: ChartJsModel, ctx: SvgContext, at?: { x: number; y: number }, background: string | null = REPORT_BACKGROUND): string {
  // the world map's country shapes join the model where it is drawn, as in the browser (107 KB of topology)
  const model = given.type === "choropleth" ? attachWorldFeatures(given, worldAtlas as never) : given;
  const plugins = (model.options.plugins ?? {}) as Record<string, unknown>;
  const simulation = model.type === "forceDirectedGraph"
    ? { simulation: { ...(model.options.simulation as object), initialIterations: FORCE_TICKS, autoRestart: false } } : {};
  const canvas = { width: ctx.width, height: ctx.height, style: {}, getContext: () => ctx };
  const chart = new Chart(canvas as never, {
    type: model.type as never,
    data: model.data as never,
    options: {
      ...model.options,
      ...simulation,
      responsive: false,
      animation: false,
      devicePixelRatio: 1,
      events: [],
      font: { family: FONT_FAMILY },
      // the tooltip has nothing to show without a pointer; the annotation plugin is not registered here
      plugins: { ...plugins, tooltip: { enabled: false }, annotation: undefined },
    } as never,
  });
  for (let round = 0; frames.size && round < MAX_FRAME_ROUNDS; round++) {
    const due = [...frames.values()];
    frames.clear();
    for (const frame of due) frame(0);
  }
  frames.clear();
  // destroy() clears the canvas: the drawing is taken first
  const svg = ctx.toSvg(background ?? undefined, at);
  chart.destroy();
  return svg;
}
