import { compareValues, groupRows, maxOf, minOf, percentile } from "../aggregates";
import { assertOutputSize } from "../limits";
import { intOption, num, postProcessingError, requireColumn, rowCount, stringList, stringOption, type Column, type Frame } from "../frame";

/**
 * boxplot: per group, for each metric: mean, median, q1, q3, whisker max and min, count and the outliers
 * beyond the whiskers (`<metric>__mean` …), whiskers by Tukey (1.5 IQR), min/max or two percentiles.
 */
export function boxplot(frame: Frame, options: Record<string, unknown>): Frame {
  const groupby = stringList("boxplot", options, "groupby").map((g) => requireColumn(frame, "boxplot", g));
  const metrics = stringList("boxplot", options, "metrics");
  if (!metrics.length) throw postProcessingError("boxplot", "metrics must name at least one column");
  const whisker = stringOption("boxplot", options, "whisker_type", "tukey");
  let lowP = 0, highP = 100;
  if (whisker === "percentile") {
    const p = options.percentiles;
    if (!Array.isArray(p) || p.length !== 2 || p.some((x) => typeof x !== "number" || x < 0 || x > 100) || p[0] >= p[1])
      throw postProcessingError("boxplot", "percentiles must be two numbers from 0 to 100, the first lower");
    [lowP, highP] = p as [number, number];
  } else if (whisker !== "tukey" && whisker !== "min/max") throw postProcessingError("boxplot", `Invalid whisker_type: ${whisker}`);
  const groups = groupRows(groupby.map((c) => c.values), rowCount(frame)).sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) { const c = compareValues(a.key[i], b.key[i]); if (c) return c; }
    return 0;
  });
  assertOutputSize("boxplot", groups.length, groupby.length + metrics.length * 8);
  const columns: Column[] = groupby.map((g, i) => ({ key: g.key, values: groups.map((grp) => grp.key[i]) }));
  for (const metric of metrics) {
    const source = requireColumn(frame, "boxplot", metric).values;
    const stats = groups.map((grp) => {
      const v = grp.rows.map((r) => num(source[r])).filter((x): x is number => x !== null).sort((a, b) => a - b);
      const q1 = percentile(v, 25), q3 = percentile(v, 75);
      let lo: number | null, hi: number | null;
      if (whisker === "tukey" && q1 !== null && q3 !== null) {
        const iqr = q3 - q1;
        lo = minOf(v.filter((x) => x >= q1 - 1.5 * iqr));
        hi = maxOf(v.filter((x) => x <= q3 + 1.5 * iqr));
      } else {
        lo = percentile(v, lowP);
        hi = percentile(v, highP);
      }
      return {
        mean: v.length ? v.reduce((a, b) => a + b, 0) / v.length : null, median: percentile(v, 50), q1, q3, max: hi, min: lo, count: v.length,
        outliers: lo === null || hi === null ? [] : v.filter((x) => x < lo! || x > hi!),
      };
    });
    for (const stat of ["mean", "median", "max", "min", "q1", "q3", "count", "outliers"] as const) {
      columns.push({ key: [`${metric}__${stat}`], values: stats.map((s) => s[stat]) });
    }
  }
  return { index: [], columns };
}

/**
 * histogram: `bins` equal-width bins between the column's min and max (numpy's histogram: the last bin
 * includes the max), counts per group of `groupby`, optionally cumulative and/or normalised to shares.
 * Bins are named "<start> - <end>".
 */
export function histogram(frame: Frame, options: Record<string, unknown>): Frame {
  const source = requireColumn(frame, "histogram", options.column).values.map(num);
  const groupby = stringList("histogram", options, "groupby").map((g) => requireColumn(frame, "histogram", g));
  const bins = intOption("histogram", options, "bins", 5, 1);
  const values = source.filter((v): v is number => v !== null);
  const min = minOf(values) ?? 0;
  const max = maxOf(values) ?? 0;
  // numpy widens an empty range to [min - 0.5, max + 0.5]
  const [lo, hi] = min === max ? [min - 0.5, max + 0.5] : [min, max];
  const width = (hi - lo) / bins;
  const edges = Array.from({ length: bins + 1 }, (_, i) => lo + i * width);
  const label = (i: number) => `${fmt(edges[i])} - ${fmt(edges[i + 1])}`;
  const groups = groupRows(groupby.map((c) => c.values), rowCount(frame));
  assertOutputSize("histogram", groups.length, groupby.length + bins);
  const columns: Column[] = groupby.map((g, i) => ({ key: g.key, values: groups.map((grp) => grp.key[i]) }));
  const counts = groups.map((grp) => {
    const c = new Array(bins).fill(0);
    for (const r of grp.rows) {
      const v = source[r];
      if (v === null) continue;
      c[Math.min(bins - 1, Math.floor((v - lo) / width))]++;
    }
    let out: number[] = c;
    if (options.cumulative === true) { let acc = 0; out = out.map((x) => (acc += x)); }
    if (options.normalize === true) { const total = c.reduce((a, b) => a + b, 0); out = out.map((x) => (total ? x / total : 0)); }
    return out;
  });
  for (let b = 0; b < bins; b++) columns.push({ key: [label(b)], values: counts.map((c) => c[b]) });
  return { index: [], columns };
}

const fmt = (n: number) => String(Math.round(n * 1e6) / 1e6);
