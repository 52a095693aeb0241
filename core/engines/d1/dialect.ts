import { genericTypeOf, quoteWith, requireGrain, selectStarSql } from "../../connectors/dialects/common";
import { FIXED_GRAIN_SECONDS, type Dialect, type TimeGrain } from "../../connectors/dialects/types";
import { isDateOnly, offsetSql, type GrainZone } from "../../connectors/dialects/zoned";

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

/**
 * The column (UTC text) as the zone's wall clock: SQLite knows no zones, so the row is shifted by the offset in
 * force at its instant, picked from the transitions of the query's window (computed with Intl, compared on
 * the row's epoch second): exact inside the window; rows outside it take the nearer edge's offset.
 */
function zonedColumn(col: string, zone: GrainZone): string {
  if (isDateOnly(zone.columnType)) return col;
  // UNIXEPOCH (SQLite 3.38+, which D1 runs) is the row's epoch second: short, as it repeats in every comparison
  const epoch = `UNIXEPOCH(${col})`;
  const shift = offsetSql(zone.offsets(), (at) => `${epoch} < ${at}`, (o) => `'${o < 0 ? "-" : "+"}${Math.abs(o)} seconds'`);
  return `DATETIME(${col}, ${shift})`;
}

export const sqliteDialect: Dialect = {
  flavour: "sqlite",
  quoteIdentifier: quote,
  qualifiedTable: (table, schema) => (schema && schema !== "main" ? `${quote(schema)}.${quote(table)}` : quote(table)),
  timeGrainExpression: (col, grain, zone) => grainSql(zone ? zonedColumn(col, zone) : col, requireGrain(grain)),
  zonedGrains: true,
  selectStar(table, schema, columns, limit) {
    return selectStarSql(quote, this.qualifiedTable(table, schema), columns, limit);
  },
  genericType: genericTypeOf,
};
