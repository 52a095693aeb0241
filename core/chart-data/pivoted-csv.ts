import type { PivotTableModel, QueryData } from "../charts/contract";
import { getChartType } from "../charts/registry";
import type { TabularResult } from "./exports";

// Superset's "Export to pivoted .CSV" (result_type post_processed, result_format csv; client_processing.py
// pivot_table_v2): the pivot table as drawn, one CSV row per row key. Column and row keys are flattened by
// joining their parts with spaces, as Superset flattens pandas' MultiIndex; with metrics across the columns
// each column is "<metric> <column key>", with metrics down the rows each row is "<row key> <metric>". Totals
// are a "Total (<aggregate>)" column and row when the chart shows them.

type Cell = string | number | null;

const join = (parts: string[]) => parts.join(" ").trim();

/** The pivoted table as a header and rows (the first column holds the row labels, its header is empty). */
export function pivotedTable(model: PivotTableModel, totals: { rows: boolean; cols: boolean }): { header: string[]; rows: Cell[][] } {
  const t = model.totalValues;
  const label = t?.label ?? "Total";
  const metricIdx = model.metrics.map((_, m) => m);
  if (model.metricsLayout === "ROWS") {
    const header = ["", ...model.colKeys.map(join), ...(totals.rows ? [label] : [])];
    const rows: Cell[][] = model.rowKeys.flatMap((rk, r) => metricIdx.map((m) => [
      join([...rk, model.metrics[m]]), ...model.colKeys.map((_, c) => model.values[r][c][m]), ...(totals.rows ? [t?.rows[r][m] ?? null] : []),
    ]));
    if (totals.cols) for (const m of metricIdx) rows.push([join([label, model.metrics[m]]), ...model.colKeys.map((_, c) => t?.cols[c][m] ?? null), ...(totals.rows ? [t?.grand[m] ?? null] : [])]);
    return { header, rows };
  }
  const header = ["", ...metricIdx.flatMap((m) => [...model.colKeys.map((ck) => join([model.metrics[m], ...ck])), ...(totals.rows ? [join([model.metrics[m], label])] : [])])];
  const rows: Cell[][] = model.rowKeys.map((rk, r) => [
    join(rk), ...metricIdx.flatMap((m) => [...model.colKeys.map((_, c) => model.values[r][c][m]), ...(totals.rows ? [t?.rows[r][m] ?? null] : [])]),
  ]);
  if (totals.cols) rows.push([label, ...metricIdx.flatMap((m) => [...model.colKeys.map((_, c) => t?.cols[c][m] ?? null), ...(totals.rows ? [t?.grand[m] ?? null] : [])])]);
  return { header, rows };
}

/**
 * A result as post_processed CSV exports it: a pivot table's rows pivoted as the chart draws them (by the
 * request's form data); any other chart's rows as they are.
 */
export function postProcessedResult(formData: Record<string, unknown> | null, result: TabularResult): TabularResult {
  if (!formData || formData.viz_type !== "pivot_table_v2") return result;
  const model = getChartType("pivot_table_v2")!.transformProps({ formData, queriesData: [result as unknown as QueryData], width: 800, height: 600, theme: { dark: false } });
  if (model.kind !== "pivot_table") return result;
  const { header, rows } = pivotedTable(model, { rows: formData.rowTotals === true, cols: formData.colTotals === true });
  return { colnames: header, data: rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) };
}
