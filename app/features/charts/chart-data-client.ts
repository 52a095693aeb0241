import type { QueryData } from "../../../core/charts/contract";
import { apiCall } from "../../components/api-call";
import { guestHeaders } from "../../components/guest-token";
import { forgetJob, waitForJob } from "../sqllab/async-events";
import { ndjsonReader, type BatchLine } from "../../../core/chart-data/batch";

// POST /api/v1/chart/data as Superset's chart action does it: a 200 carries the data; a 202
// (GLOBAL_ASYNC_QUERIES on and the answer not cached) names a job, whose done or error event comes through the
// user's async event channel (the websocket, else polling GET /api/v1/async_event/ — the one client SQL Lab uses),
// and a done job's data is then read from its result_url. An abort (the user's "Stop") ends the wait too.
// fetchChartDataBatched (dashboards): the requests of charts asking in the same task go together in one
// POST /api/v1/chart/data/batch, whose NDJSON lines each answer one of them as it finishes (docs/decisions/0012).

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
  return answerOf(res.body, csrfToken, signal);
}

/** A 200 body's result, or a 202 body's job followed to its result. */
async function answerOf(body: { result?: QueryData[] } & Partial<AsyncJobMetadata>, csrfToken: string | null, signal?: AbortSignal): Promise<ChartDataAnswer> {
  if (Array.isArray(body.result)) return { ok: true, result: body.result };
  if (typeof body.job_id !== "string") return { ok: false, message: "The chart data answer was not understood" };
  const event = await jobEvent(body.job_id, signal);
  if (!event) return aborted();
  if (event.status === "error" || !event.result_url) return { ok: false, message: event.errors?.[0]?.message ?? "The chart's query failed" };
  const data = await apiCall<{ result?: QueryData[] }>("GET", event.result_url, csrfToken, undefined, { signal });
  if (signal?.aborted) return aborted();
  if (!data.ok) return { ok: false, message: data.message };
  return Array.isArray(data.body.result) ? { ok: true, result: data.body.result } : { ok: false, message: "The chart data answer was not understood" };
}

/** The message of one of Superset's error envelopes. */
function envelopeMessage(body: { message?: unknown; errors?: { message?: string }[] } | null, fallback: string): string {
  return body?.errors?.[0]?.message || (typeof body?.message === "string" && body.message) || fallback;
}

interface Pending {
  body: unknown;
  signal?: AbortSignal;
  resolve: (answer: ChartDataAnswer) => void;
}
let queued: { csrfToken: string | null; items: Pending[] } | null = null;

/** Sends the queued requests: one alone as an ordinary chart-data request, several as one batch. */
async function flush(csrfToken: string | null, items: Pending[]): Promise<void> {
  const live = items.filter((p) => (p.signal?.aborted ? (p.resolve(aborted()), false) : true));
  if (live.length <= 1) return live.forEach((p) => void fetchChartData(p.body, csrfToken, p.signal).then(p.resolve));
  const settle = (index: number, answer: Promise<ChartDataAnswer> | ChartDataAnswer) => {
    const p = live[index];
    if (!p) return;
    delete live[index];
    void Promise.resolve(answer).then(p.resolve);
  };
  const failAll = (message: string) => live.forEach((_, i) => settle(i, { ok: false, message }));
  const headers: Record<string, string> = { Accept: "application/x-ndjson", "Content-Type": "application/json", ...guestHeaders() };
  if (csrfToken) headers["X-CSRFToken"] = csrfToken;
  const res = await fetch("/api/v1/chart/data/batch", { method: "POST", headers, credentials: "same-origin", body: JSON.stringify({ contexts: live.map((p) => p.body) }) }).catch(() => null);
  if (!res) return failAll("Network error");
  if (!res.ok || !res.body) return failAll(envelopeMessage((await res.json().catch(() => null)) as Parameters<typeof envelopeMessage>[0], res.statusText || "An error occurred"));
  const reader = ndjsonReader<BatchLine>();
  const lineAnswer = (line: BatchLine) => {
    const p = live[line.index];
    if (!p) return;
    if (p.signal?.aborted) return settle(line.index, aborted());
    settle(line.index, line.status === 200 || line.status === 202 ? answerOf(line.body, csrfToken, p.signal) : { ok: false, message: envelopeMessage(line.body, "The chart's query failed") });
  };
  const decoder = new TextDecoder();
  const stream = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await stream.read();
      if (done) break;
      reader.push(decoder.decode(value, { stream: true })).forEach(lineAnswer);
    }
    reader.end().forEach(lineAnswer);
  } catch {
    // the stream broke off: the charts not answered yet are told below
  }
  failAll("The chart data answer ended early");
}

/**
 * fetchChartData, batched: requests made in the same run of synchronous work (a dashboard's charts coming into
 * view, or all charts a filter change re-queries, each asking from its effect of the same commit) leave together
 * in one POST /api/v1/chart/data/batch.
 */
export function fetchChartDataBatched(body: unknown, csrfToken: string | null, signal?: AbortSignal): Promise<ChartDataAnswer> {
  return new Promise((resolve) => {
    if (!queued || queued.csrfToken !== csrfToken) {
      const batch = (queued = { csrfToken, items: [] });
      // sent once the current task's synchronous work is done (React runs every chart's effects of one commit in
      // one go), not after a timer: a timer waited behind the re-render tasks a filter apply schedules, and the
      // batch left ~0.5 s after the click (bench/dashboard.mjs, issue 12)
      queueMicrotask(() => {
        if (queued === batch) queued = null;
        void flush(batch.csrfToken, batch.items);
      });
    }
    queued.items.push({ body, signal, resolve });
  });
}
