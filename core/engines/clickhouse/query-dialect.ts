import { checkedLiteral, plainDatetime, type QueryDialect } from "../../query/dialects";

// ClickHouse: a backslash always escapes inside string literals, so it is doubled with the quote. 18.16 has no
// TRUE/FALSE literals nor ILIKE; and it compares a Date with a DateTime wrongly (as raw numbers), so the
// temporal column of a time range is read through toDateTime() as the bound is.
export const clickhouseQueryDialect: QueryDialect = {
  stringLiteral: (v) => `'${checkedLiteral(v).replace(/\\/g, "\\\\").replace(/'/g, "''")}'`,
  booleanLiteral: (v) => (v ? "1" : "0"),
  datetimeLiteral: (d) => `toDateTime('${plainDatetime(d)}')`,
  temporalColumn: (col) => `toDateTime(${col})`,
  ilike: (col, pattern) => `lowerUTF8(${col}) LIKE lowerUTF8(${pattern})`,
  regex: (col, pattern) => `match(${col}, ${pattern})`,
};
