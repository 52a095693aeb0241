import { checkedLiteral, plainDatetime, type QueryDialect } from "../../query/dialects";

// MySQL/MariaDB: a backslash escapes inside string literals (unless NO_BACKSLASH_ESCAPES), so it is doubled too.
export const mysqlQueryDialect: QueryDialect = {
  stringLiteral: (v) => `'${checkedLiteral(v).replace(/\\/g, "\\\\").replace(/'/g, "''")}'`,
  booleanLiteral: (v) => (v ? "TRUE" : "FALSE"),
  datetimeLiteral: (d) => `'${plainDatetime(d)}'`,
  ilike: (col, pattern) => `LOWER(${col}) LIKE LOWER(${pattern})`,
  regex: (col, pattern) => `${col} REGEXP ${pattern}`,
};
