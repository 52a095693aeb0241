import { DurableObject } from "cloudflare:workers";
import type { Env } from "../services/env";
import { openDatabase } from "../db/client";
import { lastEnteredWorking, scheduleForRun, writeState } from "../db/reports/runs";
import { Messages, onWorkingTimeout, ReportState } from "../core/reports/states";
import { runReport } from "../services/reports/execute";
import type { DeliveryJournal, DeliveryState } from "../services/reports/deliver";

// One ReportRunner per report schedule (`report:<id>`). It turns "this schedule is due at T" into exactly one run
// of T, however many times, however late and however concurrently the cron says so:
// - enqueue() claims T with one synchronous INSERT … ON CONFLICT DO NOTHING in the object's SQLite storage:
//   storage calls without an await in between cannot interleave, so of any number of racing calls one wins;
// - the run itself happens in alarm(), one at a time, in scheduled order; an alarm interrupted by an eviction or
//   a crash is retried by the runtime, and recover() (pinged by the cron while D1 says Working) sets it again,
//   so a run is resumed or ended in Error, never left Working;
// - each email's progress is journaled here (see services/reports/deliver.ts), so a resumed run never sends
//   an email the server may already have accepted: per (scheduled time, recipient row), and per (scheduled time,
//   recipient) for recipients with their own native-filter values.

const MAX_ATTEMPTS = 3;
/** claims are kept this long, so a tick delayed by up to a month is still recognised as a duplicate */
const KEEP_RUNS_MS = 31 * 86_400_000;

type RunRow = { scheduled_at: string; schedule_id: number; execution_id: string; state: string; started_at: string | null; attempts: number };

export interface EnqueueResult {
  accepted: boolean;
  /** "queued", "duplicate", or the state written when refused because an earlier run is still Working */
  outcome: string;
}

