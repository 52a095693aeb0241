import type { Chart, Plugin } from "chart.js";

// Chart.js draws no text on its elements; Superset's ECharts pie, donut, sunburst and funnel write a label on each
// slice. Models put each element's text in their dataset's `labelTexts` ("" for none: slices under the threshold)
// and, for pies, `labelsOutside` (Superset's labels_outside). DOM-free: the browser and the render Worker use it.

type Arc = { x: number; y: number; startAngle: number; endAngle: number; innerRadius: number; outerRadius: number };
export type LabelPlace = { x: number; y: number; align: "left" | "right" | "center"; lineFrom?: { x: number; y: number } };

/** Where an arc's label goes: mid-angle, inside between the radii (a pie's at 60% of its radius, as ECharts'),
 * or outside beyond the rim with a short leader line, aligned away from the centre. */
export function arcLabelPlace(arc: Arc, outside: boolean): LabelPlace {
  const mid = (arc.startAngle + arc.endAngle) / 2;
  const cos = Math.cos(mid);
  const sin = Math.sin(mid);
  if (!outside) {
    const r = arc.innerRadius > 0 ? (arc.innerRadius + arc.outerRadius) / 2 : arc.outerRadius * 0.6;
    return { x: arc.x + r * cos, y: arc.y + r * sin, align: "center" };
  }
  const r = arc.outerRadius + 12;
  return {
    x: arc.x + r * cos, y: arc.y + r * sin, align: cos >= 0 ? "left" : "right",
    lineFrom: { x: arc.x + arc.outerRadius * cos, y: arc.y + arc.outerRadius * sin },
  };
}

/** Dark or light text for a label drawn on a slice of colour `fill` (#rrggbb), by its perceived brightness. */
export function textOn(fill: unknown): string {
  const m = typeof fill === "string" ? /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(fill) : null;
  if (!m) return "#ffffff";
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#1f1f1f" : "#ffffff";
}

const isArc = (el: unknown): el is Arc => typeof (el as Arc).startAngle === "number" && typeof (el as Arc).outerRadius === "number";

export const sliceLabels: Plugin = {
  id: "sliceLabels",
  afterDatasetsDraw(chart: Chart) {
    const { ctx } = chart;
    const textColor = typeof chart.options.color === "string" ? chart.options.color : "#666666";
    chart.data.datasets.forEach((ds, i) => {
      const { labelTexts, labelsOutside } = ds as { labelTexts?: string[]; labelsOutside?: boolean };
      if (!labelTexts || !chart.isDatasetVisible(i)) return;
      ctx.save();
      ctx.font = "12px sans-serif";
      ctx.textBaseline = "middle";
      chart.getDatasetMeta(i).data.forEach((el, j) => {
        const text = labelTexts[j];
        if (!text) return;
        const fill = Array.isArray(ds.backgroundColor) ? ds.backgroundColor[j] : ds.backgroundColor;
        if (isArc(el)) {
          const place = arcLabelPlace(el, labelsOutside === true);
          if (place.lineFrom) {
            ctx.strokeStyle = typeof fill === "string" ? fill : textColor;
            ctx.beginPath();
            ctx.moveTo(place.lineFrom.x, place.lineFrom.y);
            ctx.lineTo(place.x, place.y);
            ctx.stroke();
          }
          ctx.textAlign = place.align;
          ctx.fillStyle = place.lineFrom ? textColor : textOn(fill);
          ctx.fillText(text, place.x + (place.align === "left" ? 3 : place.align === "right" ? -3 : 0), place.y);
        } else {
          // funnel trapezoids and other boxes: centred on the element
          const p = el.tooltipPosition(false);
          ctx.textAlign = "center";
          ctx.fillStyle = textOn(fill);
          if (Number.isFinite(p.x) && Number.isFinite(p.y)) ctx.fillText(text, p.x as number, p.y as number);
        }
      });
      ctx.restore();
    });
  },
};
