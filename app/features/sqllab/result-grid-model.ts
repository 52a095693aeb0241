// Pure helpers of the results grid: sorting by index (rows never copied) and copy text.

export type SortDirection = "asc" | "desc";

const compare = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
};

/** Row order for a sort: an index array, so 100,000 row objects are never moved. Nulls go last. */
export function sortedOrder(rows: Record<string, unknown>[], column: string | null, direction: SortDirection): Uint32Array {
  const order = new Uint32Array(rows.length);
  for (let i = 0; i < rows.length; i++) order[i] = i;
  if (!column) return order;
  const sign = direction === "asc" ? 1 : -1;
  const values = rows.map((r) => r[column]);
  return order.sort((x, y) => {
    const vx = values[x];
    const vy = values[y];
    if (vx === null || vx === undefined) return vy === null || vy === undefined ? 0 : 1;
    if (vy === null || vy === undefined) return -1;
    return sign * compare(vx, vy);
  });
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** A row as tab-separated values, the way spreadsheets paste it. */
export function rowText(row: Record<string, unknown>, columns: string[]): string {
  return columns.map((c) => cellText(row[c])).join("\t");
}
