import { doubledLiteral, plainDatetime, type QueryDialect } from "../../query/dialects";

// PostgreSQL: standard_conforming_strings (on since 9.1) keeps backslashes literal; ILIKE and ~ are native.
export const postgresqlQueryDialect: QueryDialect = {
  stringLiteral: doubledLiteral,
  booleanLiteral: (v) => (v ? "TRUE" : "FALSE"),
  datetimeLiteral: (d) => `TIMESTAMP '${plainDatetime(d)}'`,
  ilike: (col, pattern) => `${col} ILIKE ${pattern}`,
  regex: (col, pattern) => `${col} ~ ${pattern}`,
};
