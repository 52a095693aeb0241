import type { QueryContextBody } from "../charts/contract";
import { dashboardDataRef } from "./data-grant";

// Drill to detail (Superset's getDrillPayload): the rows behind a chart are the dataset's samples under the
// chart's own filters (its query object's filters, WHERE extras and time range; HAVING applies to aggregates, so
// it is left out) plus the values clicked on. The payload is the body of POST /datasource/samples.

export interface DrillFilter {
  col: string;
  op: "==";
  val: unknown;
}

/** The dashboard and its chart a drill comes from (with DASHBOARD_RBAC they grant the dataset to its viewers). */
export interface DrillOrigin {
  dashboardId: number;
  sliceId: number;
}

export interface DrillPayload {
  datasourceId: number;
  origin: DrillOrigin | null;
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
  const ref = dashboardDataRef(context.form_data as Record<string, unknown> | undefined);
  const origin = ref?.kind === "chart" ? { dashboardId: ref.dashboardId, sliceId: ref.sliceId } : null;
  return { datasourceId: context.datasource.id, origin, body };
}

/**
 * The address of a page of samples (Superset's DatasourceSamplesQuerySchema, in its query string), naming the
 * dashboard and chart the drill comes from when there is one.
 */
export function samplesPath(datasourceId: number, page: number, perPage = DRILL_PAGE_SIZE, origin: DrillOrigin | null = null): string {
  const from = origin ? `&dashboard_id=${origin.dashboardId}&slice_id=${origin.sliceId}` : "";
  return `/datasource/samples?force=false&datasource_type=table&datasource_id=${datasourceId}&per_page=${perPage}&page=${page}${from}`;
}

/** How a clicked filter is shown: "state = CA". */
export const drillFilterLabel = (f: DrillFilter) => `${f.col} = ${f.val === null ? "NULL" : String(f.val)}`;
