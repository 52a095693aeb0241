import type { EngineName } from "../engines/registry";
import type { QueryObject } from "../chart-data/query-context";

// What the query compiler reads and answers. The dataset is described by plain data (no database rows),
// so the compiler stays pure and can be tested without D1.

export interface DatasetColumn {
  column_name: string;
  /** a calculated column's SQL expression (admin-defined); null for a physical column */
  expression: string | null;
  is_dttm: boolean;
  /** the native type name, used to read filter values of numeric columns as numbers */
  type?: string | null;
}

export interface DatasetMetric {
  metric_name: string;
  expression: string;
}

export interface DatasetForQuery {
  table_name: string;
  schema: string | null;
  /** a virtual dataset's SQL, templates already rendered; null for a physical table */
  sql: string | null;
  columns: DatasetColumn[];
  metrics: DatasetMetric[];
  main_dttm_col: string | null;
  /**
   * The row-level security predicate binding the viewer (core/rls/rules.ts: rendered, gated, grouped), or null.
   * The compiler makes the dataset's FROM source a subquery filtered by it, so no part of any query sees other rows.
   */
  rls?: string | null;
}

export interface TimeBounds {
  since: Date | null;
  until: Date | null;
}

/** The viewer's (or a pinned dashboard's) zone, which time grains bucket in. */
export interface QueryZone {
  /** an IANA zone checked by Intl; UTC buckets as before */
  name: string;
  /** MySQL/MariaDB: the server's CONVERT_TZ knows named zones (services/chart-data/zone-support.ts) */
  namedZones?: boolean;
  /** the clock an open-ended time range reaches forward from */
  now: Date;
}

export interface CompileOptions {
  engine: EngineName;
  /** Superset's ALLOW_ADHOC_SUBQUERY: off unless the database allows it */
  allowAdhocSubquery: boolean;
  /** resolves a TEMPORAL_RANGE filter's or a query's time range (core/time-range), with the query's extras */
  resolveTimeRange: (timeRange: string) => TimeBounds;
  /** the most rows any chart query may return (SQL_MAX_ROW) */
  maxRows: number;
  /** the zone time grains bucket in; absent: UTC */
  zone?: QueryZone;
}

export interface CompiledQuery {
  sql: string;
  /** the result's column labels, in order: columns then metrics */
  labels: string[];
  metricLabels: string[];
  columnLabels: string[];
  applied_filters: { column: string }[];
  rejected_filters: { column: string; reason: string }[];
  from_dttm: number | null;
  to_dttm: number | null;
  /** the zone whose wall clock the bucketed time columns read, when the SQL bucketed in one (never UTC) */
  time_zone: string | null;
}

export type { QueryObject };
