import { quoteWith, requireGrain, selectStarSql } from "../../connectors/dialects/common";
import { GenericType } from "../../connectors/types";
import type { Dialect, TimeGrain } from "../../connectors/dialects/types";

// ClickHouse's SQL. Only functions that 18.16 (Debian's server) already has: no toStartOfInterval, no
// toStartOfWeek(x, mode), no toStartOfTenMinutes. The column is read through toDateTime() first so Date and
// String columns bucket like DateTime ones; buckets keep the column's own time zone.
// a backslash escapes inside ClickHouse's quoted names too, so it is doubled as well as the backtick
const quote = (name: string) => quoteWith("`")(name.replaceAll("\\", "\\\\"));

function grainSql(col: string, grain: TimeGrain): string {
  const t = `toDateTime(${col})`;
  const within = (start: string, part: string, unit: string, n: number) => `${start}(${t}) + INTERVAL intDiv(${part}(${t}), ${n}) * ${n} ${unit}`;
  const day = `toDate(${t})`;
  switch (grain) {
    case "PT1S":
      return t;
    case "PT5S":
      return within("toStartOfMinute", "toSecond", "SECOND", 5);
    case "PT30S":
      return within("toStartOfMinute", "toSecond", "SECOND", 30);
    case "PT1M":
      return `toStartOfMinute(${t})`;
    case "PT5M":
      return `toStartOfFiveMinute(${t})`;
    case "PT10M":
      return within("toStartOfHour", "toMinute", "MINUTE", 10);
    case "PT15M":
      return `toStartOfFifteenMinutes(${t})`;
    case "PT30M":
      return within("toStartOfHour", "toMinute", "MINUTE", 30);
    case "PT1H":
      return `toStartOfHour(${t})`;
    case "PT6H":
      return within("toStartOfDay", "toHour", "HOUR", 6);
    case "P1D":
      return `toStartOfDay(${t})`;
    case "P7D":
      // a Date is its day number since 1970-01-01: seven-day buckets aligned to the epoch
      return `toDateTime(${day} - (toUInt16(${day}) % 7))`;
    case "P1W":
    case "1969-12-29T00:00:00Z/P1W":
      return `toDateTime(toMonday(${t}))`;
    case "1969-12-28T00:00:00Z/P1W":
      // toDayOfWeek: Monday 1 … Sunday 7
      return `toDateTime(${day} - (toDayOfWeek(${t}) % 7))`;
    case "P1W/1970-01-03T00:00:00Z":
      return `toDateTime(${day} - (toDayOfWeek(${t}) % 7) + 6)`;
    case "P1W/1970-01-04T00:00:00Z":
      return `toDateTime(toMonday(${t}) + 6)`;
    case "P1M":
      return `toDateTime(toStartOfMonth(${t}))`;
    case "P3M":
      return `toDateTime(toStartOfQuarter(${t}))`;
    case "P1Y":
      return `toDateTime(toStartOfYear(${t}))`;
  }
}

/** The type inside Nullable(…) and LowCardinality(…), which say nothing of the kind of value. */
export function innerType(nativeType: string): string {
  let t = nativeType.trim();
  for (;;) {
    const m = /^(?:Nullable|LowCardinality)\((.*)\)$/s.exec(t);
    if (!m) return t;
    t = m[1].trim();
  }
}

/** Superset's generic type of a ClickHouse type name (case matters to ClickHouse, not here). */
export function clickhouseGenericType(nativeType: string | null | undefined): GenericType {
  const t = innerType(nativeType ?? "").toLowerCase();
  if (t === "bool" || t === "boolean") return GenericType.BOOLEAN;
  if (/^(date|date32|datetime|datetime64)\b/.test(t)) return GenericType.TEMPORAL;
  if (/^(u?int\d+|float\d+|decimal\d*)\b/.test(t)) return GenericType.NUMERIC;
  return GenericType.STRING;
}

export const clickhouseDialect: Dialect = {
  flavour: "clickhouse",
  // `toStartOfYear(ds) AS ds … GROUP BY toStartOfYear(ds)` reads ds as the alias in GROUP BY and WHERE
  aliasesShadowColumns: true,
  quoteIdentifier: quote,
  qualifiedTable: (table, schema) => (schema ? `${quote(schema)}.${quote(table)}` : quote(table)),
  timeGrainExpression: (col, grain) => grainSql(col, requireGrain(grain)),
  selectStar(table, schema, columns, limit) {
    return selectStarSql(quote, this.qualifiedTable(table, schema), columns, limit);
  },
  genericType: clickhouseGenericType,
};
