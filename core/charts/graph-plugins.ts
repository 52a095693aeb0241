import type { Chart, Plugin } from "chart.js";
import { ribbon } from "d3-chord";
import type { Ribbon } from "./types/chord";

// Two small Chart.js plugins for what the graph and chord models ask through their datasets, registered the first
// time such a chart is drawn (DOM-free: the browser and the render Worker for report pictures both use them).
// chartjs-chart-graph draws nodes and edges but no names: `nodeLabels` writes each node's label beside it. The
// chord's outer arcs are a doughnut; `chordRibbons` fills its hole with d3-chord's ribbons, whose angles
// transformProps computed (d3 measures clockwise from 12 o'clock, as Chart.js's doughnut draws with rotation 0,
// so the ends meet their arcs).

type Point = { x: number; y: number; options?: { radius?: number }; innerRadius?: number };

export const nodeLabels: Plugin = {
  id: "nodeLabels",
  afterDatasetsDraw(chart: Chart) {
    const { ctx } = chart;
    chart.data.datasets.forEach((ds, i) => {
      if (!(ds as { nodeLabels?: boolean }).nodeLabels || !chart.isDatasetVisible(i)) return;
      ctx.save();
      ctx.font = "11px sans-serif";
      // the chart's own text colour, so names stay readable in the dark theme
      ctx.fillStyle = typeof chart.options.color === "string" ? chart.options.color : "#666666";
      ctx.textBaseline = "middle";
      chart.getDatasetMeta(i).data.forEach((el, j) => {
        const p = el as unknown as Point;
        const label = chart.data.labels?.[j];
        if (label !== undefined && Number.isFinite(p.x)) ctx.fillText(String(label), p.x + (p.options?.radius ?? 3) + 3, p.y);
      });
      ctx.restore();
    });
  },
};

export const chordRibbons: Plugin = {
  id: "chordRibbons",
  afterDatasetsDraw(chart: Chart) {
    const ds = chart.data.datasets[0] as { chordRibbons?: Ribbon[] } | undefined;
    const arc = chart.getDatasetMeta(0).data[0] as unknown as Point | undefined;
    if (!ds?.chordRibbons || !arc?.innerRadius) return;
    const { ctx } = chart;
    const draw = ribbon<unknown, Ribbon, Ribbon["source"]>().radius(arc.innerRadius - 1).context(ctx);
    ctx.save();
    ctx.translate(arc.x, arc.y);
    for (const r of ds.chordRibbons) {
      ctx.beginPath();
      draw(r);
      ctx.fillStyle = r.color;
      ctx.fill();
    }
    ctx.restore();
  },
};
