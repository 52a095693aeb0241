import type { FontSpec, SvgContext, TextEngine } from "./svg-context";
import { fitText } from "./text-layout";
import { sparklineSegments } from "../charts/sparkline";

// A table drawn as a grid of cells (the table and pivot table chart types in report pictures): a header row,
// body rows, footer rows (totals), columns sized to their text and filling the width as the browser's 100 %-wide
// table does, text cut with an ellipsis where a column is too narrow. Rows that do not fit the height are left
// out and counted on a last line ("… 90 more rows"): a picture cannot scroll. The cells' text is the chart
// type's own formatted text (transformProps), so the picture shows the figures the browser shows.

export interface GridCell {
  text: string;
  /** conditional formatting's colour for this cell */
  background?: string;
  /** header-like cells (a pivot table's row labels, totals) */
  bold?: boolean;
  /** a sparkline drawn across the cell (the time-series table) */
  spark?: (number | null)[];
}

export interface Grid {
  /** per column: numbers sit right, as in the browser */
  align: ("left" | "right")[];
  /** header rows above `head` (a pivot table's outer column levels) */
  headAbove?: GridCell[][];
  head: GridCell[];
  body: GridCell[][];
  foot: GridCell[][];
  /** every other body row shaded (the browser's striped table) */
  striped: boolean;
  /** lines between columns (the pivot table) */
  columnBorders: boolean;
}

const FONT: FontSpec = { sizePx: 13, bold: false };
const BOLD: FontSpec = { sizePx: 13, bold: true };
const ROW_PX = 28;
const PAD_X = 10;
const BORDER = "#dee2e6";
const STRIPE = "#f8f9fa";
const INK = "#212529";
const DIMMED = "#868e96";
/** the width a sparkline column asks for */
const SPARK_PX = 120;

/** How many body rows fit `height` with the header and footer; when not all do, one line says how many more. */
export function rowsShown(bodyRows: number, footRows: number, height: number, headRows = 1): { shown: number; more: number } {
  const room = Math.max(0, Math.floor((height - ROW_PX * (headRows + footRows)) / ROW_PX));
  if (bodyRows <= room) return { shown: bodyRows, more: 0 };
  const shown = Math.max(0, room - 1);
  return { shown, more: bodyRows - shown };
}

/** Column widths: each column's widest text, then widened in proportion to fill `width`, or, when the text is
 * wider than `width`, narrow columns kept whole and the wide ones sharing what is left equally. */
export function columnWidths(natural: number[], width: number): number[] {
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= width) return natural.map((n) => (total ? (n * width) / total : width / natural.length));
  const out = natural.map(() => 0);
  let open = natural.map((_, i) => i);
  let left = width;
  for (;;) {
    const share = left / open.length;
    const fits = open.filter((i) => natural[i] <= share);
    if (!fits.length) break;
    for (const i of fits) { out[i] = natural[i]; left -= natural[i]; }
    open = open.filter((i) => natural[i] > share);
    if (!open.length) return out;
  }
  for (const i of open) out[i] = left / open.length;
  return out;
}

export function drawGrid(grid: Grid, ctx: SvgContext, text: TextEngine): void {
  const { width, height } = ctx;
  const above = grid.headAbove ?? [];
  const { shown, more } = rowsShown(grid.body.length, grid.foot.length, height, 1 + above.length);
  const body = grid.body.slice(0, shown);
  // the line counting the rows left out sits where they would be: after the body, before the totals
  const moreLine = { cells: [] as GridCell[], head: false, stripe: false };
  const rows: { cells: GridCell[]; head: boolean; stripe: boolean }[] = [
    ...above.map((cells) => ({ cells, head: true, stripe: false })),
    { cells: grid.head, head: true, stripe: false },
    ...body.map((cells, i) => ({ cells, head: false, stripe: grid.striped && i % 2 === 0 })),
    ...(more ? [moreLine] : []),
    ...grid.foot.map((cells) => ({ cells, head: true, stripe: false })),
  ];
  const columns = grid.align.length;
  const natural = grid.align.map((_, c) => PAD_X * 2 + Math.max(0, ...rows.map((r) => {
    const cell = r.cells[c];
    return cell ? (cell.spark ? SPARK_PX : text.width(cell.text, r.head || cell.bold ? BOLD : FONT)) : 0;
  })));
  const widths = columnWidths(natural, width);
  const lefts = widths.map((_, c) => widths.slice(0, c).reduce((a, b) => a + b, 0));
  const tableHeight = rows.length * ROW_PX;

  // backgrounds first (stripes, then conditional formatting), lines next, text last
  rows.forEach((r, i) => {
    const y = i * ROW_PX;
    if (r.stripe) { ctx.fillStyle = STRIPE; ctx.fillRect(0, y, width, ROW_PX); }
    r.cells.forEach((cell, c) => {
      if (cell.background && c < columns) { ctx.fillStyle = cell.background; ctx.fillRect(lefts[c], y, widths[c], ROW_PX); }
    });
  });
  ctx.strokeStyle = BORDER;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let i = 1; i < rows.length; i++) { ctx.moveTo(0, i * ROW_PX + 0.5); ctx.lineTo(width, i * ROW_PX + 0.5); }
  if (grid.columnBorders) for (let c = 1; c < columns; c++) { ctx.moveTo(Math.round(lefts[c]) + 0.5, 0); ctx.lineTo(Math.round(lefts[c]) + 0.5, tableHeight); }
  ctx.rect(0.5, 0.5, width - 1, Math.min(height, tableHeight) - 1);
  ctx.stroke();

  rows.forEach((r, i) => r.cells.slice(0, columns).forEach((cell, c) => {
    if (!cell.spark) return;
    ctx.beginPath();
    for (const seg of sparklineSegments(cell.spark, widths[c] - PAD_X * 2, ROW_PX - 8)) {
      seg.forEach(([x, y], k) => {
        if (k) ctx.lineTo(lefts[c] + PAD_X + x, i * ROW_PX + 4 + y);
        else ctx.moveTo(lefts[c] + PAD_X + x, i * ROW_PX + 4 + y);
      });
    }
    ctx.strokeStyle = INK;
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }));

  ctx.fillStyle = INK;
  ctx.textBaseline = "middle";
  rows.forEach((r, i) => {
    const y = i * ROW_PX + ROW_PX / 2;
    r.cells.slice(0, columns).forEach((cell, c) => {
      const font = r.head || cell.bold ? BOLD : FONT;
      const shownText = fitText(cell.text, widths[c] - PAD_X * 2, font, text);
      if (!shownText) return;
      ctx.font = `${font.bold ? "bold " : ""}${font.sizePx}px Inter`;
      const right = grid.align[c] === "right";
      ctx.textAlign = right ? "right" : "left";
      ctx.fillText(shownText, right ? lefts[c] + widths[c] - PAD_X : lefts[c] + PAD_X, y);
    });
  });
  if (more) {
    ctx.fillStyle = DIMMED;
    ctx.font = `${FONT.sizePx}px Inter`;
    ctx.textAlign = "left";
    ctx.fillText(`… ${more.toLocaleString("en-US")} more row${more === 1 ? "" : "s"}`, PAD_X, rows.indexOf(moreLine) * ROW_PX + ROW_PX / 2);
  }
}
