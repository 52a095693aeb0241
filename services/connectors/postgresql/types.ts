// PostgreSQL type OIDs of the values a query returns, named as format_type() names them.
export const PG_TYPE_NAMES: Record<number, string> = {
  16: "boolean",
  17: "bytea",
  18: "char",
  19: "name",
  20: "bigint",
  21: "smallint",
  23: "integer",
  25: "text",
  26: "oid",
  114: "json",
  142: "xml",
  700: "real",
  701: "double precision",
  790: "money",
  1042: "character",
  1043: "character varying",
  1082: "date",
  1083: "time without time zone",
  1114: "timestamp without time zone",
  1184: "timestamp with time zone",
  1186: "interval",
  1266: "time with time zone",
  1700: "numeric",
  2950: "uuid",
  3802: "jsonb",
};

/** Integers beyond 2^53 stay strings so no digit is lost; everything else numeric becomes a JS number. */
function parseNumber(text: string): number | string {
  const n = Number(text);
  if (!Number.isFinite(n)) return text;
  if (/^-?\d+$/.test(text) && !Number.isSafeInteger(n)) return text;
  return n;
}

const identity = (x: unknown) => x;

/**
 * postgres.js parsers: bigint and numeric as numbers (SQL Lab shows numbers, as Superset's JSON does), and
 * dates/times as PostgreSQL writes them ('2024-01-31 12:00:00') so every engine returns the same text.
 */
export const PG_PARSERS = {
  bignum: { to: 20, from: [20, 1700], serialize: (x: unknown) => String(x), parse: parseNumber },
  rawtime: { to: 1114, from: [1082, 1083, 1114, 1184, 1266], serialize: identity, parse: identity },
};
