import type { FormData } from "../../contract";
import { num } from "../../data";
import { ensureArray, getMetricLabel } from "../../query/labels";

// Flattened chart data (x column + one column per series) as x values and series, ordered as Superset orders
// series (sort_series_type over the values: name, sum, min, max, avg).

export interface Series {
  name: string;
  values: (number | null)[];
}

const reducers: Record<string, (v: number[]) => number> = {
  sum: (v) => v.reduce((a, b) => a + b, 0),
  min: (v) => (v.length ? Math.min(...v) : 0),
  max: (v) => (v.length ? Math.max(...v) : 0),
  avg: (v) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : 0),
};

export function extractSeries(rows: Record<string, unknown>[], xLabel: string, formData: FormData): { x: unknown[]; series: Series[] } {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k !== xLabel);
  const x = rows.map((r) => r[xLabel]);
  let series = names.map((name) => ({ name, values: rows.map((r) => num(r[name])) }));
  const type = String(formData.sort_series_type ?? "sum");
  const ascending = formData.sort_series_ascending === true;
  if (type === "name") series.sort((a, b) => a.name.localeCompare(b.name) * (ascending ? 1 : -1));
  else if (reducers[type]) {
    const score = new Map(series.map((s) => [s.name, reducers[type](s.values.filter((v): v is number => v !== null))]));
    series = series.sort((a, b) => (score.get(a.name)! - score.get(b.name)!) * (ascending ? 1 : -1));
  }
  return { x, series };
}

/** Stack "Expand": every x's values as shares of that x's total, as Superset's percentage stacking. */
export function expandToShares(series: Series[]): Series[] {
  const totals = series[0]?.values.map((_, i) => series.reduce((t, s) => t + Math.abs(s.values[i] ?? 0), 0)) ?? [];
  return series.map((s) => ({ ...s, values: s.values.map((v, i) => (v === null || !totals[i] ? v : v / totals[i])) }));
}

/** The offset a series name carries when it is a time shift of another ("count, 1 year ago" or "1 year ago"). */
const shiftOf = (name: string, formData: FormData) =>
  ensureArray<string>(formData.time_compare).find((o) => name === o || name.endsWith(`, ${o}`) || name.endsWith(`__${o}`));

/** Time shifts are drawn dashed. */
export const isTimeShift = (name: string, formData: FormData) => shiftOf(name, formData) !== undefined;

/** The series a time shift belongs to, so both take one colour (Superset's getOriginalSeries): the name without
 * its offset; a bare offset (one metric, renamed to the offset) belongs to that metric. */
export function colorKey(name: string, formData: FormData): string {
  const offset = shiftOf(name, formData);
  if (!offset) return name;
  const original = name.slice(0, name.length - offset.length).replace(/(, |__)$/, "");
  return original || getMetricLabel(ensureArray(formData.metrics)[0]);
}
