import { maxOf, minOf, percentile } from "../aggregates";
import { assertWork } from "../limits";
import { columnMap, intOption, keyName, num, postProcessingError, requireColumn, rowCount, setColumn, stringList, takeRows, stringOption, type Frame } from "../frame";

const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
const ROLLING: Record<string, (window: number[]) => number | null> = {
  sum,
  mean: (v) => (v.length ? sum(v) / v.length : null),
  median: (v) => percentile(v, 50),
  min: minOf,
  max: maxOf,
  count: (v) => v.length,
  std: (v) => {
    if (v.length < 2) return null;
    const m = sum(v) / v.length;
    return Math.sqrt(v.reduce((a, x) => a + (x - m) ** 2, 0) / (v.length - 1));
  },
  var: (v) => {
    if (v.length < 2) return null;
    const m = sum(v) / v.length;
    return v.reduce((a, x) => a + (x - m) ** 2, 0) / (v.length - 1);
  },
};

/**
 * Applies a window function to each column `columns` maps from. After a pivot a metric's name stands for every
 * series under it (pandas' df.loc[:, [metric]] on the pivot's MultiIndex): each is transformed, in place when the
 * name maps to itself, otherwise added under the new name with the same series levels. Otherwise the one column.
 */
/** After a pivot, the series columns under a metric's name (keys of two or more levels); none otherwise. */
const seriesUnder = (frame: Frame, name: string) => frame.columns.filter((c) => c.key.length > 1 && c.key[0] === name);

function mapSeries(frame: Frame, operation: string, options: Record<string, unknown>, fn: (values: unknown[]) => unknown[]): Frame {
  const out: Frame = { index: frame.index, columns: [...frame.columns] };
  for (const [src, dest] of columnMap(operation, options)) {
    const series = seriesUnder(frame, src);
    if (!series.length) {
      setColumn(out, dest, fn(requireColumn(frame, operation, src).values));
      continue;
    }
    for (const c of series) {
      const values = fn(c.values);
      if (dest === src) out.columns[out.columns.indexOf(c)] = { key: c.key, values };
      else out.columns.push({ key: [dest, ...c.key.slice(1)], values });
    }
  }
  return out;
}

/**
 * rolling: a trailing window of `window` rows per column; a window with fewer than min_periods values is
 * empty, and (as Superset does) the first min_periods rows are dropped from the frame.
 */
export function rolling(frame: Frame, options: Record<string, unknown>): Frame {
  const type = stringOption("rolling", options, "rolling_type");
  const reduce = ROLLING[type];
  if (!reduce || !Object.hasOwn(ROLLING, type)) throw postProcessingError("rolling", `Invalid rolling_type: ${type}`);
  const window = intOption("rolling", options, "window", 0, 1);
  const minPeriods = intOption("rolling", options, "min_periods", window, 0);
  // each row visits its window: bounded before any series is computed
  const rows = rowCount(frame);
  const series = columnMap("rolling", options).reduce((n, [src]) => n + Math.max(1, seriesUnder(frame, src).length), 0);
  assertWork("rolling", rows * Math.min(window, rows) * series);
  const out = mapSeries(frame, "rolling", options, (column) => {
    const values = column.map(num);
    return values.map((_, i) => {
      const slice = values.slice(Math.max(0, i - window + 1), i + 1).filter((v): v is number => v !== null);
      return slice.length >= Math.max(minPeriods, 1) ? reduce(slice) : null;
    });
  });
  if (minPeriods > 0) return takeRows(out, Array.from({ length: Math.max(0, rowCount(out) - minPeriods) }, (_, i) => i + minPeriods));
  return out;
}

/** cum: running sum, product, min or max per column (missing values skipped, as pandas' skipna). */
export function cum(frame: Frame, options: Record<string, unknown>): Frame {
  const op = stringOption("cum", options, "operator");
  const step: Record<string, (acc: number, v: number) => number> = { sum: (a, v) => a + v, prod: (a, v) => a * v, min: Math.min, max: Math.max };
  if (!Object.hasOwn(step, op)) throw postProcessingError("cum", `Invalid cumulative operator: ${op}`);
  return mapSeries(frame, "cum", options, (values) => {
    let acc: number | null = null;
    return values.map((v) => {
      const n = num(v);
      if (n === null) return null;
      acc = acc === null ? n : step[op](acc, n);
      return acc;
    });
  });
}

/** diff: the change from `periods` rows before (the first rows have none). */
export function diff(frame: Frame, options: Record<string, unknown>): Frame {
  const periods = intOption("diff", options, "periods", 1, 1);
  return mapSeries(frame, "diff", options, (column) => {
    const values = column.map(num);
    return values.map((v, i) => {
      const before = i >= periods ? values[i - periods] : null;
      return v === null || before === null ? null : v - before;
    });
  });
}

