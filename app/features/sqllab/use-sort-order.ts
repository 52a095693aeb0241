import { useEffect, useMemo, useState } from "react";
import { isNumericColumn, numericOrder, sortedOrder, sortText, type SortDirection } from "./result-grid-model";

// The grid's row order for a sort. Numeric sorts and small results sort at once on the main thread (a
// 100,000-row numeric sort takes tens of milliseconds); a larger text sort goes to the sort worker, and until
// it answers the grid keeps showing the order it had, marked as sorting.

/** Results up to this many rows sort text on the main thread: well under one frame's budget of collation. */
const MAIN_THREAD_TEXT_ROWS = 2000;

interface Sorted {
  rows: Record<string, unknown>[];
  column: string;
  direction: SortDirection;
  order: Uint32Array;
}

export function useSortOrder(rows: Record<string, unknown>[], column: string | null, direction: SortDirection): { order: Uint32Array; sorting: boolean } {
  const values = useMemo(() => (column ? rows.map((r) => r[column]) : null), [rows, column]);
  const offThread = values !== null && rows.length > MAIN_THREAD_TEXT_ROWS && !isNumericColumn(values);
  const immediate = useMemo(() => {
    if (offThread) return null;
    return values && column ? (isNumericColumn(values) ? numericOrder(values, direction) : sortedOrder(rows, column, direction)) : sortedOrder(rows, null, "asc");
  }, [offThread, values, rows, column, direction]);
  const [sorted, setSorted] = useState<Sorted | null>(null);
  const [shown, setShown] = useState<Uint32Array | null>(null);

  useEffect(() => {
    if (!offThread || !values || !column) return;
    let current = true;
    const texts = values.map(sortText);
    void import("./text-sort.client")
      .then((m) => m.sortTextsOffThread(texts, direction))
      .catch(() => sortedOrder(rows, column, direction))
      .then((order) => {
        if (current) setSorted({ rows, column, direction, order });
      });
    return () => {
      current = false;
    };
  }, [offThread, values, rows, column, direction]);

  const done = sorted && sorted.rows === rows && sorted.column === column && sorted.direction === direction ? sorted.order : null;
  const order = immediate ?? done;
  useEffect(() => {
    if (order) setShown(order);
  }, [order]);
  if (order) return { order, sorting: false };
  // still sorting: the last order shown, if it belongs to these rows
  const fallback = shown && shown.length === rows.length ? shown : sortedOrder(rows, null, "asc");
  return { order: fallback, sorting: true };
}
