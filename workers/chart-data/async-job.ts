import type { Env } from "../../services/env";
import type { Principal } from "../../core/security/permissions";
import type { ChartDataJob, ChartJobResult, ChartJobSpec } from "../../durable-objects/chart-data-job";

// Superset's GLOBAL_ASYNC_QUERIES for chart data: a request whose results are not all cached answers 202
// with a job; a ChartDataJob object runs it and announces it on the caller's event channel.

export const asyncQueriesOn = (env: Env) => env.GLOBAL_ASYNC_QUERIES === "true" && !!env.CHART_DATA_JOB;

function jobStub(env: Env, jobId: string): DurableObjectStub<ChartDataJob> {
  const ns = env.CHART_DATA_JOB as unknown as DurableObjectNamespace<ChartDataJob>;
  return ns.get(ns.idFromName(`chart-job:${jobId}`));
}

/** Superset's AsyncJobMetadata, answered with 202. */
export async function startChartJob(env: Env, principal: Principal, body: Record<string, unknown>, force: boolean, chartCacheTimeout: number | null) {
  const jobId = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const spec: ChartJobSpec = { jobId, userId: principal.id, body, force, chartCacheTimeout };
  await jobStub(env, jobId).start(spec);
  return { channel_id: `user:${principal.id}`, job_id: jobId, user_id: String(principal.id), status: "pending", errors: [], result_url: null };
}

/** A finished job's answer for the user who started it; null otherwise (and when async queries are off). */
export async function chartJobResult(env: Env, jobId: string, userId: number): Promise<ChartJobResult | null> {
  if (!env.CHART_DATA_JOB || !/^[0-9a-f]{64}$/.test(jobId)) return null;
  return jobStub(env, jobId).result(userId);
}
