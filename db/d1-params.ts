import { Column, getTableColumns, is, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { D1_MAX_PARAMS } from "../core/connectors/limits";

// D1 binds at most 100 parameters a statement (docs/decisions/0016-d1-limits.md). Every list the product binds
// goes through this file: a list of values is ONE parameter, a JSON array read back by json_each, so an
// `IN (...)` holds at any size; a multi-row INSERT is cut into statements of at most 100 parameters. drizzle's
// inArray/notInArray (one parameter per value) are refused by the linter outside this file.

type Listable = string | number | boolean | null;

/** The values as one JSON text, each passed through the column's own driver mapping (booleans, dates…). */
function jsonValues(target: SQLWrapper, values: readonly unknown[]): string {
  const mapped = is(target, Column) ? values.map((v) => (v === null ? null : target.mapToDriverValue(v))) : values;
  return JSON.stringify(mapped);
}

/** `(SELECT value FROM json_each(?))`: a subquery of the values, bound as one parameter. */
export function valuesList(values: readonly Listable[], column?: SQLWrapper): SQL {
  return sql`(SELECT value FROM json_each(${column ? jsonValues(column, values) : JSON.stringify(values)}))`;
}

/** `target IN (values)` with one bound parameter however many values there are; false for none. */
export function inList(target: SQLWrapper, values: readonly unknown[]): SQL {
  if (!values.length) return sql`0`;
  return sql`${target} IN (SELECT value FROM json_each(${jsonValues(target, values)}))`;
}

/** `target NOT IN (values)` with one bound parameter; true for none. */
export function notInList(target: SQLWrapper, values: readonly unknown[]): SQL {
  if (!values.length) return sql`1`;
  return sql`${target} NOT IN (SELECT value FROM json_each(${jsonValues(target, values)}))`;
}

export function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += Math.max(1, size)) out.push(items.slice(i, i + Math.max(1, size)));
  return out;
}

/**
 * Rows per multi-row INSERT into `table`: drizzle writes every insertable column of the table for each row (a
 * value, a default or NULL), so the column count bounds the parameters a row takes.
 */
export function rowsPerInsert(table: SQLiteTable): number {
  const columns = Object.keys(getTableColumns(table)).length;
  return Math.max(1, Math.floor(D1_MAX_PARAMS / columns));
}

/** The rows cut into parts that each fit one INSERT into `table` within D1's parameter limit. */
export function insertChunks<T>(table: SQLiteTable, rows: readonly T[]): T[][] {
  return chunked(rows, rowsPerInsert(table));
}
