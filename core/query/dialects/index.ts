import { badRequest } from "../../http/errors";

// What differs between engines when a chart query is written: literals, boolean values, case-insensitive
// and regular-expression matching. Quoting and time grains come from the engine's Dialect; each engine's
// QueryDialect lives in its folder (core/engines/<name>/query-dialect.ts).

export interface QueryDialect {
  stringLiteral(value: string): string;
  booleanLiteral(value: boolean): string;
  /** a timestamp literal in UTC, comparable with the engine's datetime columns */
  datetimeLiteral(date: Date): string;
  /** the temporal column as a time range compares it, when the engine cannot compare it with the literal as it is */
  temporalColumn?(column: string): string;
  ilike(column: string, pattern: string): string;
  regex(column: string, pattern: string): string;
}

/** NUL ends strings in some engines and drivers: a value holding one is refused rather than cut short. */
export function checkedLiteral(value: string): string {
  if (value.includes("\u0000")) throw badRequest("A filter value may not contain a NUL character", "INVALID_PAYLOAD_SCHEMA_ERROR");
  return value;
}

/** A string literal with its quotes doubled, the escape every engine reads. */
export const doubledLiteral = (value: string) => `'${checkedLiteral(value).replace(/'/g, "''")}'`;
/** 'YYYY-MM-DD HH:MM:SS' in UTC */
export const plainDatetime = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");
