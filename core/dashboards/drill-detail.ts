import type { QueryContextBody } from "../charts/contract";

// Drill to detail (Superset's getDrillPayload): the rows behind a chart are the dataset's samples under the
// chart's own filters (its query object's filters, WHERE extras and time range; HAVING applies to aggregates, so
// it is left out) plus the values clicked on. The payload is the body of POST /datasource/samples.

export interface DrillFilter {
  col: string;
  op: "==";
  val: unknown;
}

export interface DrillPayload {
  datasourceId: number;
  body: { filters: unknown[]; extras: Record<string, unknown>; time_range?: unknown; granularity?: unknown };
}

/** Rows per page of the drill-to-detail modal (Superset's PAGE_SIZE). */
export const DRILL_PAGE_SIZE = 50;

export function drillPayload(context: QueryContextBody, clicked: DrillFilter[] = []): DrillPayload {
  const query = context.queries[0] ?? {};
  const { having: _having, ...extras } = (query.extras ?? {}) as Record<string, unknown>;
  const body: DrillPayload["body"] = { filters: [...(query.filters ?? []), ...clicked], extras };
  if (query.time_range !== undefined) body.time_range = query.time_range;
  if (query.granularity !== undefined) body.granularity = query.granularity;
  return { datasourceId: context.datasource.id, body };
}

/** The address of a page of samples (Superset's DatasourceSamplesQuerySchema, in its query string). */
export const samplesPath = (datasourceId: number, page: number, perPage = DRILL_PAGE_SIZE) =>
  `/datasource/samples?force=false&datasource_type=table&datasource_id=${datasourceId}&per_page=${perPage}&page=${page}`;

/** How a clicked filter is shown: "state = CA". */
export const drillFilterLabel = (f: DrillFilter) => `${f.col} = ${f.val === null ? "NULL" : String(f.val)}`;
