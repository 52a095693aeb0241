import { DurableObject } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { inList } from "../db/d1-params";
import type { Env } from "../services/env";
import type { NewAsyncEvent } from "./event-channel";
import { openDatabase } from "../db/client";
import { databases, queries } from "../db/schema";
import { connectorFor } from "../services/connectors/registry";
import { engineFailure, failedState, runStatements, type RunSpec } from "../services/sqllab/run-statements";
import { secretsOfUri } from "../core/sqllab/scrub";
import { errorEnvelope } from "../core/http/errors";
import { wireColumns, type WireColumn } from "../core/sqllab/payloads";

// One QueryJob per asynchronous SQL Lab query (named `job:<client_id>`). It runs the statements from an
// alarm (an alarm may run for 15 minutes, a request's leftover work may not), can be stopped mid-statement
// (the AbortSignal reaches the connector, which cancels on the engine), and is the results backend: the
// rows stay in this object's SQLite storage, in chunks below the 2 MB row limit, for RESULT_TTL_MS.
// When done it marks the `query` row and publishes done/error to the owner's EventChannel.

export interface JobSpec {
  clientId: string;
  queryId: number;
  userId: number;
  databaseId: number;
  run: RunSpec;
}

export type JobState = "running" | "success" | "failed" | "stopped" | "timed_out";

export interface JobStatus {
  state: JobState;
  error: string | null;
  startedAt: number;
  endedAt: number | null;
}

export interface StoredResult {
  columns: WireColumn[];
  rows: unknown[][];
  total: number;
  limitingFactor: string;
}

export interface ResultPage {
  meta: Omit<StoredResult, "rows"> | null;
  rows: unknown[][];
  next: number | null;
}

const RESULT_TTL_MS = 24 * 3600_000;
/** The row states a run may still leave: anything else (stopped above all) was decided elsewhere and is final. */
const ACTIVE_ROW_STATES = ["pending", "running"];
const CHUNK_BYTES = 512 * 1024;

