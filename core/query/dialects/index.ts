import { badRequest } from "../../http/errors";

// What differs between engines when a chart query is written: literals, boolean values, case-insensitive
// and regular-expression matching. Quoting and time grains come from core/connectors/dialects.

export interface QueryDialect {
  stringLiteral(value: string): string;
  booleanLiteral(value: boolean): string;
  /** a timestamp literal in UTC, comparable with the engine's datetime columns */
  datetimeLiteral(date: Date): string;
  ilike(column: string, pattern: string): string;
  regex(column: string, pattern: string): string;
}

/** NUL ends strings in some engines and drivers: a value holding one is refused rather than cut short. */
function checked(value: string): string {
  if (value.includes("\u0000")) throw badRequest("A filter value may not contain a NUL character", "INVALID_PAYLOAD_SCHEMA_ERROR");
  return value;
}

const doubled = (value: string) => `'${checked(value).replace(/'/g, "''")}'`;
const plainDatetime = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");

export const QUERY_DIALECTS: Record<"d1" | "postgresql" | "mysql", QueryDialect> = {
  // SQLite (D1): datetimes are text 'YYYY-MM-DD HH:MM:SS', compared as text; booleans are 0/1; no REGEXP function.
  d1: {
    stringLiteral: doubled,
    booleanLiteral: (v) => (v ? "1" : "0"),
    datetimeLiteral: (d) => `'${plainDatetime(d)}'`,
    ilike: (col, pattern) => `LOWER(${col}) LIKE LOWER(${pattern})`,
    regex: () => {
      throw badRequest("REGEX filters are not supported on D1 (SQLite has no regular-expression function there)", "INVALID_PAYLOAD_SCHEMA_ERROR");
    },
  },
  // PostgreSQL: standard_conforming_strings (on since 9.1) keeps backslashes literal; ILIKE and ~ are native.
  postgresql: {
    stringLiteral: doubled,
    booleanLiteral: (v) => (v ? "TRUE" : "FALSE"),
    datetimeLiteral: (d) => `TIMESTAMP '${plainDatetime(d)}'`,
    ilike: (col, pattern) => `${col} ILIKE ${pattern}`,
    regex: (col, pattern) => `${col} ~ ${pattern}`,
  },
  // MySQL/MariaDB: a backslash escapes inside string literals (unless NO_BACKSLASH_ESCAPES), so it is doubled too.
  mysql: {
    stringLiteral: (v) => `'${checked(v).replace(/\\/g, "\\\\").replace(/'/g, "''")}'`,
    booleanLiteral: (v) => (v ? "TRUE" : "FALSE"),
    datetimeLiteral: (d) => `'${plainDatetime(d)}'`,
    ilike: (col, pattern) => `LOWER(${col}) LIKE LOWER(${pattern})`,
    regex: (col, pattern) => `${col} REGEXP ${pattern}`,
  },
};
