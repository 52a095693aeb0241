import type { PivotTableModel, TableModel } from "../charts/contract";
import type { Grid, GridCell } from "./draw-grid";
import { tablePage } from "../charts/types/table/pages";

// The table and pivot table chart models (their transformProps, shared with the browser) as grids of text cells,
// laid out as the browser's TableView and PivotView lay them out (app/features/charts/ChartView.tsx): the same
// headers, the same formatted cell text, totals in the same places.

/** A paged table is drawn at its first page, as the browser first shows it: never all of a 10,000-row result. */
export function tableGrid(model: TableModel): Grid {
  const { columns } = model;
  const { start, end } = tablePage(model.formatted.length, model.pageSize, 1);
  return {
    align: columns.map((c) => (c.isNumeric ? "right" : "left")),
    head: columns.map((c) => ({ text: c.label })),
    body: model.formatted.slice(start, end).map((row, i) => columns.map((c) => ({
      text: row[c.key] ?? "", background: model.cellBackgrounds?.[i]?.[c.key], ...(c.sparkline ? { spark: model.sparklines?.[i]?.[c.key] ?? [] } : {}),
    }))),
    foot: model.totals ? [columns.map((c, i) => ({ text: model.totals?.[c.key] ?? (i === 0 ? "Summary" : "") }))] : [],
    striped: true,
    columnBorders: false,
  };
}

export function pivotGrid(model: PivotTableModel): Grid {
  const byRows = model.metricsLayout === "ROWS";
  const label = (key: string[]) => key.join(" · ") || "Total";
  const metricLabel = (m: number) => (model.metrics.length > 1 ? model.labels.metrics[m] : "");
  const joined = (...parts: string[]) => parts.filter(Boolean).join(" · ");
  const cols = byRows ? model.colKeys.map((ck, c) => ({ ck, c, m: -1 })) : model.colKeys.flatMap((ck, c) => model.metrics.map((_, m) => ({ ck, c, m })));
  // with metrics across the columns each metric has its own total column; with metrics down the rows, one
  const totalMetrics = byRows ? [-1] : model.metrics.map((_, m) => m);
  const rows = byRows ? model.rowKeys.flatMap((rk, r) => model.metrics.map((_, m) => ({ rk, r, m }))) : model.rowKeys.map((rk, r) => ({ rk, r, m: -1 }));
  const head: GridCell[] = [
    { text: model.labels.rowDims.join(" · ") },
    ...cols.map(({ ck, m }) => ({ text: joined(label(ck), m >= 0 ? metricLabel(m) : "") })),
    ...(model.rowTotals ? totalMetrics.map((m) => ({ text: joined("Total", m >= 0 ? metricLabel(m) : "") })) : []),
  ];
  const body: GridCell[][] = rows.map(({ rk, r, m }) => [
    { text: joined(label(rk), m >= 0 ? metricLabel(m) : ""), bold: true },
    ...cols.map((col) => ({ text: model.formatted[r]?.[col.c]?.[byRows ? m : col.m] ?? "" })),
    ...(model.rowTotals ? totalMetrics.map((tm) => ({ text: model.rowTotals?.[r]?.[byRows ? m : tm] ?? "", bold: true })) : []),
  ]);
  const foot: GridCell[][] = model.colTotals
    ? (byRows ? model.metrics.map((_, m) => m) : [-1]).map((m) => [
      { text: joined("Total", m >= 0 ? metricLabel(m) : "") },
      ...cols.map((col) => ({ text: model.colTotals?.[col.c]?.[byRows ? m : col.m] ?? "" })),
      ...(model.rowTotals ? totalMetrics.map((tm) => ({ text: model.grandTotals?.[byRows ? m : tm] ?? "" })) : []),
    ])
    : [];
  return { align: head.map((_, i) => (i === 0 ? "left" : "right")), head, body, foot, striped: false, columnBorders: true };
}
