// The arithmetic of Superset's horizon chart (legacy-plugin-chart-horizon's HorizonRow), without drawing: the
// value range a row is scaled on, and how much of each colour band a value fills.

/** Superset's horizon colours: four blues for negative bands (darkest = furthest), four reds for positive. */
export const HORIZON_COLORS = ["#313695", "#4575b4", "#74add1", "#abd9e9", "#fee090", "#fdae61", "#f46d43", "#d73027"];
export const BANDS = HORIZON_COLORS.length >> 1;

export type HorizonColorScale = "series" | "overall" | "change";

/** "change" shows each value as its difference from the series' first value; the others show the values. */
export function shiftForScale(values: (number | null)[], scale: HorizonColorScale): (number | null)[] {
  if (scale !== "change") return values;
  const first = values.find((v) => v !== null) ?? 0;
  return values.map((v) => (v === null ? null : v - first));
}

/** The value that fills all bands: the largest magnitude in the row ("series", "change") or in every row ("overall"). */
export function rowMaximum(rows: (number | null)[][], index: number, scale: HorizonColorScale): number {
  const of = (vs: (number | null)[]) => Math.max(0, ...vs.map((v) => Math.abs(v ?? 0)));
  return scale === "overall" ? Math.max(...rows.map(of)) : of(rows[index]);
}

/** How much (0 … 1) of band `band` (0 = nearest the baseline) a value fills, when `max` fills all BANDS bands. */
export function bandFill(value: number | null, max: number, band: number): number {
  if (value === null || !max) return 0;
  return Math.min(1, Math.max(0, (Math.abs(value) / max) * BANDS - band));
}

/** The colour of a band: positive values take the reds outward from the middle, negative the blues. */
export const bandColor = (band: number, negative: boolean) => (negative ? HORIZON_COLORS[BANDS - 1 - band] : HORIZON_COLORS[BANDS + band]);
