import type { Chart, Plugin } from "chart.js";

// Texts placed in a chart's own data coordinates: the calendar heatmap's domain and metric titles and cell values,
// the partition chart's names inside its rectangles. Chart.js's matrix element writes no text, so a model lists
// them in its first dataset's `textMarks` and this plugin writes them after the datasets are drawn. DOM-free: the
// browser and the render Worker for report pictures both use it.

export interface TextMark {
  /** position on the x and y scales (data units, not pixels) */
  x: number;
  y: number;
  text: string;
  align?: "left" | "center" | "right";
  baseline?: "top" | "middle" | "bottom";
  /** font size in pixels (11 when absent) */
  size?: number;
  bold?: boolean;
  /** the chart's text colour when absent */
  color?: string;
  /** widest the text may be, in data units of the x scale: longer texts are cut with an ellipsis, too narrow ones dropped */
  maxWidth?: number;
}

/** `text` cut to `room` pixels as measured by `measure`, with an ellipsis; "" when not even one letter fits. */
export function fitText(text: string, room: number, measure: (s: string) => number): string {
  if (measure(text) <= room) return text;
  for (let n = text.length - 1; n > 0; n--) {
    const cut = `${text.slice(0, n)}…`;
    if (measure(cut) <= room) return cut;
  }
  return "";
}

export const textMarks: Plugin = {
  id: "textMarks",
  afterDatasetsDraw(chart: Chart) {
    const marks = (chart.data.datasets[0] as { textMarks?: TextMark[] } | undefined)?.textMarks;
    const { x: xs, y: ys } = chart.scales;
    if (!marks?.length || !xs || !ys) return;
    const { ctx } = chart;
    const fallback = typeof chart.options.color === "string" ? chart.options.color : "#666666";
    ctx.save();
    for (const m of marks) {
      ctx.font = `${m.bold ? "600 " : ""}${m.size ?? 11}px sans-serif`;
      const left = xs.getPixelForValue(m.x);
      const room = m.maxWidth === undefined ? Infinity : Math.abs(xs.getPixelForValue(m.x + m.maxWidth) - left);
      const text = fitText(m.text, room, (s) => ctx.measureText(s).width);
      if (!text) continue;
      ctx.fillStyle = m.color ?? fallback;
      ctx.textAlign = m.align ?? "left";
      ctx.textBaseline = m.baseline ?? "middle";
      ctx.fillText(text, left, ys.getPixelForValue(m.y));
    }
    ctx.restore();
  },
};
