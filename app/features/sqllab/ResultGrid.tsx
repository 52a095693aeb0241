import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef, useState } from "react";
import { copyText } from "./clipboard";
import { cellText, rowText, sortedOrder, type SortDirection } from "./result-grid-model";

// A virtualised results grid: only the visible rows are in the DOM, so 100,000 rows scroll smoothly.
// Columns resize by dragging their header edge; a header click sorts; a cell or row number copies.

const ROW_HEIGHT = 28;
const MIN_WIDTH = 60;

export function ResultGrid({ columns, rows, height }: { columns: string[]; rows: Record<string, unknown>[]; height: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [sort, setSort] = useState<{ column: string | null; direction: SortDirection }>({ column: null, direction: "asc" });
  const [widths, setWidths] = useState<Record<string, number>>({});
  const order = useMemo(() => sortedOrder(rows, sort.column, sort.direction), [rows, sort]);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const widthOf = (c: string) => widths[c] ?? Math.max(MIN_WIDTH, Math.min(320, c.length * 9 + 40));
  const totalWidth = 64 + columns.reduce((sum, c) => sum + widthOf(c), 0);

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

  const cellStyle = (w: number): React.CSSProperties => ({ width: w, minWidth: w, maxWidth: w, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", padding: "0 8px", borderRight: "1px solid var(--mantine-color-default-border)", lineHeight: `${ROW_HEIGHT}px` });

  return (
    <div ref={scrollRef} data-testid="result-grid" role="grid" aria-rowcount={rows.length} style={{ height, overflow: "auto", fontSize: 12, fontFamily: "var(--mantine-font-family-monospace)" }}>
      <div role="row" style={{ display: "flex", position: "sticky", top: 0, zIndex: 1, width: totalWidth, background: "var(--mantine-color-body)", borderBottom: "1px solid var(--mantine-color-default-border)", fontWeight: 600 }}>
        <div style={cellStyle(64)} />
        {columns.map((c) => (
          <div key={c} role="columnheader" aria-sort={sort.column === c ? (sort.direction === "asc" ? "ascending" : "descending") : "none"} style={{ ...cellStyle(widthOf(c)), position: "relative", cursor: "pointer" }} onClick={() => toggleSort(c)} title={c}>
            {c}
            {sort.column === c ? (sort.direction === "asc" ? " ▲" : " ▼") : ""}
            <span aria-label={`Resize ${c}`} onMouseDown={(e) => startResize(c, e)} onClick={(e) => e.stopPropagation()} style={{ position: "absolute", right: 0, top: 0, bottom: 0, width: 6, cursor: "col-resize" }} />
          </div>
        ))}
      </div>
      <div style={{ height: virtualizer.getTotalSize(), width: totalWidth, position: "relative" }}>
        {virtualizer.getVirtualItems().map((v) => {
          const row = rows[order[v.index]];
          return (
            <div key={v.key} role="row" data-index={v.index} style={{ display: "flex", position: "absolute", top: 0, left: 0, transform: `translateY(${v.start}px)`, height: ROW_HEIGHT, borderBottom: "1px solid var(--mantine-color-default-border)" }}>
              <div style={{ ...cellStyle(64), color: "var(--mantine-color-dimmed)", cursor: "copy" }} title="Copy row" onClick={() => void copyText(rowText(row, columns))}>
                {v.index + 1}
              </div>
              {columns.map((c) => (
                <div key={c} role="gridcell" style={cellStyle(widthOf(c))} onDoubleClick={() => void copyText(cellText(row[c]))} title="Double-click to copy">
                  {cellText(row[c])}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
