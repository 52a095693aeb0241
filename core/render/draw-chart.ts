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
  /** why this chart has nothing to draw (its query failed, it was deleted): shown in its place */
  failure?: string;
}

export function chartModel(input: DrawInput): ChartJsModel {
  if (input.failure) throw new NotDrawable(input.failure);
  const vizType = String(input.formData.viz_type ?? "");
  const type = getChartType(vizType);
  const name = input.chartName ? `"${input.chartName}" ` : "";
  if (!type) throw new NotDrawable(`The chart ${name}has a type this server does not know (${vizType || "none"}), so it cannot be drawn.`);
  const model = type.transformProps({ formData: input.formData, queriesData: input.queriesData, width: input.width, height: input.height });
  if (model.kind === "empty") throw new NotDrawable(`The chart ${name}has no data to draw: ${model.message}.`);
  if (model.kind !== "chartjs" || !DRAWABLE.has(model.type)) {
    throw new NotDrawable(`The chart ${name}is a ${type.metadata.name} chart (${vizType}), which cannot be drawn on the server yet.`);
  }
  return model;
}

/** Draws one Chart.js model onto `ctx` (a fresh SvgContext of the chart's size) and answers the SVG. */
function drawModel(model: ChartJsModel, ctx: SvgContext, at?: { x: number; y: number }): string {
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
  const svg = ctx.toSvg(REPORT_BACKGROUND, at);
  chart.destroy();
  return svg;
}

export function drawChart(input: DrawInput, text: TextEngine): ChartDrawing {
  const model = chartModel(input);
  const ctx = new SvgContext(input.width, input.height, text);
  return { svg: drawModel(model, ctx), width: input.width, height: input.height };
}

export interface PlacedChart extends DrawInput {
  x: number;
  y: number;
  /** a title drawn above the chart, inside its box (a dashboard's chart header) */
  title?: string;
}

const TITLE_PX = 32;

/** A chart's title as a dashboard shows it: one line of 14 px text at the top of its box. */
function titleBand(chart: PlacedChart, text: TextEngine, id: string): string {
  const ctx = new SvgContext(chart.width, TITLE_PX, text, id);
  ctx.fillStyle = "#333333";
  ctx.font = "bold 14px Inter";
  ctx.textBaseline = "middle";
  ctx.fillText(chart.title ?? "", 8, TITLE_PX / 2, chart.width - 16);
  return ctx.toSvg(undefined, { x: chart.x, y: chart.y });
}

/** A panel in place of a chart that cannot be drawn: its reason in words, never a blank space. */
function noticePanel(chart: PlacedChart, message: string, text: TextEngine, id: string): string {
  const ctx = new SvgContext(chart.width, chart.height, text, id);
  ctx.strokeStyle = "#e0e0e0";
  ctx.strokeRect(0.5, 0.5, chart.width - 1, chart.height - 1);
  ctx.fillStyle = "#666666";
  ctx.font = "13px Inter";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const words = message.split(" ");
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && text.width(`${last} ${w}`, { sizePx: 13, bold: false }) < chart.width - 24) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  lines.forEach((l, i) => ctx.fillText(l, chart.width / 2, chart.height / 2 + (i - (lines.length - 1) / 2) * 18));
  return ctx.toSvg(REPORT_BACKGROUND, { x: chart.x, y: chart.y });
}

/** Several charts in one picture (a dashboard in its layout); answers the SVG and what could not be drawn. */
export function drawLayout(charts: PlacedChart[], width: number, height: number, text: TextEngine): ChartDrawing & { notices: string[] } {
  const notices: string[] = [];
  const parts = charts.map((placed, i) => {
    const titled = placed.title !== undefined && placed.height > TITLE_PX * 2;
    const chart = titled ? { ...placed, y: placed.y + TITLE_PX, height: placed.height - TITLE_PX } : placed;
    const title = titled ? titleBand(placed, text, `k${i}t`) : "";
    try {
      return title + drawModel(chartModel(chart), new SvgContext(chart.width, chart.height, text, `k${i}c`), { x: chart.x, y: chart.y });
    } catch (e) {
      const message = e instanceof NotDrawable ? e.message : `The chart "${chart.chartName ?? i + 1}" could not be drawn: ${(e as Error).message}`;
      notices.push(message);
      return title + noticePanel(chart, message, text, `k${i}c`);
    }
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="${REPORT_BACKGROUND}"/>${parts.join("")}</svg>`;
  return { svg, width, height, notices };
}
