import { maxOf, minOf, percentile } from "../aggregates";
import { formatLimit, MAX_RESAMPLE_ROWS } from "../../limits";
import { assertOutputSize } from "../limits";
import { num, postProcessingError, type Column, type Frame } from "../frame";

// resample (pandas DataFrame.resample on the time index, as Superset's resample): the index becomes a
// regular series of period labels from the first row's period to the last's; each value column is then
// filled as `method` says: asfreq (values at the labels only, fill_value elsewhere), ffill/bfill, linear
// interpolation, or sum/mean/median of the rows in each period. Labels follow pandas: "MS" month start,
// "M" month end, "W" weeks ending Sunday, "D"/"H"/"T"(min)/"S" fixed steps, "QS", "AS"/"YS" starts.

const DAY = 86_400_000;
/** `floor`: the label of the period holding t. Right-labelled periods (week/month/year ends) hold (previous, label]. */
type Period = { floor(t: number): number; next(t: number): number; right?: boolean };

function fixed(ms: number): Period {
  return { floor: (t) => Math.floor(t / ms) * ms, next: (t) => t + ms };
}

function months(step: number, end: boolean): Period {
  const start = (t: number) => {
    const d = new Date(t);
    const m = d.getUTCMonth() - (d.getUTCMonth() % (step === 1 ? 1 : step));
    return Date.UTC(d.getUTCFullYear(), m, 1);
  };
  const add = (t: number, k: number) => {
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + k, 1);
  };
  if (!end) return { floor: start, next: (t) => add(t, step) };
  // month-end labels: the last day of the period
  return { floor: (t) => add(start(t), step) - DAY, next: (t) => add(t + DAY, step) - DAY, right: true };
}

export function parseRule(rule: string): Period {
  const m = /^(\d*)\s*(MS|M|W(?:-SUN)?|D|H|T|min|S|QS|AS|YS|A|Y)$/.exec(rule.trim());
  if (!m) throw postProcessingError("resample", `Unsupported resample rule: ${rule}`);
  const n = m[1] ? Number(m[1]) : 1;
  if (n < 1) throw postProcessingError("resample", `Unsupported resample rule: ${rule}`);
  switch (m[2]) {
    case "S": return fixed(n * 1000);
    case "T": case "min": return fixed(n * 60_000);
    case "H": return fixed(n * 3_600_000);
    case "D": return fixed(n * DAY);
    case "W": case "W-SUN": {
      // pandas labels a week by its Sunday; the epoch (a Thursday) + 3 days is a Sunday
      const sunday = 3 * DAY;
      return { floor: (t) => Math.ceil((t - sunday) / (7 * DAY)) * 7 * DAY + sunday, next: (t) => t + n * 7 * DAY, right: true };
    }
    case "MS": return months(n, false);
    case "M": return months(n, true);
    case "QS": return months(3 * n, false);
    case "AS": case "YS": return months(12 * n, false);
    default: return months(12 * n, true); // A / Y: year end
  }
}

const METHODS = ["asfreq", "bfill", "ffill", "linear", "median", "mean", "sum"];

export function resample(frame: Frame, options: Record<string, unknown>): Frame {
  const method = options.method;
  if (typeof method !== "string" || !METHODS.includes(method)) throw postProcessingError("resample", `Resample method should be in ${METHODS.join(", ")}`);
  if (typeof options.rule !== "string") throw postProcessingError("resample", "rule must be a string such as 1D");
  const period = parseRule(options.rule);
  // the time axis: the index after a pivot, or the named time column of a flat frame
  const timeName = typeof options.time_column === "string" ? options.time_column : null;
  const time = frame.index[0] ?? (timeName ? frame.columns.find((c) => c.key[0] === timeName) : undefined);
  if (!time) throw postProcessingError("resample", "Resample operation requires DatetimeIndex");
  const stamps = time.values.map(num);
  if (stamps.some((t) => t === null)) throw postProcessingError("resample", "Resample operation requires DatetimeIndex");
  const valueCols = frame.columns.filter((c) => c !== time);
  if (!stamps.length) return frame;
  const first = period.floor(minOf(stamps as number[])!);
  const last = maxOf(stamps as number[])!;
  const labels: number[] = [];
  for (let t = first; ; t = period.next(t)) {
    labels.push(t);
    if (labels.length > MAX_RESAMPLE_ROWS)
      throw postProcessingError("resample", `The resampled series would have more than ${formatLimit(MAX_RESAMPLE_ROWS)} rows (the limit MAX_RESAMPLE_ROWS)`);
    if (period.right ? t >= last : period.next(t) > last) break;
  }
  assertOutputSize("resample", labels.length, valueCols.length + 1);
  const fill = options.fill_value === undefined ? null : options.fill_value;
  const bucketOf = (t: number) => {
    // left-labelled bins: the last label at or before t; right-labelled: the first label at or after t
    let lo = 0, hi = labels.length - 1;
    while (lo < hi) {
      if (period.right) {
        const mid = (lo + hi) >> 1;
        if (labels[mid] >= t) hi = mid;
        else lo = mid + 1;
      } else {
        const mid = (lo + hi + 1) >> 1;
        if (labels[mid] <= t) lo = mid;
        else hi = mid - 1;
      }
    }
    return lo;
  };
  const columns: Column[] = valueCols.map((c) => {
    const values = c.values.map(num);
    if (method === "sum" || method === "mean" || method === "median") {
      const buckets: number[][] = labels.map(() => []);
      stamps.forEach((t, r) => values[r] !== null && buckets[bucketOf(t!)].push(values[r]!));
      return { key: c.key, values: buckets.map((b) => method === "sum" ? b.reduce((a, x) => a + x, 0) : !b.length ? null : method === "mean" ? b.reduce((a, x) => a + x, 0) / b.length : percentile(b, 50)) };
    }
    const exact = new Map<number, number | null>();
    stamps.forEach((t, r) => exact.set(t!, values[r]));
    let out: (number | null | unknown)[] = labels.map((t) => (exact.has(t) ? exact.get(t)! : null));
    if (method === "asfreq" && fill !== null) out = out.map((v) => (v === null ? fill : v));
    if (method === "ffill") {
      // the last observation at or before each label
      const order = stamps.map((t, r) => [t!, values[r]] as const).sort((a, b) => a[0] - b[0]);
      let j = -1;
      out = labels.map((t) => { while (j + 1 < order.length && order[j + 1][0] <= t) j++; return j >= 0 ? order[j][1] : null; });
    }
    if (method === "bfill") {
      const order = stamps.map((t, r) => [t!, values[r]] as const).sort((a, b) => a[0] - b[0]);
      let j = 0;
      out = labels.map((t) => { while (j < order.length && order[j][0] < t) j++; return j < order.length ? order[j][1] : null; });
    }
    if (method === "linear") out = interpolate(out as (number | null)[]);
    return { key: c.key, values: out };
  });
  return { index: [{ key: time.key, values: labels }], columns };
}

/** pandas' interpolate(): straight lines between known values; the ends keep their last known value. */
function interpolate(values: (number | null)[]): (number | null)[] {
  const out = [...values];
  let prev = -1;
  for (let i = 0; i < out.length; i++) {
    if (out[i] === null) continue;
    if (prev >= 0 && i - prev > 1) for (let k = prev + 1; k < i; k++) out[k] = out[prev]! + ((out[i]! - out[prev]!) * (k - prev)) / (i - prev);
    prev = i;
  }
  if (prev >= 0) for (let k = prev + 1; k < out.length; k++) out[k] = out[prev];
  return out;
}
