import { parseQueryContext, type QueryContext, type QueryObject } from "../../core/chart-data/query-context";
import { resolveTimeRange } from "../../core/time-range/resolve";
import { limitConfig } from "../../core/sqllab/limits";
import type { Principal } from "../../core/security/permissions";
import type { Database } from "../../db/client";
import type { Env } from "../env";
import { chartDatasource, type ChartDatasource } from "./datasource";
import { dashboardRbacGrant } from "./dashboard-grant";
import type { RangeUse } from "../../core/chart-data/front-cache";
import { effectiveCacheTimeout } from "./cache";
import { runQueryObject, type QueryPayload } from "./run-query";
import { annotationData, type AnnotationSources } from "./annotations";
import { chooseZone, viewerZoneOf } from "../../core/time-zone/viewer-zone";
import { UTC } from "../../core/time-zone/zone";
import { bucketsTime, mysqlNamedZones } from "./zone-support";

// A whole chart-data request: the query context checked, the dataset loaded once with the caller's access
// checked, then every query object run (in parallel: each is its own statement and connection).

export interface ChartDataCall {
  env: Env;
  db: Database;
  secret: string;
  principal: Principal;
  background: (p: Promise<unknown>) => void;
  /** the chart's own cache timeout, when the request names a saved chart */
  chartCacheTimeout?: number | null;
  /** the clock, for time ranges ("Last week" is relative to now) */
  now?: Date;
  /** answer only from the cache (see CacheMiss) */
  cacheOnly?: boolean;
  /** told every time range the run resolves, with its bounds (the front cache re-checks them: "Last week" moves) */
  onTimeRange?: (use: RangeUse) => void;
}

/** `stack`: the charts whose annotation layers led here (a chart layer runs through this function again). */
export async function runChartData(call: ChartDataCall, body: Record<string, unknown>, forceParam = false, stack: number[] = []): Promise<{ context: QueryContext; results: QueryPayload[]; datasource: ChartDatasource }> {
  const context = parseQueryContext(body);
  if (forceParam) context.force = true;
  const datasource = await chartDatasource(call.db, call.principal, context.datasource.id, dashboardRbacGrant(call.db, call.env, call.principal, context.form_data));
  const now = call.now ?? new Date();
  const limits = limitConfig(call.env.DEFAULT_SQLLAB_LIMIT, call.env.SQL_MAX_ROW);
  const cacheTimeout = effectiveCacheTimeout(context.custom_cache_timeout, call.chartCacheTimeout, datasource.dataset.cache_timeout, datasource.database.cache_timeout);
  // the compiled SQL carries the resolved UTC bounds, so the results cache keys on the zone exactly where it changes them
  const { zone } = chooseZone(context.form_data?.time_zone, viewerZoneOf(call.principal));
  const resolve = (range: string, q: QueryObject) => {
    const options = { relativeStart: q.extras.relative_start, relativeEnd: q.extras.relative_end, timeShift: q.time_shift, timeZone: zone };
    const bounds = resolveTimeRange(range, { now, ...options });
    call.onTimeRange?.({ range, ...options, since: bounds.since?.getTime() ?? null, until: bounds.until?.getTime() ?? null });
    return bounds;
  };
  const sources: AnnotationSources = {
    db: call.db, principal: call.principal, stack,
    runChart: async (layerBody, layerStack) => {
      const { results } = await runChartData({ ...call, chartCacheTimeout: null, cacheOnly: false }, layerBody, context.force, layerStack);
      return (results[0]?.data as unknown[] | undefined) ?? [];
    },
  };
  // grains bucket in the zone too; a MySQL server is asked (once, then remembered) whether it knows named zones
  const probe = zone !== UTC && datasource.database.engine === "mysql" && context.queries.some(bucketsTime);
  const namedZones = probe ? await mysqlNamedZones(call.env, datasource.database, call.secret, zone) : false;
  const run = {
    zone: { name: zone, namedZones, now },
    env: call.env, secret: call.secret, principal: call.principal, datasource, context, resolveTimeRange: resolve, maxRows: limits.maxRow, cacheTimeout,
    background: call.background, annotations: (q: QueryObject) => annotationData(sources, q), cacheOnly: call.cacheOnly,
  };
  const results = await Promise.all(context.queries.map((q) => runQueryObject(run, q)));
  return { context, results, datasource };
}
