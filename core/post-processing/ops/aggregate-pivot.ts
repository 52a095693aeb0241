import { compareValues, groupRows, parseAggregates, reducerFor } from "../aggregates";
import { assertOutputSize } from "../limits";
import { postProcessingError, requireColumn, rowCount, stringList, type Column, type Frame, type Key } from "../frame";

/** Superset's NULL_STRING: what a missing value in a pivoted column is called. */
export const NULL_STRING = "<NULL>";

/** aggregate: one row per group of `groupby` (sorted as pandas sorts groups), one column per aggregate. */
export function aggregate(frame: Frame, options: Record<string, unknown>): Frame {
  const groupby = stringList("aggregate", options, "groupby").map((g) => requireColumn(frame, "aggregate", g));
  const aggregates = parseAggregates("aggregate", options.aggregates);
  const groups = groupRows(groupby.map((c) => c.values), rowCount(frame)).sort((a, b) => compareKeys(a.key, b.key));
  const columns: Column[] = groupby.map((g, i) => ({ key: g.key, values: groups.map((grp) => grp.key[i]) }));
  for (const [name, spec] of aggregates) {
    const source = requireColumn(frame, "aggregate", spec.column ?? name);
    const reduce = reducerFor("aggregate", spec);
    columns.push({ key: [name], values: groups.map((grp) => reduce(grp.rows.map((r) => source.values[r]))) });
  }
  return { index: [], columns };
}

function compareKeys(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = compareValues(a[i], b[i]);
    if (c) return c;
  }
  return 0;
}

/**
 * pivot: rows by `index`, one column per (aggregate, values of `columns`), as pandas' pivot_table: index and
 * columns sorted, missing combinations empty, all-empty combinations dropped when drop_missing_columns.
 */
export function pivot(frame: Frame, options: Record<string, unknown>): Frame {
  const index = stringList("pivot", options, "index");
  if (!index.length) throw postProcessingError("pivot", "Pivot operation requires at least one index");
  const indexCols = index.map((name) => requireColumn(frame, "pivot", name));
  const pivotCols = stringList("pivot", options, "columns").map((name) => requireColumn(frame, "pivot", name));
  const aggregates = parseAggregates("pivot", options.aggregates);
  if (!aggregates.length) throw postProcessingError("pivot", "Pivot operation must include at least one aggregate");
  const fill = typeof options.column_fill_value === "string" ? options.column_fill_value : NULL_STRING;
  const dropMissing = options.drop_missing_columns !== false;
  const combine = options.combine_value_with_metric === true;
  const n = rowCount(frame);

  const rowGroups = groupRows(indexCols.map((c) => c.values), n).sort((a, b) => compareKeys(a.key, b.key));
  const rowOf = new Int32Array(n);
  rowGroups.forEach((g, i) => g.rows.forEach((r) => (rowOf[r] = i)));
  const pivotValues = pivotCols.map((c) => c.values.map((v) => (v === null || v === undefined ? fill : String(v))));
  let combos = groupRows(pivotValues, n).map((g) => g.key as string[]);
  if (!dropMissing && pivotCols.length > 1) {
    // every combination of the columns' values, as pandas does when it keeps missing columns: the product of
    // their distinct counts, refused before it is built when the result would be too large
    const distinct = pivotValues.map((vals) => [...new Set(vals)]);
    assertOutputSize("pivot", rowGroups.length, distinct.reduce((p, vals) => p * vals.length, 1) * aggregates.length);
    combos = distinct.reduce<string[][]>((acc, vals) => acc.flatMap((prefix) => vals.map((v) => [...prefix, v])), [[]]);
  }
  // one bucket per (index row, combination) is allocated below
  assertOutputSize("pivot", rowGroups.length, combos.length * aggregates.length);
  combos.sort(compareKeys);
  const comboIndex = new Map(combos.map((c, i) => [JSON.stringify(c), i]));
  const comboOf = new Int32Array(n);
  for (let r = 0; r < n; r++) comboOf[r] = comboIndex.get(JSON.stringify(pivotValues.map((vals) => vals[r]))) ?? -1;

  const columns: Column[] = [];
  for (const [name, spec] of [...aggregates].sort((a, b) => compareValues(a[0], b[0]))) {
    const source = requireColumn(frame, "pivot", spec.column ?? name);
    const reduce = reducerFor("pivot", spec);
    // bucket each row's value by (index row, column combination), then reduce each bucket
    const buckets: unknown[][][] = combos.map(() => rowGroups.map(() => []));
    for (let r = 0; r < n; r++) if (comboOf[r] >= 0) buckets[comboOf[r]][rowOf[r]].push(source.values[r]);
    combos.forEach((combo, ci) => {
      const values = buckets[ci].map((bucket) => (bucket.length ? reduce(bucket) : null));
      if (dropMissing && values.every((v) => v === null)) return;
      const key: Key = combine ? [...combo, name] : [name, ...combo];
      columns.push({ key, values });
    });
  }
  return { index: indexCols.map((c, i) => ({ key: c.key, values: rowGroups.map((g) => g.key[i]) })), columns };
}
