// Superset's *_delta_humanized fields ("3 minutes ago"), as Python's humanize.naturaltime writes them.

const UNITS: [number, string][] = [
  [365 * 86_400, "year"],
  [30 * 86_400, "month"],
  [86_400, "day"],
  [3_600, "hour"],
  [60, "minute"],
  [1, "second"],
];

export function naturalTime(then: string | null | undefined, now: Date): string | null {
  if (!then) return null;
  const ms = Date.parse(then);
  if (Number.isNaN(ms)) return null;
  const seconds = Math.round((now.getTime() - ms) / 1000);
  const future = seconds < 0;
  const abs = Math.abs(seconds);
  if (abs < 1) return "now";
  for (const [size, unit] of UNITS) {
    if (abs >= size) {
      const n = Math.floor(abs / size);
      const text = n === 1 ? (unit === "hour" ? "an hour" : `a ${unit}`) : `${n} ${unit}s`;
      return future ? `${text} from now` : `${text} ago`;
    }
  }
  return "now";
}
