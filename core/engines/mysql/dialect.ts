import { genericTypeOf, quoteWith, requireGrain, selectStarSql } from "../../connectors/dialects/common";
import { FIXED_GRAIN_SECONDS, type Dialect, type TimeGrain } from "../../connectors/dialects/types";
import { isDateOnly, offsetSql, utcText, zoneLiteral, type GrainZone } from "../../connectors/dialects/zoned";

const quote = quoteWith("`");

// MySQL and MariaDB. Every bucket is wrapped in TIMESTAMP() so day-based grains come back as DATETIME,
// like the sub-day ones. DAYOFWEEK is 1 for Sunday; WEEKDAY is 0 for Monday.
function grainSql(col: string, grain: TimeGrain): string {
  const seconds = FIXED_GRAIN_SECONDS[grain];
  if (seconds) return `TIMESTAMP(DATE(${col}), SEC_TO_TIME(FLOOR(TIME_TO_SEC(TIME(${col})) / ${seconds}) * ${seconds}))`;
  switch (grain) {
    case "P1D":
      return `TIMESTAMP(DATE(${col}))`;
    case "P7D":
      return `TIMESTAMP(DATE_SUB(DATE(${col}), INTERVAL MOD(MOD(TO_DAYS(${col}) - TO_DAYS('1970-01-01'), 7) + 7, 7) DAY))`;
    case "P1W":
    case "1969-12-29T00:00:00Z/P1W":
      return `TIMESTAMP(DATE_SUB(DATE(${col}), INTERVAL WEEKDAY(${col}) DAY))`;
    case "1969-12-28T00:00:00Z/P1W":
      return `TIMESTAMP(DATE_SUB(DATE(${col}), INTERVAL DAYOFWEEK(${col}) - 1 DAY))`;
    case "P1W/1970-01-03T00:00:00Z":
      return `TIMESTAMP(DATE_ADD(DATE(${col}), INTERVAL 7 - DAYOFWEEK(${col}) DAY))`;
    case "P1W/1970-01-04T00:00:00Z":
      return `TIMESTAMP(DATE_ADD(DATE(${col}), INTERVAL 6 - WEEKDAY(${col}) DAY))`;
    case "P1M":
      return `TIMESTAMP(DATE_SUB(DATE(${col}), INTERVAL DAYOFMONTH(${col}) - 1 DAY))`;
    case "P3M":
      return `TIMESTAMP(MAKEDATE(YEAR(${col}), 1) + INTERVAL QUARTER(${col}) - 1 QUARTER)`;
    case "P1Y":
      return `TIMESTAMP(MAKEDATE(YEAR(${col}), 1))`;
    default:
      throw new Error(`unhandled grain ${grain}`);
  }
}

/**
 * The column (a UTC reading) as the zone's wall clock. With the server's time-zone tables, CONVERT_TZ to the
 * named zone is exact (except that MySQL leaves values outside the TIMESTAMP range, before 1970 or after 2038,
 * unconverted). Without them, the row is shifted by the offset in force at its instant, picked from the
 * transitions of the query's window (computed with Intl): exact inside the window. A DATE stays as it is.
 */
function zonedColumn(col: string, zone: GrainZone): string {
  if (isDateOnly(zone.columnType)) return col;
  if (zone.namedZones) return `CONVERT_TZ(${col}, '+00:00', ${zoneLiteral(zone.zone)})`;
  const offset = offsetSql(zone.offsets(), (at) => `${col} < '${utcText(at)}'`, String);
  return `DATE_ADD(${col}, INTERVAL ${offset} SECOND)`;
}

export const mysqlDialect: Dialect = {
  flavour: "mysql",
  quoteIdentifier: quote,
  qualifiedTable: (table, schema) => (schema ? `${quote(schema)}.${quote(table)}` : quote(table)),
  timeGrainExpression: (col, grain, zone) => grainSql(zone ? zonedColumn(col, zone) : col, requireGrain(grain)),
  zonedGrains: true,
  selectStar(table, schema, columns, limit) {
    return selectStarSql(quote, this.qualifiedTable(table, schema), columns, limit);
  },
  genericType: genericTypeOf,
};
