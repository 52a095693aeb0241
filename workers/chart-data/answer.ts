import type { Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf } from "../http/guard";
import { forbidden } from "../../core/http/errors";
import { can } from "../../core/security/permissions";
import { runChartData, type ChartDataCall } from "../../services/chart-data/run-context";
import { CacheMiss } from "../../services/chart-data/run-query";
import type { QueryContext } from "../../core/chart-data/query-context";
import type { QueryPayload } from "../../services/chart-data/run-query";
import type { ChartDatasource } from "../../services/chart-data/datasource";
import { asyncQueriesOn, startChartJob } from "./async-job";
import type { FrontRecorder } from "./front-cache";

// What POST /api/v1/chart/data answers for one query context in JSON, shared by that route and the batch
// (workers/api/chart-data-batch.ts): the dataset's access checked, the cache read and written, and with
// GLOBAL_ASYNC_QUERIES a 202 job unless every query is cached. Errors are thrown, for the caller to map.

type C = Context<AppEnv>;

/** `front`: the front-cache recorder of a POST, told each time range the answer depends on. */
export function callOf(c: C, chartCacheTimeout: number | null = null, front?: FrontRecorder): ChartDataCall {
  return { env: c.env, db: c.get("db"), secret: c.get("secret"), principal: principalOf(c), background: (p) => c.executionCtx.waitUntil(p.catch(() => {})), chartCacheTimeout, onTimeRange: front?.onTimeRange };
}

export type JsonAnswer =
  | { status: 200; body: { result: QueryPayload[] }; context: QueryContext; datasource: ChartDatasource }
  | { status: 202; body: Awaited<ReturnType<typeof startChartJob>> }
  | { status: "file"; context: QueryContext; results: QueryPayload[] };

/** `allowFiles`: a csv/xlsx result_format answers the rows for the caller to turn into a file. */
export async function chartDataAnswer(c: C, body: Record<string, unknown>, forceParam: boolean, chartCacheTimeout: number | null = null, front?: FrontRecorder): Promise<JsonAnswer> {
  mayExport(c, body.result_format);
  const wantsJson = (body.result_format ?? "json") === "json" && (body.result_type ?? "full") === "full";
  // anonymous viewers and guests (principal 0: no channel or job of their own, and a job re-reads its starter
  // from D1) are answered at once; a guest's rules then never travel through a job (apache/superset#31492)
  if (wantsJson && asyncQueriesOn(c.env) && !principalOf(c).anonymous) {
    // As Superset: answered at once when every query is cached; otherwise a job (checked and compiled first,
    // so a bad body or a dataset the caller may not read is still a 400/403 here, not an error event)
    try {
      const { context, results, datasource } = await runChartData({ ...callOf(c, chartCacheTimeout, front), cacheOnly: true }, body, forceParam);
      return { status: 200, body: { result: results }, context, datasource };
    } catch (e) {
      if (!(e instanceof CacheMiss)) throw e;
    }
    return { status: 202, body: await startChartJob(c.env, principalOf(c), body, forceParam || body.force === true, chartCacheTimeout) };
  }
  const { context, results, datasource } = await runChartData(callOf(c, chartCacheTimeout, front), body, forceParam);
  const format = context.result_format;
  if ((format === "csv" || format === "xlsx") && context.result_type !== "query") return { status: "file", context, results };
  return { status: 200, body: { result: results }, context, datasource };
}

/**
 * Superset's ChartDataRestApi: a CSV or Excel answer needs can_csv on Superset (refused before the query runs).
 * Readers without it (an embedded guest whose role lacks it, an anonymous viewer) read the chart, not a file.
 */
export function mayExport(c: C, format: unknown): void {
  if ((format === "csv" || format === "xlsx") && !can(principalOf(c), "can_csv", "Superset")) throw forbidden("You may not download this data: it needs can_csv on Superset.");
}
