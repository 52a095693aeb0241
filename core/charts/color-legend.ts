import type { Chart, Plugin } from "chart.js";

// Superset's heatmap shows a continuous colour legend (ECharts' visualMap) beside the grid: the scheme from the
// low bound at the bottom to the high one at the top, each end labelled. Chart.js has none: a model asks for one
// with its first dataset's `colorLegend`, and leaves room for it with layout padding on the right. DOM-free, so
// the render Worker draws it too.

export interface ColorLegend {
  /** colours from the low end to the high end, evenly spaced */
  colors: string[];
  low: string;
  high: string;
}

/** Room the legend takes on the right of the chart area, in pixels (bar, gap and labels). */
export const COLOR_LEGEND_WIDTH = 70;
const BAR_WIDTH = 12;
const BAR_GAP = 10;

/** `steps` evenly spaced colours of `scale` (t from 0 to 1) and the ends' texts. */
export function colorLegendOf(scale: (t: number) => string, steps: number, low: string, high: string): ColorLegend {
  return { colors: Array.from({ length: steps }, (_, i) => scale(steps === 1 ? 0 : i / (steps - 1))), low, high };
}

export const colorLegend: Plugin = {
  id: "colorLegend",
  afterDraw(chart: Chart) {
    const legend = (chart.data.datasets[0] as { colorLegend?: ColorLegend } | undefined)?.colorLegend;
    if (!legend?.colors.length) return;
    const { ctx, chartArea } = chart;
    const left = chartArea.right + BAR_GAP;
    // the bar spans the grid's height less room for the two labels
    const top = chartArea.top + 14;
    const height = Math.max(0, chartArea.bottom - chartArea.top - 28);
    const band = height / legend.colors.length;
    ctx.save();
    // drawn as bands from the top (high) down, one per colour: no gradient, which the report's SVG context lacks
    legend.colors.slice().reverse().forEach((color, i) => {
      ctx.fillStyle = color;
      ctx.fillRect(left, top + i * band, BAR_WIDTH, band + 0.5);
    });
    ctx.fillStyle = typeof chart.options.color === "string" ? chart.options.color : "#666666";
    ctx.font = "11px sans-serif";
    ctx.textAlign = "left";
    ctx.textBaseline = "bottom";
    ctx.fillText(legend.high, left, top - 2);
    ctx.textBaseline = "top";
    ctx.fillText(legend.low, left, top + height + 2);
    ctx.restore();
  },
};
