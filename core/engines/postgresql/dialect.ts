import { genericTypeOf, quoteWith, requireGrain, selectStarSql } from "../../connectors/dialects/common";
import { FIXED_GRAIN_SECONDS, type Dialect, type TimeGrain } from "../../connectors/dialects/types";
import { isDateOnly, zoneLiteral, type GrainZone } from "../../connectors/dialects/zoned";

const quote = quoteWith('"');

// DATE_TRUNC keeps the column's type (timestamp stays timestamp); sub-unit buckets add whole multiples
// of the grain to the truncated day, as Superset's PostgreSQL spec does. ISO weeks start on Monday.
function grainSql(col: string, grain: TimeGrain): string {
  const seconds = FIXED_GRAIN_SECONDS[grain];
  if (seconds)
    return `DATE_TRUNC('day', ${col}) + INTERVAL '${seconds} seconds' * FLOOR(EXTRACT(EPOCH FROM (${col}) - DATE_TRUNC('day', ${col})) / ${seconds})`;
  switch (grain) {
    case "P1D":
      return `DATE_TRUNC('day', ${col})`;
    case "P7D":
      return `DATE_TRUNC('day', ${col}) - INTERVAL '1 day' * MOD(MOD(CAST(FLOOR(EXTRACT(EPOCH FROM DATE_TRUNC('day', ${col})) / 86400) AS BIGINT), 7) + 7, 7)`;
    case "P1W":
    case "1969-12-29T00:00:00Z/P1W":
      return `DATE_TRUNC('week', ${col})`;
    case "1969-12-28T00:00:00Z/P1W":
      return `DATE_TRUNC('week', ${col} + INTERVAL '1 day') - INTERVAL '1 day'`;
    case "P1W/1970-01-03T00:00:00Z":
      return `DATE_TRUNC('week', ${col} + INTERVAL '1 day') + INTERVAL '5 days'`;
    case "P1W/1970-01-04T00:00:00Z":
      return `DATE_TRUNC('week', ${col}) + INTERVAL '6 days'`;
    case "P1M":
      return `DATE_TRUNC('month', ${col})`;
    case "P3M":
      return `DATE_TRUNC('quarter', ${col})`;
    case "P1Y":
      return `DATE_TRUNC('year', ${col})`;
    default:
      throw new Error(`unhandled grain ${grain}`);
  }
}

/**
 * The column as the zone's wall clock (a naive timestamp), exact for every instant: AT TIME ZONE reads the
 * server's tz database. A timestamptz is an instant, so one AT TIME ZONE gives its local reading; a naive timestamp
 * holds a UTC reading, so it first becomes the instant it means (AT TIME ZONE 'UTC') and then the local reading.
 * Applying the naive form to a timestamptz would read its UTC text as local time, hence the type matters. A
 * column of unknown type (a calculated column, an adhoc expression) goes through its epoch, which both types
 * define as the instant (a naive value read as UTC), unless the server says it is a date. A date is a calendar day
 * and stays as it is.
 */
function zonedColumn(col: string, zone: GrainZone): string {
  const z = zoneLiteral(zone.zone);
  const type = (zone.columnType ?? "").trim().toLowerCase();
  if (isDateOnly(type)) return col;
  if (/^timestamptz\b|^timestamp(\(\d+\))? with time zone/.test(type)) return `(${col} AT TIME ZONE ${z})`;
  if (/^timestamp\b/.test(type)) return `(${col} AT TIME ZONE 'UTC' AT TIME ZONE ${z})`;
  // unknown: a date (DATE(ts) as an adhoc x-axis) must not become UTC midnight read in the zone (the day before, west
  // of Greenwich), so the server's own type of the value decides; both branches are naive timestamps
  return `(CASE WHEN PG_TYPEOF(${col}) = 'date'::REGTYPE THEN CAST(${col} AS TIMESTAMP) ELSE TO_TIMESTAMP(EXTRACT(EPOCH FROM ${col})) AT TIME ZONE ${z} END)`;
}

export const postgresqlDialect: Dialect = {
  flavour: "postgresql",
  quoteIdentifier: quote,
  qualifiedTable: (table, schema) => (schema ? `${quote(schema)}.${quote(table)}` : quote(table)),
  timeGrainExpression: (col, grain, zone) => grainSql(zone ? zonedColumn(col, zone) : col, requireGrain(grain)),
  zonedGrains: true,
  selectStar(table, schema, columns, limit) {
    return selectStarSql(quote, this.qualifiedTable(table, schema), columns, limit);
  },
  genericType: genericTypeOf,
};
