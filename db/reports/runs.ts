import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../client";
import { reportExecutionLogs, reportOwners, reportRecipients, reportSchedules } from "../schema";

// What the report runner reads and writes in D1: the active schedules (for the cron), one schedule with its
// recipients and owners (for a run), Superset's execution log rows, and the log's retention.

export type ReportScheduleRow = typeof reportSchedules.$inferSelect;
export type ReportRecipientRow = typeof reportRecipients.$inferSelect;

/** What the cron needs to decide which schedules are due: small rows, every active schedule. */
export function activeSchedules(db: Database) {
  return db
    .select({ id: reportSchedules.id, crontab: reportSchedules.crontab, timezone: reportSchedules.timezone, last_state: reportSchedules.last_state })
    .from(reportSchedules)
    .where(eq(reportSchedules.active, true))
    .all();
}

export async function scheduleForRun(db: Database, id: number) {
  const schedule = await db.select().from(reportSchedules).where(eq(reportSchedules.id, id)).get();
  if (!schedule) return null;
  const [recipients, owners] = await Promise.all([
    db.select().from(reportRecipients).where(eq(reportRecipients.report_schedule_id, id)).orderBy(reportRecipients.id).all(),
    db.select({ user_id: reportOwners.user_id }).from(reportOwners).where(eq(reportOwners.report_schedule_id, id)).all(),
  ]);
  return { schedule, recipients, ownerIds: owners.map((o) => o.user_id) };
}

export interface LogWrite {
  uuid: string;
  scheduleId: number;
  scheduledAt: string;
  startedAt: string;
  state: string;
  errorMessage?: string | null;
  value?: number | null;
  valueRowJson?: string | null;
}

/**
 * Superset's update_report_schedule_and_log: the schedule's last_state and last_eval_dttm, and one log row per
 * state entered, in one D1 batch (both or neither).
 */
export async function writeState(db: Database, w: LogWrite, now = new Date()): Promise<void> {
  const end = now.toISOString();
  const set: Partial<ReportScheduleRow> = { last_state: w.state, last_eval_dttm: end };
  if (w.value !== undefined) set.last_value = w.value === null ? null : String(w.value);
  if (w.valueRowJson !== undefined) set.last_value_row_json = w.valueRowJson;
  await db.batch([
    db.update(reportSchedules).set(set).where(eq(reportSchedules.id, w.scheduleId)),
    db.insert(reportExecutionLogs).values({
      uuid: w.uuid, report_schedule_id: w.scheduleId, scheduled_dttm: w.scheduledAt, start_dttm: w.startedAt, end_dttm: end,
      state: w.state, error_message: w.errorMessage ?? null,
      value: w.value === undefined || w.value === null ? null : String(w.value), value_row_json: w.valueRowJson ?? null,
    }),
  ]);
}

/** Superset's find_last_success_log: the end of the last Success (for an alert's grace period). */
export function lastSuccess(db: Database, scheduleId: number) {
  return db
    .select({ state: reportExecutionLogs.state, end_dttm: reportExecutionLogs.end_dttm, error_message: reportExecutionLogs.error_message })
    .from(reportExecutionLogs)
    .where(and(eq(reportExecutionLogs.report_schedule_id, scheduleId), eq(reportExecutionLogs.state, "Success")))
    .orderBy(desc(reportExecutionLogs.end_dttm))
    .get();
}

/** Superset's find_last_entered_working_log: when the run now Working entered that state. */
export function lastEnteredWorking(db: Database, scheduleId: number) {
  return db
    .select({ start_dttm: reportExecutionLogs.start_dttm })
    .from(reportExecutionLogs)
    .where(and(eq(reportExecutionLogs.report_schedule_id, scheduleId), eq(reportExecutionLogs.state, "Working"), isNull(reportExecutionLogs.error_message)))
    .orderBy(desc(reportExecutionLogs.end_dttm))
    .get();
}

/**
 * Superset's prune_log (AsyncPruneReportScheduleLogCommand): each schedule's log rows older than its
 * log_retention days go. One statement for every schedule; answers how many rows went.
 */
export async function pruneLogs(db: Database, now = new Date()): Promise<number> {
  const result = await db.run(sql`
    DELETE FROM ${reportExecutionLogs} WHERE ${reportExecutionLogs.id} IN (
      SELECT l.id FROM ${reportExecutionLogs} l JOIN ${reportSchedules} s ON s.id = l.report_schedule_id
      WHERE s.log_retention > 0 AND l.end_dttm < strftime('%Y-%m-%dT%H:%M:%fZ', ${now.toISOString()}, '-' || s.log_retention || ' days'))`);
  return result.meta.changes ?? 0;
}
