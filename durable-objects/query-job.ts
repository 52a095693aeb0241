import { DurableObject } from "cloudflare:workers";
import type { Env } from "../workers/env";
import type { NewAsyncEvent } from "./event-channel";
import { runJobQuery, type JobSpec } from "../workers/connectors/job-runner";

// One QueryJob per asynchronous query: it runs the statement away from the request that started it,
// keeps the result, can be stopped, and reports done/error to the owner's EventChannel.

export type JobState = "pending" | "running" | "success" | "failed" | "stopped";

export interface JobStatus {
  jobId: string;
  state: JobState;
  error: string | null;
  startedAt: number | null;
  endedAt: number | null;
}

export class QueryJob extends DurableObject<Env> {
  private abort: AbortController | null = null;

  /** Starts the job once; calling start again for the same id returns its current status. */
  async start(spec: JobSpec): Promise<JobStatus> {
    const existing = await this.status();
    if (existing) return existing;
    const status: JobStatus = { jobId: spec.jobId, state: "running", error: null, startedAt: Date.now(), endedAt: null };
    await this.ctx.storage.put({ spec, status });
    this.abort = new AbortController();
    this.ctx.waitUntil(this.execute(spec, this.abort.signal));
    return status;
  }

  async status(): Promise<JobStatus | null> {
    return (await this.ctx.storage.get<JobStatus>("status")) ?? null;
  }

  async result(): Promise<unknown> {
    return (await this.ctx.storage.get("result")) ?? null;
  }

  /** Stopped is final: a result arriving afterwards is dropped (SPEC §4). */
  async stop(): Promise<JobStatus | null> {
    const status = await this.status();
    if (!status || status.state !== "running") return status;
    this.abort?.abort(new Error("stopped"));
    const stopped: JobStatus = { ...status, state: "stopped", endedAt: Date.now() };
    await this.ctx.storage.put("status", stopped);
    return stopped;
  }

  private async execute(spec: JobSpec, signal: AbortSignal): Promise<void> {
    let event: NewAsyncEvent;
    try {
      const result = await runJobQuery(this.env, spec, signal);
      if ((await this.status())?.state === "stopped") return;
      await this.ctx.storage.put({ result, status: { ...(await this.status())!, state: "success", endedAt: Date.now() } });
      event = { job_id: spec.jobId, user_id: String(spec.userId), status: "done", errors: [], result_url: `/api/v1/sqllab/results/?q=(key:'${spec.jobId}')` };
    } catch (e) {
      if ((await this.status())?.state === "stopped") return;
      const message = e instanceof Error ? e.message : String(e);
      await this.ctx.storage.put("status", { ...(await this.status())!, state: "failed", error: message, endedAt: Date.now() });
      event = { job_id: spec.jobId, user_id: String(spec.userId), status: "error", errors: [{ message }], result_url: null };
    }
    const channel = this.env.EVENT_CHANNEL.get(this.env.EVENT_CHANNEL.idFromName(spec.channelId)) as unknown as {
      publish(channelId: string, e: NewAsyncEvent): Promise<unknown>;
    };
    await channel.publish(spec.channelId, event);
  }
}