/** compare: source vs compare columns as difference, percentage or ratio, named `<type>__<source>__<compare>`. */
export function compare(frame: Frame, options: Record<string, unknown>): Frame {
  const sources = stringList("compare", options, "source_columns");
  const targets = stringList("compare", options, "compare_columns");
  if (sources.length !== targets.length) throw postProcessingError("compare", "`compare_columns` must have the same length as `source_columns`.");
  const type = stringOption("compare", options, "compare_type");
  const fn: Record<string, (a: number, b: number) => number | null> = {
    difference: (a, b) => a - b,
    percentage: (a, b) => (b === 0 ? null : (a - b) / b),
    ratio: (a, b) => (b === 0 ? null : a / b),
  };
  if (!Object.hasOwn(fn, type)) throw postProcessingError("compare", `Invalid compare_type: ${type}`);
  const out: Frame = { index: frame.index, columns: [...frame.columns] };
  const compared = (a: unknown[], b: unknown[]) => a.map(num).map((x, r) => {
    const y = num(b[r]);
    return x === null || y === null ? null : fn[type](x, y);
  });
  sources.forEach((s, i) => {
    const name = `${type}__${s}__${targets[i]}`;
    const series = seriesUnder(frame, s);
    if (!series.length) {
      setColumn(out, name, compared(requireColumn(frame, "compare", s).values, requireColumn(frame, "compare", targets[i]).values));
      return;
    }
    // after a pivot: each series against the same series of the compared metric
    for (const c of series) {
      const other = seriesUnder(frame, targets[i]).find((t) => keyName(t.key.slice(1)) === keyName(c.key.slice(1)));
      out.columns.push({ key: [name, ...c.key.slice(1)], values: other ? compared(c.values, other.values) : c.values.map(() => null) });
    }
  });
  if (options.drop_original_columns === true) {
    const drop = new Set([...sources, ...targets]);
    out.columns = out.columns.filter((c) => !drop.has(String(c.key[0])));
  }
  return out;
}

/** contribution: each value's share of its row's total (orientation row) or of its column's total (column). */
export function contribution(frame: Frame, options: Record<string, unknown>): Frame {
  const orientation = options.orientation ?? "column";
  if (orientation !== "row" && orientation !== "column") throw postProcessingError("contribution", "orientation must be row or column");
  const names = stringList("contribution", options, "columns");
  const renames = stringList("contribution", options, "rename_columns");
  if (renames.length && renames.length !== names.length) throw postProcessingError("contribution", "`rename_columns` must have the same length as `columns`.");
  const targets = names.length ? names.map((n) => requireColumn(frame, "contribution", n)) : frame.columns.filter((c) => c.values.some((v) => typeof v === "number"));
  const values = targets.map((c) => c.values.map(num));
  const shares = orientation === "column"
    ? values.map((col) => { const total = sum(col.filter((v): v is number => v !== null)); return col.map((v) => (v === null || total === 0 ? null : v / total)); })
    : rowShares(values);
  // without rename_columns the shares replace the values; with them they are added under the new names
  const out: Frame = { index: frame.index, columns: renames.length ? [...frame.columns] : frame.columns.map((c) => (targets.includes(c) ? { key: c.key, values: shares[targets.indexOf(c)] } : c)) };
  renames.forEach((name, i) => setColumn(out, name, shares[i]));
  return out;
}

/** Each value's share of its row's total across the columns (each row's total computed once). */
function rowShares(values: (number | null)[][]): (number | null)[][] {
  const totals = (values[0] ?? []).map((_, r) => values.reduce((acc, col) => acc + (col[r] ?? 0), 0));
  return values.map((col) => col.map((v, r) => (v === null || totals[r] === 0 ? null : v / totals[r])));
}

/** rank: each row's percentile rank of `metric` (pandas rank(pct=True), ties averaged), within `group_by`. */
export function rank(frame: Frame, options: Record<string, unknown>): Frame {
  const metric = requireColumn(frame, "rank", options.metric).values.map(num);
  const groupBy = typeof options.group_by === "string" ? requireColumn(frame, "rank", options.group_by).values : null;
  const groups = new Map<unknown, number[]>();
  metric.forEach((_, r) => {
    const g = groupBy ? groupBy[r] : null;
    (groups.get(g) ?? groups.set(g, []).get(g)!).push(r);
  });
  const result: (number | null)[] = metric.map(() => null);
  for (const rows of groups.values()) {
    const valued = rows.filter((r) => metric[r] !== null).sort((a, b) => metric[a]! - metric[b]!);
    for (let i = 0; i < valued.length; ) {
      let j = i;
      while (j + 1 < valued.length && metric[valued[j + 1]] === metric[valued[i]]) j++;
      const average = (i + j + 2) / 2; // 1-based ranks i+1..j+1 averaged
      for (let k = i; k <= j; k++) result[valued[k]] = average / valued.length;
      i = j + 1;
    }
  }
  const out: Frame = { index: frame.index, columns: [...frame.columns] };
  setColumn(out, "rank", result);
  return out;
}
