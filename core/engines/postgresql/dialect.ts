import { genericTypeOf, quoteWith, requireGrain, selectStarSql } from "../../connectors/dialects/common";
import { FIXED_GRAIN_SECONDS, type Dialect, type TimeGrain } from "../../connectors/dialects/types";

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

export const postgresqlDialect: Dialect = {
  flavour: "postgresql",
  quoteIdentifier: quote,
  qualifiedTable: (table, schema) => (schema ? `${quote(schema)}.${quote(table)}` : quote(table)),
  timeGrainExpression: (col, grain) => grainSql(col, requireGrain(grain)),
  selectStar(table, schema, columns, limit) {
    return selectStarSql(quote, this.qualifiedTable(table, schema), columns, limit);
  },
  genericType: genericTypeOf,
};
