import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useRef, useState } from "react";
import { copyText } from "./clipboard";
import { cellText, rowText, type SortDirection } from "./result-grid-model";
import { useSortOrder } from "./use-sort-order";
import classes from "./ResultGrid.module.css";

// A virtualised results grid: only the visible rows are in the DOM, so 100,000 rows scroll smoothly.
// Columns resize by dragging their header edge; a header click sorts; a cell double-click or a row
// number copies. Rows are memoised by index and laid out by one shared grid template, so a scroll frame
// mounts only the rows that came into view, each as a handful of class-styled cells.

const ROW_HEIGHT = 28;
const MIN_WIDTH = 60;
const NUMBER_WIDTH = 64;

export function ResultGrid({ columns, rows, height }: { columns: string[]; rows: Record<string, unknown>[]; height: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [sort, setSort] = useState<{ column: string | null; direction: SortDirection }>({ column: null, direction: "asc" });
  const [widths, setWidths] = useState<Record<string, number>>({});
  const { order, sorting } = useSortOrder(rows, sort.column, sort.direction);
  // Without flushSync a burst of scroll events renders once per frame, in a task React schedules.
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8, useFlushSync: false });
  const widthOf = (c: string) => widths[c] ?? Math.max(MIN_WIDTH, Math.min(320, c.length * 9 + 40));
  const totalWidth = NUMBER_WIDTH + columns.reduce((sum, c) => sum + widthOf(c), 0);
  const template = `${NUMBER_WIDTH}px ${columns.map((c) => `${widthOf(c)}px`).join(" ")}`;

  const toggleSort = (c: string) =>
    setSort((s) => (s.column !== c ? { column: c, direction: "asc" } : s.direction === "asc" ? { column: c, direction: "desc" } : { column: null, direction: "asc" }));

  const startResize = (c: string, e: React.MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const startX = e.clientX;
    const start = widthOf(c);
    const move = (ev: MouseEvent) => setWidths((w) => ({ ...w, [c]: Math.max(MIN_WIDTH, start + ev.clientX - startX) }));
    const up = () => {
      window.removeEventListener("mousemove", move);
      window.removeEventListener("mouseup", up);
    };
    window.addEventListener("mousemove", move);
    window.addEventListener("mouseup", up);
  };

  return (
    <div ref={scrollRef} className={classes.grid} data-testid="result-grid" role="grid" aria-rowcount={rows.length} aria-busy={sorting} style={{ height }}>
      <div role="row" className={classes.header} style={{ width: totalWidth, gridTemplateColumns: template }}>
        <div className={classes.cell} title="Click a row number to copy the row; double-click a cell to copy it" />
        {columns.map((c) => (
          <div key={c} role="columnheader" className={classes.headerCell} aria-sort={sort.column === c ? (sort.direction === "asc" ? "ascending" : "descending") : "none"} onClick={() => toggleSort(c)} title={c}>
            {c}
            {sort.column === c ? (sorting ? " …" : sort.direction === "asc" ? " ▲" : " ▼") : ""}
            <span aria-label={`Resize ${c}`} className={classes.resizer} onMouseDown={(e) => startResize(c, e)} onClick={(e) => e.stopPropagation()} />
          </div>
        ))}
      </div>
      <div className={classes.body} style={{ height: virtualizer.getTotalSize(), width: totalWidth }}>
        {virtualizer.getVirtualItems().map((v) => (
          <GridRow key={v.key} index={v.index} start={v.start} row={rows[order[v.index]]} columns={columns} template={template} />
        ))}
      </div>
    </div>
  );
}

const GridRow = memo(function GridRow({ index, start, row, columns, template }: { index: number; start: number; row: Record<string, unknown>; columns: string[]; template: string }) {
  return (
    <div role="row" data-index={index} className={classes.row} style={{ transform: `translateY(${start}px)`, gridTemplateColumns: template }}>
      <div className={classes.rowNumber} onClick={() => void copyText(rowText(row, columns))}>
        {index + 1}
      </div>
      {columns.map((c) => (
        <div key={c} role="gridcell" className={classes.cell} onDoubleClick={() => void copyText(cellText(row[c]))}>
          {cellText(row[c])}
        </div>
      ))}
    </div>
  );
});
