import { genericTypeOf, quoteWith, requireGrain, selectStarSql } from "../../connectors/dialects/common";
import { FIXED_GRAIN_SECONDS, type Dialect, type TimeGrain } from "../../connectors/dialects/types";

const quote = quoteWith('"');

// SQLite (D1) keeps timestamps as ISO text; DATETIME() normalises to 'YYYY-MM-DD HH:MM:SS'.
// strftime('%w') is 0 for Sunday; strftime('%s') is the Unix epoch in whole seconds.
function grainSql(col: string, grain: TimeGrain): string {
  const seconds = FIXED_GRAIN_SECONDS[grain];
  if (seconds) return `DATETIME(${col}, 'start of day', '+' || ((CAST(STRFTIME('%s', ${col}) AS INTEGER) % 86400 + 86400) % 86400 / ${seconds} * ${seconds}) || ' seconds')`;
  switch (grain) {
    case "P1D":
      return `DATETIME(${col}, 'start of day')`;
    case "P7D":
      // days since the epoch, floored to a multiple of seven (modulo made non-negative for dates before 1970)
      return `DATETIME(${col}, 'start of day', '-' || (((CAST(STRFTIME('%s', ${col}) AS INTEGER) - ((CAST(STRFTIME('%s', ${col}) AS INTEGER) % 86400 + 86400) % 86400)) / 86400 % 7 + 7) % 7) || ' days')`;
    case "P1W":
    case "1969-12-29T00:00:00Z/P1W":
      return `DATETIME(${col}, 'start of day', '-' || ((CAST(STRFTIME('%w', ${col}) AS INTEGER) + 6) % 7) || ' days')`;
    case "1969-12-28T00:00:00Z/P1W":
      return `DATETIME(${col}, 'start of day', '-' || CAST(STRFTIME('%w', ${col}) AS INTEGER) || ' days')`;
    case "P1W/1970-01-03T00:00:00Z":
      return `DATETIME(${col}, 'start of day', '+' || (6 - CAST(STRFTIME('%w', ${col}) AS INTEGER)) || ' days')`;
    case "P1W/1970-01-04T00:00:00Z":
      return `DATETIME(${col}, 'start of day', '+' || ((7 - CAST(STRFTIME('%w', ${col}) AS INTEGER)) % 7) || ' days')`;
    case "P1M":
      return `DATETIME(${col}, 'start of month')`;
    case "P3M":
      return `DATETIME(${col}, 'start of month', '-' || ((CAST(STRFTIME('%m', ${col}) AS INTEGER) - 1) % 3) || ' months')`;
    case "P1Y":
      return `DATETIME(${col}, 'start of year')`;
    default:
      throw new Error(`unhandled grain ${grain}`);
  }
}

export const sqliteDialect: Dialect = {
  flavour: "sqlite",
  quoteIdentifier: quote,
  qualifiedTable: (table, schema) => (schema && schema !== "main" ? `${quote(schema)}.${quote(table)}` : quote(table)),
  timeGrainExpression: (col, grain) => grainSql(col, requireGrain(grain)),
  selectStar(table, schema, columns, limit) {
    return selectStarSql(quote, this.qualifiedTable(table, schema), columns, limit);
  },
  genericType: genericTypeOf,
};
