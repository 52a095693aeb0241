import { DurableObject } from "cloudflare:workers";
import type { Env } from "../services/env";
import type { NewAsyncEvent } from "./event-channel";
import { openDatabase } from "../db/client";
import { loadPrincipal } from "../db/security/principals";
import { ApiError, errorEnvelope } from "../core/http/errors";
import { runChartData } from "../services/chart-data/run-context";

// One ChartDataJob per asynchronous chart-data request (Superset's GLOBAL_ASYNC_QUERIES), named
// `chart-job:<job id>`. The request answered 202 with the job; this object runs the query context from an
// alarm, as the user who asked (their permissions read again from D1, so a revoked grant stops the job),
// keeps the answer for RESULT_TTL_MS, and announces done/error on the user's EventChannel with the
// result_url the client fetches (GET /api/v1/chart/data/<job id>, answered from here).

export interface ChartJobSpec {
  jobId: string;
  userId: number;
  body: Record<string, unknown>;
  force: boolean;
  chartCacheTimeout: number | null;
}

export interface ChartJobResult {
  datasourceId: number;
  /** the request's form data: a dashboard it names may grant the dataset again when the result is read (DASHBOARD_RBAC) */
  formData: Record<string, unknown> | null;
  /** the JSON of `{result: [...]}`, exactly what a synchronous request would have answered */
  json: string;
}

const RESULT_TTL_MS = 24 * 3600_000;
/** stored rows stay well below the 2 MB SQLite row limit of Durable Object storage */
const CHUNK_CHARS = 500_000;

export const chartJobResultUrl = (jobId: string) => `/api/v1/chart/data/${jobId}`;

export class ChartDataJob extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS result_chunks (seq INTEGER PRIMARY KEY, body TEXT NOT NULL)`);
  }

  /** Accepts the job once and runs it from an alarm right away (an alarm may outlive the request). */
  async start(spec: ChartJobSpec): Promise<void> {
    if (await this.ctx.storage.get("spec")) return;
    await this.ctx.storage.put({ spec, state: "pending" });
    await this.ctx.storage.setAlarm(Date.now());
  }

  /** The answer, for the user who started the job only; null while it runs, after an error or for anyone else. */
  async result(userId: number): Promise<ChartJobResult | null> {
    const spec = await this.ctx.storage.get<ChartJobSpec>("spec");
    if (!spec || spec.userId !== userId || (await this.ctx.storage.get("state")) !== "done") return null;
    const datasourceId = (await this.ctx.storage.get<number>("datasourceId")) ?? 0;
    const parts = this.sql.exec<{ body: string }>(`SELECT body FROM result_chunks ORDER BY seq`).toArray();
    const formData = spec.body.form_data;
    const named = formData && typeof formData === "object" && !Array.isArray(formData) ? (formData as Record<string, unknown>) : null;
    return { datasourceId, formData: named, json: parts.map((p) => p.body).join("") };
  }

  async alarm(): Promise<void> {
    const spec = await this.ctx.storage.get<ChartJobSpec>("spec");
    const state = await this.ctx.storage.get<string>("state");
    if (spec && state === "pending") {
      await this.ctx.storage.put("state", "running");
      await this.run(spec);
      await this.ctx.storage.setAlarm(Date.now() + RESULT_TTL_MS);
      return;
    }
    if (state === "running") return; // a retried alarm while the run is still going
    await this.ctx.storage.deleteAll();
    this.sql.exec(`CREATE TABLE IF NOT EXISTS result_chunks (seq INTEGER PRIMARY KEY, body TEXT NOT NULL)`);
  }

  private async run(spec: ChartJobSpec): Promise<void> {
    const db = openDatabase(this.env.DB);
    let event: NewAsyncEvent;
    try {
      const principal = await loadPrincipal(db, spec.userId);
      if (!principal) throw new ApiError(403, "The user who started this job can no longer sign in", "GENERIC_BACKEND_ERROR");
      const call = { env: this.env, db, secret: this.env.SECRET_KEY ?? "", principal, background: (p: Promise<unknown>) => this.ctx.waitUntil(p.catch(() => {})), chartCacheTimeout: spec.chartCacheTimeout };
      const { context, results } = await runChartData(call, spec.body, spec.force);
      const json = JSON.stringify({ result: results });
      for (let at = 0, seq = 0; at < json.length; at += CHUNK_CHARS, seq++) {
        this.sql.exec(`INSERT INTO result_chunks (seq, body) VALUES (?, ?)`, seq, json.slice(at, at + CHUNK_CHARS));
      }
      await this.ctx.storage.put({ state: "done", datasourceId: context.datasource.id });
      event = { job_id: spec.jobId, user_id: String(spec.userId), status: "done", errors: [], result_url: chartJobResultUrl(spec.jobId) };
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(500, "The chart query failed", "GENERIC_BACKEND_ERROR");
      if (!(e instanceof ApiError)) console.error("chart data job failed", e);
      await this.ctx.storage.put("state", "error");
      const envelope = errorEnvelope(err);
      const errors = (envelope.errors as unknown[] | undefined) ?? [{ message: JSON.stringify(envelope.message), error_type: err.errorType, level: "warning", extra: {} }];
      event = { job_id: spec.jobId, user_id: String(spec.userId), status: "error", errors, result_url: null };
    }
    const ns = this.env.EVENT_CHANNEL;
    const channel = ns.get(ns.idFromName(`user:${spec.userId}`)) as unknown as { publish(channelId: string, e: NewAsyncEvent): Promise<unknown> };
    await channel.publish(`user:${spec.userId}`, event);
  }
}
