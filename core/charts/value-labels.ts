import type { Chart, Plugin } from "chart.js";
import { textOn } from "./slice-labels";

// Superset's "Show Values" on the heatmap and the waterfall writes each cell's or bar's value on the chart; Chart.js
// draws no text on its elements. Models put each element's text in their dataset's `valueTexts` ("" for none).
// Heatmap cells get the text centred in the cell (left out where it does not fit), bars above their top end, or
// below the bottom end when the bar falls. DOM-free: the browser and the render Worker use it.

/** A matrix cell: top-left corner and size. */
type Cell = { x: number; y: number; width: number; height: number };
/** A vertical bar: `y` is where the value ends, `base` where it starts (a floating bar's start). */
type Bar = { x: number; y: number; base: number };

export type ValuePlace = { x: number; y: number; baseline: "middle" | "bottom" | "top"; inside: boolean };

const GAP = 3;

/** Where a value goes on a heatmap cell: its centre. */
export function cellValuePlace(cell: Cell): ValuePlace {
  return { x: cell.x + cell.width / 2, y: cell.y + cell.height / 2, baseline: "middle", inside: true };
}

/** Where a value goes on a vertical bar: above a rising bar's top, below a falling bar's bottom (pixels grow down). */
export function barValuePlace(bar: Bar, falls: boolean): ValuePlace {
  return falls
    ? { x: bar.x, y: Math.max(bar.y, bar.base) + GAP, baseline: "top", inside: false }
    : { x: bar.x, y: Math.min(bar.y, bar.base) - GAP, baseline: "bottom", inside: false };
}

/** A data point falls when it is a negative number or a floating bar [start, end] that ends lower than it starts. */
export function falls(point: unknown): boolean {
  if (Array.isArray(point) && point.length === 2) return Number(point[1]) < Number(point[0]);
  return typeof point === "number" && point < 0;
}

/** A matrix cell has a size and, unlike a bar, no base. */
const isCell = (el: Record<string, unknown>) => typeof el.width === "number" && typeof el.height === "number" && typeof el.base !== "number";

export const valueLabels: Plugin = {
  id: "valueLabels",
  afterDatasetsDraw(chart: Chart) {
    const { ctx } = chart;
    const textColor = typeof chart.options.color === "string" ? chart.options.color : "#666666";
    chart.data.datasets.forEach((ds, i) => {
      const { valueTexts } = ds as { valueTexts?: string[] };
      if (!valueTexts || !chart.isDatasetVisible(i)) return;
      ctx.save();
      ctx.font = "11px sans-serif";
      ctx.textAlign = "center";
      chart.getDatasetMeta(i).data.forEach((el, j) => {
        const text = valueTexts[j];
        if (!text) return;
        const props = el.getProps(["x", "y", "width", "height", "base"], true) as Record<string, number>;
        const cell = isCell(props);
        const place = cell ? cellValuePlace(props as unknown as Cell) : barValuePlace(props as unknown as Bar, falls(ds.data[j]));
        if (!Number.isFinite(place.x) || !Number.isFinite(place.y)) return;
        // a heatmap cell too small for its number stays plain rather than overprinted
        if (cell && (ctx.measureText(text).width > props.width - 2 || props.height < 12)) return;
        const fill = Array.isArray(ds.backgroundColor) ? ds.backgroundColor[j] : ds.backgroundColor;
        ctx.fillStyle = place.inside ? textOn(fill) : textColor;
        ctx.textBaseline = place.baseline;
        ctx.fillText(text, place.x, place.y);
      });
      ctx.restore();
    });
  },
};
