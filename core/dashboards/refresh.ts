// Dashboard refresh (Superset's RefreshIntervalModal and fetchCharts): the intervals offered, and the
// staggered timing of a periodic refresh. A manual refresh queries every chart at once; a periodic one skips
// `timed_refresh_immune_slices` and, unless `stagger_refresh` is false, spreads the charts evenly over a window
// that is the smaller of the refresh period and `stagger_time` (default 5000 ms), so a big dashboard does not
// send all its queries in the same instant.

export const REFRESH_INTERVALS: [seconds: number, label: string][] = [
  [0, "Don't refresh"], [10, "10 seconds"], [30, "30 seconds"], [60, "1 minute"], [300, "5 minutes"], [1800, "30 minutes"],
  [3600, "1 hour"], [21600, "6 hours"], [43200, "12 hours"], [86400, "24 hours"],
];

export const DEFAULT_STAGGER_TIME_MS = 5000;

export interface RefreshMetadata {
  refresh_frequency?: unknown;
  timed_refresh_immune_slices?: unknown;
  stagger_refresh?: unknown;
  stagger_time?: unknown;
}

/** The refresh frequency saved with the dashboard, in seconds (0 when none or unparsable). */
export function refreshFrequency(meta: RefreshMetadata): number {
  const v = Number(meta.refresh_frequency);
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;
}

export function immuneCharts(meta: RefreshMetadata): Set<number> {
  return new Set(Array.isArray(meta.timed_refresh_immune_slices) ? meta.timed_refresh_immune_slices.filter((v): v is number => Number.isSafeInteger(v)) : []);
}

/** The label of an interval, for the header's "Auto-refresh" note; custom periods read as seconds. */
export function intervalLabel(seconds: number): string {
  return REFRESH_INTERVALS.find(([s]) => s === seconds)?.[1] ?? `${seconds} seconds`;
}

/**
 * When each chart of a refresh starts, in ms after the refresh: `periodic` refreshes leave out the immune
 * charts and are staggered; manual ones start all charts at once.
 */
export function refreshSchedule(chartIds: number[], meta: RefreshMetadata, periodic: boolean): Map<number, number> {
  const immune = periodic ? immuneCharts(meta) : new Set<number>();
  const ids = chartIds.filter((id) => !immune.has(id));
  const stagger = periodic && meta.stagger_refresh !== false && meta.stagger_refresh !== "false";
  if (!stagger || ids.length < 2) return new Map(ids.map((id) => [id, 0]));
  const staggerTime = Number(meta.stagger_time);
  const window = Math.min(refreshFrequency(meta) * 1000 || Infinity, Number.isFinite(staggerTime) && staggerTime >= 0 ? staggerTime : DEFAULT_STAGGER_TIME_MS);
  const step = window / (ids.length - 1);
  return new Map(ids.map((id, i) => [id, Math.round(step * i)]));
}
