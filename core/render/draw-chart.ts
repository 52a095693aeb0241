import { getChartType } from "../charts/registry";
import { DATA_TABLE_SHARE, type ChartModel, type FormData, type QueryData } from "../charts/contract";
import type { VerboseMap } from "../charts/verbose-map";
import { drawBigNumber } from "./draw-big-number";
import { drawBlock, type LayoutBlock } from "./draw-blocks";
import { DRAWABLE_CHARTJS, drawChartJs, REPORT_BACKGROUND } from "./draw-chartjs";
import { drawGrid } from "./draw-grid";
import { SvgContext, type TextEngine } from "./svg-context";
import { pivotGrid, tableGrid } from "./table-grid";

// A saved chart drawn on the server, with no DOM: the chart type's transformProps (the same code the browser
// runs) gives its model; Chart.js models are drawn by Chart.js onto an SvgContext, tables and pivot tables as
// grids of their formatted cells, big numbers as their headline (and trendline); the answer is SVG text.

export { REPORT_BACKGROUND };

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
  /** the verbose names the chart's dataset gives the columns and saved metrics it names (as the browser labels them) */
  verboseMap?: VerboseMap;
  /** why this chart has nothing to draw (its query failed, it was deleted): shown in its place */
  failure?: string;
}

type DrawableModel = Exclude<ChartModel, { kind: "empty" | "handlebars" }>;

export function chartModel(input: DrawInput): DrawableModel {
  if (input.failure) throw new NotDrawable(input.failure);
  const vizType = String(input.formData.viz_type ?? "");
  const type = getChartType(vizType);
  const name = input.chartName ? `"${input.chartName}" ` : "";
  if (!type) throw new NotDrawable(`The chart ${name}has a type this server does not know (${vizType || "none"}), so it cannot be drawn.`);
  const model = type.transformProps({ formData: input.formData, queriesData: input.queriesData, width: input.width, height: input.height, verboseMap: input.verboseMap });
  if (model.kind === "empty") throw new NotDrawable(`The chart ${name}has no data to draw: ${model.message}.`);
  // a user's HTML template needs a browser to lay it out
  if (model.kind === "handlebars" || (model.kind === "chartjs" && !DRAWABLE_CHARTJS.has(model.type))) {
    throw new NotDrawable(`The chart ${name}is a ${type.metadata.name} chart (${vizType}), which cannot be drawn on the server yet.`);
  }
  return model;
}

/** One chart's model drawn in a box of its size at `at`: an <svg> element to place inside a picture. */
function drawModel(model: DrawableModel, width: number, height: number, text: TextEngine, id: string, at: { x: number; y: number }, background: string | null = REPORT_BACKGROUND): string {
  switch (model.kind) {
    case "chartjs": {
      if (!model.dataTable) return drawChartJs(model, new SvgContext(width, height, text, id), at, background);
      // the chart above, its rows' grid below, as the browser lays them out
      const top = Math.round(height * DATA_TABLE_SHARE);
      const grid = new SvgContext(width, height - top, text, `${id}t`);
      drawGrid(tableGrid(model.dataTable), grid, text);
      return drawChartJs(model, new SvgContext(width, top, text, id), at, background) + grid.toSvg(background ?? undefined, { x: at.x, y: at.y + top });
    }
    case "big_number":
      return drawBigNumber(model, width, height, text, id, at, background);
    case "table":
    case "pivot_table": {
      const ctx = new SvgContext(width, height, text, id);
      drawGrid(model.kind === "table" ? tableGrid(model) : pivotGrid(model), ctx, text);
      return ctx.toSvg(background ?? undefined, at);
    }
  }
}

/** Chart.js's own default font, which the browser's live charts draw their labels in. */
const PAGE_FONT_FAMILY = "'Helvetica Neue', Helvetica, Arial, sans-serif";

/**
 * A chart drawn for a dashboard page's first paint (docs/decisions/0015-server-drawn-first-paint.md): the same
 * drawing a report gets, on the card's own background, its text as <text> elements in the font the live chart
 * uses. It scales to its box (the server guessed the box's width). `id` keeps clip ids apart on the page.
 */
export function drawForPage(input: DrawInput, text: TextEngine, id: string): string {
  const model = chartModel(input);
  const { width, height } = input;
  const inner = drawModel(model, width, height, { ...text, forBrowser: true }, id, { x: 0, y: 0 }, null);
  const label = input.chartName ? ` aria-label="${input.chartName.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;")}"` : "";
  return `<svg viewBox="0 0 ${width} ${height}" width="100%" height="100%" preserveAspectRatio="xMidYMid meet" font-family="${PAGE_FONT_FAMILY}" role="img"${label}>${inner}</svg>`;
}

const document = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="${REPORT_BACKGROUND}"/>${body}</svg>`;

export function drawChart(input: DrawInput, text: TextEngine): ChartDrawing {
  const model = chartModel(input);
  return { svg: document(input.width, input.height, drawModel(model, input.width, input.height, text, "c", { x: 0, y: 0 })), width: input.width, height: input.height };
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

/** Several charts in one picture (a dashboard in its layout, with its headers, dividers and markdown); answers the
 * SVG and what could not be drawn. */
export function drawLayout(charts: PlacedChart[], width: number, height: number, text: TextEngine, blocks: LayoutBlock[] = []): ChartDrawing & { notices: string[] } {
  const notices: string[] = [];
  const drawnBlocks = blocks.map((b, i) => drawBlock(b, text, `b${i}`));
  const parts = charts.map((placed, i) => {
    const titled = placed.title !== undefined && placed.height > TITLE_PX * 2;
    const chart = titled ? { ...placed, y: placed.y + TITLE_PX, height: placed.height - TITLE_PX } : placed;
    const title = titled ? titleBand(placed, text, `k${i}t`) : "";
    try {
      return title + drawModel(chartModel(chart), chart.width, chart.height, text, `k${i}c`, { x: chart.x, y: chart.y });
    } catch (e) {
      const message = e instanceof NotDrawable ? e.message : `The chart "${chart.chartName ?? i + 1}" could not be drawn: ${(e as Error).message}`;
      notices.push(message);
      return title + noticePanel(chart, message, text, `k${i}c`);
    }
  });
  return { svg: document(width, height, drawnBlocks.join("") + parts.join("")), width, height, notices };
}
