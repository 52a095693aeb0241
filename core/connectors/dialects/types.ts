import type { GenericType } from "../types";
import type { SqlDialect } from "../../sql-gate/lexer";
import type { GrainZone } from "./zoned";

/**
 * Superset's time grains, keyed by their ISO-8601 names. Every dialect produces the same buckets
 * for every grain: the start of the bucket as a timestamp without time zone, in the column's own clock.
 * - PT5S…P1D: fixed-length buckets aligned to midnight (equivalently, to the Unix epoch).
 * - P7D: seven-day buckets aligned to the Unix epoch (1970-01-01, a Thursday), unlike P1W.
 * - P1W: ISO weeks starting Monday. The Sunday variant starts on Sunday; "week ending Saturday"
 *   labels each Sunday–Saturday week by its Saturday, as Superset does.
 */
export const TIME_GRAINS = [
  "PT1S", "PT5S", "PT30S", "PT1M", "PT5M", "PT10M", "PT15M", "PT30M", "PT1H", "PT6H", "P1D", "P7D", "P1W",
  "1969-12-28T00:00:00Z/P1W", "1969-12-29T00:00:00Z/P1W", "P1W/1970-01-03T00:00:00Z", "P1W/1970-01-04T00:00:00Z",
  "P1M", "P3M", "P1Y",
] as const;
export type TimeGrain = (typeof TIME_GRAINS)[number];

export const TIME_GRAIN_NAMES: Record<TimeGrain, string> = {
  PT1S: "Second",
  PT5S: "5 second",
  PT30S: "30 second",
  PT1M: "Minute",
  PT5M: "5 minute",
  PT10M: "10 minute",
  PT15M: "15 minute",
  PT30M: "30 minute",
  PT1H: "Hour",
  PT6H: "6 hour",
  P1D: "Day",
  P7D: "7 day",
  P1W: "Week",
  "1969-12-28T00:00:00Z/P1W": "Week starting Sunday",
  "1969-12-29T00:00:00Z/P1W": "Week starting Monday",
  "P1W/1970-01-03T00:00:00Z": "Week ending Saturday",
  "P1W/1970-01-04T00:00:00Z": "Week ending Sunday",
  P1M: "Month",
  P3M: "Quarter",
  P1Y: "Year",
};

/** Seconds in the fixed-length grains that divide a day. */
export const FIXED_GRAIN_SECONDS: Partial<Record<TimeGrain, number>> = {
  PT1S: 1, PT5S: 5, PT30S: 30, PT1M: 60, PT5M: 300, PT10M: 600, PT15M: 900, PT30M: 1800, PT1H: 3600, PT6H: 21600,
};

export function isTimeGrain(value: string): value is TimeGrain {
  return (TIME_GRAINS as readonly string[]).includes(value);
}

export interface Dialect {
  /** the flavour the SQL gate and templates speak */
  readonly flavour: SqlDialect;
  quoteIdentifier(name: string): string;
  /** `schema.table` quoted, or just the table when there is no schema */
  qualifiedTable(table: string, schema?: string | null): string;
  /**
   * the bucket start of `columnSql` for a grain; throws on an unknown grain. With a zone (never UTC), the bucket is
   * the zone's wall clock reading of its start (core/connectors/dialects/zoned.ts); engines without `zonedGrains`
   * ignore it and bucket in UTC.
   */
  timeGrainExpression(columnSql: string, grain: string, zone?: GrainZone): string;
  /** timeGrainExpression honours a zone */
  readonly zonedGrains?: boolean;
  selectStar(table: string, schema: string | null, columns: string[], limit: number): string;
  /** an output alias named like a source column replaces that column in every clause (some warehouses) */
  readonly aliasesShadowColumns?: boolean;
  /** numeric / string / temporal / boolean of a native type name */
  genericType(nativeType: string | null | undefined): GenericType;
}
