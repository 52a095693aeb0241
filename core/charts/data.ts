import type { ChartPropsInput, EmptyModel, QueryData } from "./contract";

// Reading the chart-data answer the same way in every chart type.

export const NO_RESULTS = "No results were returned for this query";

export const emptyModel = (message = NO_RESULTS): EmptyModel => ({ kind: "empty", message });

/** The rows of query `i`, or [] when that query returned nothing. */
export const rowsOf = (input: ChartPropsInput, i = 0): Record<string, unknown>[] => input.queriesData[i]?.data ?? [];

export const hasRows = (q?: QueryData) => Array.isArray(q?.data) && q.data.length > 0;

/** Numbers as chart values: null stays null (a gap), text that reads as a number is converted. */
export function num(v: unknown): number | null {
  if (v === null || v === undefined || v === "") return null;
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Generic data types of chart-data coltypes (Superset's GenericDataType). */
export const GENERIC_TYPE = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;

/** A row's dimension values joined with ", " as Superset names a slice or category (extractGroupbyLabel);
 * epoch-ms values of temporal columns go through `formatTime`. */
export function groupbyLabel(row: Record<string, unknown>, labels: string[], formatTime?: (v: unknown) => string, temporal: Set<string> = new Set()): string {
  return labels.map((l) => (temporal.has(l) && formatTime ? formatTime(row[l]) : row[l] === null ? "<NULL>" : String(row[l]))).join(", ");
}

/** The temporal columns of query `q` (by coltypes), so labels can format them as dates. */
export function temporalColumns(q?: QueryData): Set<string> {
  return new Set((q?.colnames ?? []).filter((_, i) => q?.coltypes?.[i] === GENERIC_TYPE.TEMPORAL));
}
