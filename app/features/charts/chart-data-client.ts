import type { QueryData } from "../../../core/charts/contract";
import { apiCall } from "../../components/api-call";
import { forgetJob, waitForJob } from "../sqllab/async-events";

// POST /api/v1/chart/data as Superset's chart action does it (SPEC §4 "Chart"): a 200 carries the data; a 202
// (GLOBAL_ASYNC_QUERIES on and the answer not cached) names a job, whose done or error event comes through the
// user's async event channel (the websocket, else polling GET /api/v1/async_event/ — the one client SQL Lab uses),
// and a done job's data is then read from its result_url. An abort (the user's "Stop") ends the wait too.

export type ChartDataAnswer = { ok: true; result: QueryData[] } | { ok: false; message: string; aborted?: boolean };

interface AsyncJobMetadata {
  job_id: string;
  status: string;
  result_url: string | null;
}

const aborted = (): ChartDataAnswer => ({ ok: false, message: "Updating chart was stopped", aborted: true });

/** Waits for the job's event, or for the abort signal, whichever comes first. */
function jobEvent(jobId: string, signal?: AbortSignal) {
  return new Promise<Awaited<ReturnType<typeof waitForJob>> | null>((resolve) => {
    if (signal?.aborted) return resolve(null);
    const onAbort = () => {
      forgetJob(jobId);
      resolve(null);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    void waitForJob(jobId).then((event) => {
      signal?.removeEventListener("abort", onAbort);
      resolve(event);
    });
  });
}

export async function fetchChartData(body: unknown, csrfToken: string | null, signal?: AbortSignal): Promise<ChartDataAnswer> {
  const res = await apiCall<{ result?: QueryData[] } & Partial<AsyncJobMetadata>>("POST", "/api/v1/chart/data", csrfToken, body, { signal });
  if (signal?.aborted) return aborted();
  if (!res.ok) return { ok: false, message: res.message };
  if (Array.isArray(res.body.result)) return { ok: true, result: res.body.result };
  if (typeof res.body.job_id !== "string") return { ok: false, message: "The chart data answer was not understood" };
  const event = await jobEvent(res.body.job_id, signal);
  if (!event) return aborted();
  if (event.status === "error" || !event.result_url) return { ok: false, message: event.errors?.[0]?.message ?? "The chart's query failed" };
  const data = await apiCall<{ result?: QueryData[] }>("GET", event.result_url, csrfToken, undefined, { signal });
  if (signal?.aborted) return aborted();
  if (!data.ok) return { ok: false, message: data.message };
  return Array.isArray(data.body.result) ? { ok: true, result: data.body.result } : { ok: false, message: "The chart data answer was not understood" };
}
