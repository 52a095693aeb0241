import { ApiError } from "../http/errors";

// The columnar frame post-processing works on (Superset does this with pandas DataFrames). A column has a
// key of one or more levels: one level for query results, several after a pivot (metric, then the values
// of the pivoted columns), until `flatten` joins them with ", ". `index` holds the columns a pivot grouped by
// (pandas' index); `flatten` puts them back in front. Temporal values are epoch milliseconds.

export type Key = (string | null)[];

export interface Column {
  key: Key;
  values: unknown[];
}

export interface Frame {
  index: Column[];
  columns: Column[];
}

export const FLAT_COLUMN_SEPARATOR = ", ";

export function postProcessingError(operation: string, message: string): ApiError {
  return new ApiError(400, `Invalid post processing operation ${operation}: ${message}`, "INVALID_PAYLOAD_SCHEMA_ERROR");
}

export function fromRows(names: string[], rows: unknown[][]): Frame {
  return { index: [], columns: names.map((name, i) => ({ key: [name], values: rows.map((r) => r[i]) })) };
}

export const keyName = (key: Key) => key.filter((part) => part !== null && part !== "").join(FLAT_COLUMN_SEPARATOR);

export function rowCount(frame: Frame): number {
  return (frame.index[0] ?? frame.columns[0])?.values.length ?? 0;
}

/** The frame as named columns and rows (index first), as the response sends it. */
export function toRows(frame: Frame): { names: string[]; rows: unknown[][] } {
  const all = [...frame.index, ...frame.columns];
  const n = rowCount(frame);
  const rows: unknown[][] = new Array(n);
  for (let r = 0; r < n; r++) {
    const row = new Array(all.length);
    for (let c = 0; c < all.length; c++) row[c] = all[c].values[r];
    rows[r] = row;
  }
  return { names: all.map((c) => keyName(c.key)), rows };
}

/** A column by its (single-level or flattened) name, in the columns or the index. */
export function findColumn(frame: Frame, name: string): Column | undefined {
  return frame.columns.find((c) => keyName(c.key) === name || c.key[0] === name) ?? frame.index.find((c) => keyName(c.key) === name);
}

export function requireColumn(frame: Frame, operation: string, name: unknown): Column {
  if (typeof name !== "string") throw postProcessingError(operation, "column names must be strings");
  const column = findColumn(frame, name);
  if (!column) throw postProcessingError(operation, `Referenced columns not available in DataFrame: ${name}`);
  return column;
}

/** A number, or null for anything that is not one (pandas' NaN). */
export function num(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  if (typeof v === "boolean") return v ? 1 : 0;
  return null;
}

/** Takes rows by position from every column (sorting, filtering). */
export function takeRows(frame: Frame, order: number[]): Frame {
  const take = (c: Column): Column => ({ key: c.key, values: order.map((i) => c.values[i]) });
  return { index: frame.index.map(take), columns: frame.columns.map(take) };
}

export function stringOption(operation: string, options: Record<string, unknown>, name: string, fallback?: string): string {
  const v = options[name] ?? fallback;
  if (typeof v !== "string") throw postProcessingError(operation, `${name} must be a string`);
  return v;
}

export function stringList(operation: string, options: Record<string, unknown>, name: string): string[] {
  const v = options[name] ?? [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) throw postProcessingError(operation, `${name} must be a list of column names`);
  return v as string[];
}

export function columnMap(operation: string, options: Record<string, unknown>, name = "columns"): [string, string][] {
  const v = options[name];
  if (!v || typeof v !== "object" || Array.isArray(v) || Object.values(v).some((x) => typeof x !== "string"))
    throw postProcessingError(operation, `${name} must map source columns to new column names`);
  return Object.entries(v as Record<string, string>);
}

export function intOption(operation: string, options: Record<string, unknown>, name: string, fallback: number, min = 0): number {
  const v = options[name] ?? fallback;
  if (!Number.isSafeInteger(v) || (v as number) < min) throw postProcessingError(operation, `${name} must be an integer of at least ${min}`);
  return v as number;
}

/** Adds or replaces a column by its single-level name. */
export function setColumn(frame: Frame, name: string, values: unknown[]): void {
  const existing = frame.columns.find((c) => keyName(c.key) === name);
  if (existing) existing.values = values;
  else frame.columns.push({ key: [name], values });
}
