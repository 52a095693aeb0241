import { badRequest } from "../../http/errors";
import { doubledLiteral, plainDatetime, type QueryDialect } from "../../query/dialects";

// SQLite (D1): datetimes are text 'YYYY-MM-DD HH:MM:SS', compared as text; booleans are 0/1; no REGEXP function.
export const d1QueryDialect: QueryDialect = {
  stringLiteral: doubledLiteral,
  booleanLiteral: (v) => (v ? "1" : "0"),
  datetimeLiteral: (d) => `'${plainDatetime(d)}'`,
  ilike: (col, pattern) => `LOWER(${col}) LIKE LOWER(${pattern})`,
  regex: () => {
    throw badRequest("REGEX filters are not supported on D1 (SQLite has no regular-expression function there)", "INVALID_PAYLOAD_SCHEMA_ERROR");
  },
};