export class ReportRunner extends DurableObject<Env> {
  private processing = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS runs (
        scheduled_at TEXT PRIMARY KEY, schedule_id INTEGER NOT NULL, execution_id TEXT NOT NULL,
        state TEXT NOT NULL, started_at TEXT, attempts INTEGER NOT NULL DEFAULT 0, claimed_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS deliveries (
        scheduled_at TEXT NOT NULL, idx INTEGER NOT NULL, state TEXT NOT NULL, PRIMARY KEY (scheduled_at, idx));`);
  }

  private get sql() {
    return this.ctx.storage.sql;
  }

  async enqueue(scheduleId: number, scheduledAt: string): Promise<EnqueueResult> {
    const claimed = this.sql.exec(
      "INSERT INTO runs (scheduled_at, schedule_id, execution_id, state, claimed_at) VALUES (?, ?, ?, 'queued', ?) ON CONFLICT (scheduled_at) DO NOTHING",
      scheduledAt, scheduleId, crypto.randomUUID(), Date.now(),
    ).rowsWritten;
    if (!claimed) return { accepted: false, outcome: "duplicate" };
    const working = this.sql.exec<RunRow>("SELECT * FROM runs WHERE state = 'working' AND scheduled_at <> ? LIMIT 1", scheduledAt).toArray()[0];
    // a Working row while no loop runs was interrupted: the loop below resumes or ends it first, then runs T
    if (working && this.processing) return { accepted: false, outcome: await this.refuse(scheduleId, scheduledAt, working) };
    await this.ctx.storage.setAlarm(Date.now());
    return { accepted: true, outcome: "queued" };
  }

  /** Superset's ReportWorkingState: an earlier run still Working refuses this one, or times out. */
  private async refuse(scheduleId: number, scheduledAt: string, working: RunRow): Promise<string> {
    const row = this.sql.exec<RunRow>("SELECT * FROM runs WHERE scheduled_at = ?", scheduledAt).one();
    const db = openDatabase(this.env.DB);
    const loaded = await scheduleForRun(db, scheduleId);
    const entered = (await lastEnteredWorking(db, scheduleId))?.start_dttm ?? working.started_at;
    const timedOut = loaded !== null && onWorkingTimeout(entered, loaded.schedule.working_timeout, new Date());
    const state = timedOut ? ReportState.ERROR : ReportState.WORKING;
    this.sql.exec("UPDATE runs SET state = 'refused' WHERE scheduled_at = ?", scheduledAt);
    if (loaded) {
      const now = new Date().toISOString();
      await writeState(db, { uuid: row.execution_id, scheduleId, scheduledAt, startedAt: now, state, errorMessage: timedOut ? Messages.workingTimeout : Messages.previousWorking });
    }
    return state;
  }

  /** Pinged by the cron while D1 says this schedule is Working: a run nobody is running gets its alarm back. */
  async recover(): Promise<boolean> {
    if (this.processing) return false;
    const pending = this.sql.exec("SELECT 1 FROM runs WHERE state IN ('queued', 'working') LIMIT 1").toArray().length > 0;
    if (pending) await this.ctx.storage.setAlarm(Date.now());
    return pending;
  }

  async alarm(): Promise<void> {
    // one loop at a time: rows claimed while it runs are picked up before it ends
    if (this.processing) return;
    this.processing = true;
    try {
      for (;;) {
        const row = this.sql.exec<RunRow>("SELECT * FROM runs WHERE state IN ('queued', 'working') ORDER BY scheduled_at LIMIT 1").toArray()[0];
        if (!row) break;
        await this.runOne(row);
      }
      this.sql.exec("DELETE FROM runs WHERE claimed_at < ? AND state NOT IN ('queued', 'working')", Date.now() - KEEP_RUNS_MS);
      this.sql.exec("DELETE FROM deliveries WHERE scheduled_at NOT IN (SELECT scheduled_at FROM runs)");
    } finally {
      this.processing = false;
    }
  }

  private async runOne(row: RunRow): Promise<void> {
    const db = openDatabase(this.env.DB);
    const finish = (state: string) => this.sql.exec("UPDATE runs SET state = ? WHERE scheduled_at = ?", state, row.scheduled_at);
    // a row already Working here was started by an instance that is gone (this loop is the only runner)
    if (row.state === "working" && row.attempts >= MAX_ATTEMPTS) {
      finish(ReportState.ERROR);
      await writeState(db, { uuid: row.execution_id, scheduleId: row.schedule_id, scheduledAt: row.scheduled_at, startedAt: row.started_at ?? new Date().toISOString(), state: ReportState.ERROR, errorMessage: Messages.interrupted });
      return;
    }
    const startedAt = row.started_at ?? new Date().toISOString();
    this.sql.exec("UPDATE runs SET state = 'working', attempts = attempts + 1, started_at = ? WHERE scheduled_at = ?", startedAt, row.scheduled_at);
    try {
      const outcome = await runReport({
        env: this.env, db, scheduleId: row.schedule_id, scheduledAt: row.scheduled_at, executionId: row.execution_id, startedAt,
        journal: this.journal(row.scheduled_at), retry: retryPolicy(this.env),
      });
      finish(outcome.state);
    } catch (e) {
      // D1 itself failed (the run could not even write its state): leave the row Working for a retry, bounded
      // by MAX_ATTEMPTS, and let the runtime retry the alarm
      console.error(`report ${row.schedule_id} at ${row.scheduled_at}: ${(e as Error).message}`);
      throw e;
    }
  }

  // idx holds a recipient row's index or, for per-recipient content, `recipient:<address>`: the column's INTEGER
  // affinity keeps numbers as before and text as text, so the key stays (scheduled time, email) either way
  private journal(scheduledAt: string): DeliveryJournal {
    return {
      state: (idx) => (this.sql.exec<{ state: DeliveryState }>("SELECT state FROM deliveries WHERE scheduled_at = ? AND idx = ?", scheduledAt, idx).toArray()[0]?.state ?? "pending"),
      mark: (idx, state) => {
        this.sql.exec("INSERT INTO deliveries (scheduled_at, idx, state) VALUES (?, ?, ?) ON CONFLICT (scheduled_at, idx) DO UPDATE SET state = excluded.state", scheduledAt, idx, state);
      },
    };
  }
}

function retryPolicy(env: Env) {
  const attempts = Number(env.EMAIL_RETRY_ATTEMPTS ?? 3);
  const baseMs = Number(env.EMAIL_RETRY_BASE_MS ?? 2000);
  return { attempts: Number.isInteger(attempts) && attempts > 0 ? attempts : 3, baseMs: Number.isFinite(baseMs) && baseMs >= 0 ? baseMs : 2000 };
}
