import { genericTypeOf, quoteWith, requireGrain, selectStarSql } from "../../../connectors/dialects/common";
import { FIXED_GRAIN_SECONDS, type Dialect, type TimeGrain } from "../../../connectors/dialects/types";

// A test-only engine's dialect, written after ClickHouse's SQL (backtick quoting, toStartOf… functions). It
// exists to show what a fourth engine's folder holds; no test runs it against a server.
const quote = quoteWith("`");

function grainSql(col: string, grain: TimeGrain): string {
  const seconds = FIXED_GRAIN_SECONDS[grain];
  if (seconds) return `toStartOfInterval(${col}, INTERVAL ${seconds} SECOND)`;
  switch (grain) {
    case "P1D":
      return `toStartOfDay(${col})`;
    case "P7D":
      return `toStartOfInterval(${col}, INTERVAL 7 DAY)`;
    case "P1W":
    case "1969-12-29T00:00:00Z/P1W":
      return `toDateTime(toMonday(${col}))`;
    case "1969-12-28T00:00:00Z/P1W":
      return `toDateTime(toStartOfWeek(${col}, 0))`;
    case "P1W/1970-01-03T00:00:00Z":
      return `toDateTime(toStartOfWeek(${col}, 0)) + INTERVAL 6 DAY`;
    case "P1W/1970-01-04T00:00:00Z":
      return `toDateTime(toMonday(${col})) + INTERVAL 6 DAY`;
    case "P1M":
      return `toDateTime(toStartOfMonth(${col}))`;
    case "P3M":
      return `toDateTime(toStartOfQuarter(${col}))`;
    case "P1Y":
      return `toDateTime(toStartOfYear(${col}))`;
    default:
      throw new Error(`unhandled grain ${grain}`);
  }
}

export const warehouseDialect: Dialect = {
  // its strings take backslash escapes and its comments include #, as MySQL's do: the gate reads it as MySQL
  flavour: "mysql",
  quoteIdentifier: quote,
  qualifiedTable: (table, schema) => (schema ? `${quote(schema)}.${quote(table)}` : quote(table)),
  timeGrainExpression: (col, grain) => grainSql(col, requireGrain(grain)),
  selectStar(table, schema, columns, limit) {
    return selectStarSql(quote, this.qualifiedTable(table, schema), columns, limit);
  },
  genericType: genericTypeOf,
};
