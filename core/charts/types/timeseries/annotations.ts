import type { FormData, QueryData } from "../../contract";
import { addAlpha } from "../../colors/schemes";
import { num } from "../../data";
import { isDict } from "../../query/labels";
import { compileFormula } from "./formula";

// Superset's annotation layers on a timeseries: FORMULA layers become a line dataset evaluated at each x (epoch
// ms), EVENT and INTERVAL layers (records from the answer's annotation_data) become chartjs-plugin-annotation
// lines and boxes. The x-axis is a category axis, so a moment is placed at its fractional index between the two
// x values around it.

const DASH: Record<string, number[]> = { dashed: [5, 5], dotted: [1, 3], longDashed: [10, 5] };
const OPACITY: Record<string, number> = { opacityLow: 0.2, opacityMedium: 0.5, opacityHigh: 0.8 };
const DEFAULT_COLOR = "#666666";

/** Where moment t sits on a category axis of ascending x values: an index, fractional between points. */
export function fractionalIndex(xs: number[], t: number): number | null {
  if (!xs.length || t < xs[0] || t > xs[xs.length - 1]) return null;
  const after = xs.findIndex((x) => x >= t);
  if (xs[after] === t || after === 0) return after;
  return after - 1 + (t - xs[after - 1]) / (xs[after] - xs[after - 1]);
}

export interface Annotations {
  datasets: Record<string, unknown>[];
  /** chartjs-plugin-annotation's `annotations` option, by id */
  boxes: Record<string, Record<string, unknown>>;
}

export function annotationLayers(formData: FormData, query: QueryData | undefined, xs: unknown[]): Annotations {
  const out: Annotations = { datasets: [], boxes: {} };
  const times = xs.map((x) => num(x) ?? NaN);
  const data = isDict(query?.annotation_data) ? query.annotation_data : {};
  for (const layer of Array.isArray(formData.annotation_layers) ? formData.annotation_layers : []) {
    if (!isDict(layer) || layer.show === false || typeof layer.name !== "string") continue;
    const color = typeof layer.color === "string" && layer.color ? layer.color : DEFAULT_COLOR;
    const style = { borderColor: color, borderWidth: num(layer.width) ?? 1, borderDash: DASH[String(layer.style)] ?? [] };
    const alpha = OPACITY[String(layer.opacity)] ?? 1;
    if (layer.annotationType === "FORMULA" && typeof layer.value === "string") {
      const f = compileFormula(layer.value);
      out.datasets.push({ type: "line", label: layer.name, data: times.map((t) => (Number.isFinite(t) ? f(t) : null)), ...style, pointRadius: 0, fill: false, yAxisID: "y" });
      continue;
    }
    const records = isDict(data[layer.name]) && Array.isArray((data[layer.name] as Record<string, unknown>).records) ? ((data[layer.name] as Record<string, unknown>).records as Record<string, unknown>[]) : [];
    records.forEach((r, i) => {
      const start = fractionalIndex(times, num(r.start_dttm) ?? NaN);
      const label = { display: layer.showLabel === true, content: String(r.short_descr ?? "") };
      if (layer.annotationType === "EVENT" && start !== null) {
        out.boxes[`${layer.name}-${i}`] = { type: "line", xMin: start, xMax: start, ...style, label };
      } else if (layer.annotationType === "INTERVAL") {
        // an interval partly outside the chart is cut at its edges; one wholly outside is left out
        const [from, to] = [num(r.start_dttm), num(r.end_dttm) ?? num(r.start_dttm)];
        const last = times[times.length - 1];
        if (from === null || to === null || to < times[0] || from > last) return;
        out.boxes[`${layer.name}-${i}`] = {
          type: "box", xMin: fractionalIndex(times, Math.max(from, times[0])), xMax: fractionalIndex(times, Math.min(to, last)),
          backgroundColor: addAlpha(color, alpha === 1 ? 0.2 : alpha), borderWidth: 0, label,
        };
      }
    });
  }
  return out;
}
