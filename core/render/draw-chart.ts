import { Chart, registerables } from "chart.js";
import { getChartType } from "../charts/registry";
import type { ChartJsModel, FormData, QueryData } from "../charts/contract";
import { SvgContext, type TextEngine } from "./svg-context";

// A saved chart drawn on the server, with no DOM: the chart type's transformProps (the same code the browser
// runs) gives a Chart.js config, Chart.js draws it onto an SvgContext, and the answer is the SVG text. Chart.js
// sees no `window` here and picks its BasicPlatform (no events, no animation, the canvas's own size).

Chart.register(...registerables);

/** The Chart.js chart types built into Chart.js; types drawn by plugins (matrix, treemap, ...) are not yet. */
const DRAWABLE = new Set(["line", "bar", "pie", "doughnut", "scatter", "bubble", "radar", "polarArea"]);

export const REPORT_BACKGROUND = "#ffffff";
/** Superset's default font; labels are drawn in the embedded Inter whatever the config names. */
const FONT_FAMILY = "Inter, Helvetica, Arial, sans-serif";

export interface ChartDrawing {
  svg: string;
  width: number;
  height: number;
}

/** Why a chart cannot be drawn on the server, in words for the run's log and the email. */
export class NotDrawable extends Error {}

export interface DrawInput {
  formData: FormData;
  queriesData: QueryData[];
  width: number;
  height: number;
  chartName?: string;
}

export function chartModel(input: DrawInput): ChartJsModel {
  const vizType = String(input.formData.viz_type ?? "");
  const type = getChartType(vizType);
  const name = input.chartName ? `"${input.chartName}" ` : "";
  if (!type) throw new NotDrawable(`The chart ${name}has a type this server does not know (${vizType || "none"}), so it cannot be drawn.`);
  const model = type.transformProps({ formData: input.formData, queriesData: input.queriesData, width: input.width, height: input.height });
  if (model.kind === "empty") throw new NotDrawable(`The chart ${name}has no data to draw: ${model.message}.`);
  if (model.kind !== "chartjs" || !DRAWABLE.has(model.type)) {
    throw new NotDrawable(`The chart ${name}is a ${type.metadata.name} chart (${vizType}), which cannot be drawn on the server yet: no image is attached.`);
  }
  return model;
}

/** Draws one Chart.js model onto `ctx` (a fresh SvgContext of the chart's size) and answers the SVG. */
function drawModel(model: ChartJsModel, ctx: SvgContext): string {
  const plugins = (model.options.plugins ?? {}) as Record<string, unknown>;
  const canvas = { width: ctx.width, height: ctx.height, style: {}, getContext: () => ctx };
  const chart = new Chart(canvas as never, {
    type: model.type as never,
    data: model.data as never,
    options: {
      ...model.options,
      responsive: false,
      animation: false,
      devicePixelRatio: 1,
      events: [],
      font: { family: FONT_FAMILY },
      // the tooltip has nothing to show without a pointer; the annotation plugin is not registered here
      plugins: { ...plugins, tooltip: { enabled: false }, annotation: undefined },
    } as never,
  });
  // destroy() clears the canvas: the drawing is taken first
  const svg = ctx.toSvg(REPORT_BACKGROUND);
  chart.destroy();
  return svg;
}

export function drawChart(input: DrawInput, text: TextEngine): ChartDrawing {
  const model = chartModel(input);
  const ctx = new SvgContext(input.width, input.height, text);
  return { svg: drawModel(model, ctx), width: input.width, height: input.height };
}
