import { num, postProcessingError } from "./frame";

// Superset's aggregate operators (pandas_postprocessing NUMPY_FUNCTIONS) over one group's values. Missing
// values (null, text) are skipped as pandas skips NaN; a sum of nothing is 0, a mean of nothing is null.

export interface AggregateSpec {
  operator: string;
  column?: string;
  options?: Record<string, unknown>;
}

type Reducer = (values: number[], options: Record<string, unknown>) => number | null;

const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
/**
 * The least and greatest of some numbers, or null for none. Not Math.min(...v): spreading a column passes each
 * value as an argument, and past about 100,000 rows that overflows the stack (a RangeError, answered as a 500).
 */
export function minOf(v: number[]): number | null {
  let m: number | null = null;
  for (const x of v) if (m === null || x < m) m = x;
  return m;
}
export function maxOf(v: number[]): number | null {
  let m: number | null = null;
  for (const x of v) if (m === null || x > m) m = x;
  return m;
}
const mean = (v: number[]) => (v.length ? sum(v) / v.length : null);
function variance(v: number[]): number | null {
  if (v.length < 2) return null; // pandas' ddof=1
  const m = sum(v) / v.length;
  return v.reduce((a, x) => a + (x - m) ** 2, 0) / (v.length - 1);
}
/** numpy's default (linear) percentile of sorted values, q in 0..100. */
export function percentile(values: number[], q: number): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const pos = ((s.length - 1) * q) / 100;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

const REDUCERS: Record<string, Reducer> = {
  sum, nansum: sum,
  mean, average: mean, nanmean: mean,
  median: (v) => percentile(v, 50), nanmedian: (v) => percentile(v, 50),
  min: minOf, nanmin: minOf,
  max: maxOf, nanmax: maxOf,
  count: (v) => v.length,
  count_nonzero: (v) => v.filter((x) => x !== 0).length,
  std: (v) => { const x = variance(v); return x === null ? null : Math.sqrt(x); },
  var: variance,
  prod: (v) => v.reduce((a, b) => a * b, 1), product: (v) => v.reduce((a, b) => a * b, 1),
  percentile: (v, o) => percentile(v, quantile(o)), nanpercentile: (v, o) => percentile(v, quantile(o)),
  first: (v) => v[0] ?? null,
  last: (v) => v[v.length - 1] ?? null,
};

function quantile(options: Record<string, unknown>): number {
  const q = options.q ?? 50;
  if (typeof q !== "number" || q < 0 || q > 100) throw postProcessingError("aggregate", "percentile needs options.q between 0 and 100");
  return q;
}

export const AGGREGATE_OPERATORS = Object.keys(REDUCERS);

export function reducerFor(operation: string, spec: AggregateSpec): (values: unknown[]) => number | null {
  const reduce = REDUCERS[spec.operator];
  if (!reduce || !Object.hasOwn(REDUCERS, spec.operator)) throw postProcessingError(operation, `Invalid numpy function: ${String(spec.operator)}`);
  const options = spec.options ?? {};
  return (values) => {
    const numbers: number[] = [];
    for (const v of values) {
      const n = num(v);
      if (n !== null) numbers.push(n);
    }
    return reduce(numbers, options);
  };
}

export function parseAggregates(operation: string, raw: unknown): [string, AggregateSpec][] {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw postProcessingError(operation, "aggregates must map output names to {operator, column}");
  return Object.entries(raw as Record<string, unknown>).map(([name, spec]) => {
    if (!spec || typeof spec !== "object" || typeof (spec as AggregateSpec).operator !== "string")
      throw postProcessingError(operation, `aggregate ${name} needs an operator`);
    return [name, spec as AggregateSpec];
  });
}

/** Rows grouped by the values of some columns, in first-seen order (pandas sorts; callers sort when needed). */
export function groupRows(keys: unknown[][], n: number): { key: unknown[]; rows: number[] }[] {
  const groups = new Map<string, { key: unknown[]; rows: number[] }>();
  for (let r = 0; r < n; r++) {
    const key = keys.map((col) => col[r]);
    const id = JSON.stringify(key);
    const g = groups.get(id);
    if (g) g.rows.push(r);
    else groups.set(id, { key, rows: [r] });
  }
  return [...groups.values()];
}

/** pandas' default ordering of group keys: ascending, nulls last. */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}
