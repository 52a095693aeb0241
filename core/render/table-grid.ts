import type { PivotTableModel, TableModel } from "../charts/contract";
import type { Grid, GridCell } from "./draw-grid";
import { tablePage } from "../charts/types/table/pages";
import { pivotCellText, pivotLayout, type HeaderCell } from "../charts/types/pivot_table_v2/layout";

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

/** The pivot table's nested headers as grid rows: a merged header's text at its first row or column, the rest of
 * its cells blank (the grid draws no spans). */
export function pivotGrid(model: PivotTableModel): Grid {
  const { rows, columns } = pivotLayout(model);
  const corner = rows.levelNames.length;
  const blank = (n: number): GridCell[] => Array.from({ length: n }, () => ({ text: "" }));
  const levelRow = (cells: HeaderCell[], name: string): GridCell[] => {
    const row = [...blank(corner - 1), { text: name }, ...blank(columns.leaves.length)];
    for (const h of cells) row[corner + h.start] = { text: h.text };
    return row;
  };
  const headRows = columns.levels.map((cells, level) => levelRow(cells, columns.levelNames[level]));
  if (rows.levelNames.some(Boolean)) headRows.push([...rows.levelNames.map((text) => ({ text })), ...blank(columns.leaves.length)]);
  const lines = rows.leaves.map((leaf, i) => {
    const heads = blank(corner).map((c) => ({ ...c, bold: true }));
    for (const h of rows.headsAt[i]) heads[h.level] = { text: h.text, bold: true };
    return [...heads, ...columns.leaves.map((col) => ({ text: pivotCellText(model, leaf, col), bold: leaf.key < 0 || col.key < 0 }))];
  });
  const bodyCount = rows.leaves.length - rows.totals;
  return {
    align: [...Array<"left">(corner).fill("left"), ...Array<"right">(columns.leaves.length).fill("right")],
    headAbove: headRows.slice(0, -1),
    head: headRows[headRows.length - 1],
    body: lines.slice(0, bodyCount),
    foot: lines.slice(bodyCount),
    striped: false,
    columnBorders: true,
  };
}