export class QueryJob extends DurableObject<Env> {
  private abort: AbortController | null = null;
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS result_chunks (seq INTEGER PRIMARY KEY, body TEXT NOT NULL)`);
  }

  /** Accepts the job once and runs it from an alarm right away; a repeated start answers the current status. */
  async start(spec: JobSpec): Promise<JobStatus> {
    const existing = await this.status();
    if (existing?.state === "running") return existing;
    // a finished run of the same client id is being re-run: its old result goes
    if (existing) await this.clear();
    const status: JobStatus = { state: "running", error: null, startedAt: Date.now(), endedAt: null };
    await this.ctx.storage.put({ spec, status });
    await this.ctx.storage.setAlarm(Date.now());
    return status;
  }

  async status(): Promise<JobStatus | null> {
    return (await this.ctx.storage.get<JobStatus>("status")) ?? null;
  }

  /** Stopped is final: the statement is cancelled and a result arriving afterwards is dropped. */
  async stop(): Promise<JobStatus | null> {
    const status = await this.status();
    if (!status || status.state !== "running") return status;
    const stopped: JobStatus = { ...status, state: "stopped", endedAt: Date.now() };
    await this.ctx.storage.put("status", stopped);
    this.abort?.abort(new Error("stopped"));
    return stopped;
  }

  /** Keeps the result of a synchronous run, so a reloaded editor can read it back like an async one. */
  // A result from a synchronous run arrives whole when it fits one RPC value (workerd caps them at 32 MiB),
  // otherwise in parts: storeBegin, storeAppend for each part, storeEnd. workers/sqllab/results-backend.ts
  // drives it.

  async store(result: StoredResult): Promise<void> {
    const { rows, ...meta } = result;
    await this.storeBegin(meta);
    this.storeAppend(rows);
    await this.storeEnd();
  }

  async storeBegin(meta: Omit<StoredResult, "rows">): Promise<void> {
    await this.clear();
    await this.ctx.storage.put({ result_meta: meta });
  }

  storeAppend(rows: unknown[][]): void {
    this.storeRows(rows, true);
  }

  async storeEnd(): Promise<void> {
    const now = Date.now();
    await this.ctx.storage.put({ status: { state: "success", error: null, startedAt: now, endedAt: now } satisfies JobStatus });
    await this.ctx.storage.setAlarm(now + RESULT_TTL_MS);
  }

  private async clear(): Promise<void> {
    this.sql.exec(`DELETE FROM result_chunks`);
    await this.ctx.storage.delete(["spec", "status", "result_meta"]);
  }

  /**
   * One page of the stored result: the chunks after `afterSeq` while their JSON stays under `pageBytes` (at
   * least one chunk), cut to `rows`; `next` is the sequence number to continue from, null at the end. The
   * meta is null when the result has expired or never existed.
   */
  async resultPage(afterSeq: number, rows: number, pageBytes: number): Promise<ResultPage> {
    const meta = (await this.ctx.storage.get<Omit<StoredResult, "rows">>("result_meta")) ?? null;
    const out: unknown[][] = [];
    if (!meta) return { meta, rows: out, next: null };
    let bytes = 0;
    let last = afterSeq;
    for (const chunk of this.sql.exec<{ seq: number; body: string }>(`SELECT seq, body FROM result_chunks WHERE seq > ? ORDER BY seq`, afterSeq)) {
      if (out.length && bytes + chunk.body.length > pageBytes) return { meta, rows: out, next: last };
      for (const row of JSON.parse(chunk.body) as unknown[][]) {
        if (out.length >= rows) return { meta, rows: out, next: null };
        out.push(row);
      }
      bytes += chunk.body.length;
      last = chunk.seq;
    }
    return { meta, rows: out, next: null };
  }

  async alarm(): Promise<void> {
    const status = await this.status();
    if (!status) return;
    const spec = await this.ctx.storage.get<JobSpec>("spec");
    if (status.state === "running" && spec && !this.abort) {
      await this.execute(spec);
      return;
    }
    if (status.state !== "running" && status.endedAt !== null && Date.now() - status.endedAt >= RESULT_TTL_MS) {
      await this.ctx.storage.deleteAll();
      // deleteAll drops the SQL table too; this object may still serve a re-run of the same client id
      this.sql.exec(`CREATE TABLE IF NOT EXISTS result_chunks (seq INTEGER PRIMARY KEY, body TEXT NOT NULL)`);
    } else if (status.endedAt !== null) {
      await this.ctx.storage.setAlarm(status.endedAt + RESULT_TTL_MS);
    }
  }

  private async execute(spec: JobSpec): Promise<void> {
    const db = openDatabase(this.env.DB);
    const database = await db.select().from(databases).where(eq(databases.id, spec.databaseId)).get();
    this.abort = new AbortController();
    const secrets = database ? secretsOfUri(database.sqlalchemy_uri) : [];
    let event: NewAsyncEvent;
    try {
      if (!database) throw new Error("The database of this query no longer exists.");
      const started = await db
        .update(queries)
        .set({ status: "running", start_running_time: Date.now(), changed_on: new Date().toISOString() })
        .where(and(eq(queries.id, spec.queryId), inList(queries.status, ACTIVE_ROW_STATES)))
        .run();
      // stopped before it began: nothing runs
      if (!started.meta.changes) return void (await this.markStoppedByRow());
      const connector = await connectorFor(this.env, database, this.env.SECRET_KEY ?? "");
      let outcome;
      try {
        outcome = await runStatements(connector, spec.run, this.abort.signal);
      } finally {
        await connector.close().catch(() => {});
      }
      if ((await this.status())?.state !== "running") return; // stopped meanwhile: drop the result
      const resultsKey = crypto.randomUUID();
      const endedAt = Date.now();
      // The row is written first, and only while the run is still active: a stop request may have marked it
      // `stopped` while the engine was answering (D1 cannot be interrupted, so its statement always finishes),
      // and stopped is final. Then the result is dropped and nobody is told.
      const written = await db
        .update(queries)
        .set({
          status: "success", progress: 100, rows: outcome.result.rows.length, results_key: resultsKey, executed_sql: outcome.executedSql,
          limiting_factor: outcome.limitingFactor, end_time: endedAt, end_result_backend_time: Date.now(), error_message: null,
          changed_on: new Date().toISOString(),
        })
        .where(and(eq(queries.id, spec.queryId), inList(queries.status, ACTIVE_ROW_STATES)))
        .run();
      if (!written.meta.changes) {
        await this.markStoppedByRow();
        return;
      }
      const columns = wireColumns(outcome.result.columns);
      this.storeRows(outcome.result.rows);
      await this.ctx.storage.put({
        result_meta: { columns, total: outcome.result.rows.length, limitingFactor: outcome.limitingFactor },
        status: { ...(await this.status())!, state: "success", endedAt },
      });
      event = { job_id: spec.clientId, user_id: String(spec.userId), status: "done", errors: [], result_url: `/api/v1/sqllab/results/?q=(key:'${resultsKey}')` };
    } catch (e) {
      if ((await this.status())?.state !== "running") return;
      const failure = engineFailure(e, secrets);
      const state = failedState(failure);
      const written = await db
        .update(queries)
        .set({ status: state, error_message: failure.message, end_time: Date.now(), changed_on: new Date().toISOString() })
        .where(and(eq(queries.id, spec.queryId), inList(queries.status, ACTIVE_ROW_STATES)))
        .run();
      if (!written.meta.changes) {
        await this.markStoppedByRow();
        return;
      }
      await this.ctx.storage.put("status", { ...(await this.status())!, state, error: failure.message, endedAt: Date.now() });
      event = { job_id: spec.clientId, user_id: String(spec.userId), status: "error", errors: (errorEnvelope(failure).errors as unknown[]) ?? [], result_url: null };
    } finally {
      this.abort = null;
      await this.ctx.storage.setAlarm(Date.now() + RESULT_TTL_MS);
    }
    const ns = this.env.EVENT_CHANNEL;
    const channel = ns.get(ns.idFromName(`user:${spec.userId}`)) as unknown as { publish(channelId: string, e: NewAsyncEvent): Promise<unknown> };
    await channel.publish(`user:${spec.userId}`, event);
  }

  /** The row was stopped (or otherwise finished) by someone else while the engine ran: this run ends stopped. */
  private async markStoppedByRow(): Promise<void> {
    const status = await this.status();
    if (status?.state === "running") await this.ctx.storage.put("status", { ...status, state: "stopped", endedAt: Date.now() } satisfies JobStatus);
  }

  /** Rows go in as JSON chunks of about CHUNK_BYTES so no single stored row nears the 2 MB limit. */
  private storeRows(rows: unknown[][], append = false): void {
    if (!append) this.sql.exec(`DELETE FROM result_chunks`);
    let chunk: unknown[][] = [];
    let bytes = 0;
    let seq = append ? (this.sql.exec<{ next: number }>(`SELECT COALESCE(MAX(seq) + 1, 0) AS next FROM result_chunks`).one().next) : 0;
    const flush = () => {
      if (!chunk.length) return;
      this.sql.exec(`INSERT INTO result_chunks (seq, body) VALUES (?, ?)`, seq++, JSON.stringify(chunk, jsonReplacer));
      chunk = [];
      bytes = 0;
    };
    for (const row of rows) {
      const size = JSON.stringify(row, jsonReplacer).length;
      if (bytes + size > CHUNK_BYTES) flush();
      chunk.push(row);
      bytes += size;
    }
    flush();
  }
}

function jsonReplacer(_key: string, value: unknown): unknown {
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Uint8Array) return [...value].map((b) => b.toString(16).padStart(2, "0")).join("");
  return value;
}
