import type { Env } from "../../services/env";
import type { Database } from "../../db/client";
import { activeSchedules, pruneLogs } from "../../db/reports/runs";
import { dueInMinute, tickMinute } from "../../core/reports/schedule";
import { ReportState } from "../../core/reports/states";
import type { ReportRunner } from "../../durable-objects/report-runner";

// Alerts & reports on the every-minute tick (Superset's beat + scheduler task): each active schedule due in the
// tick's minute, in its own time zone, is handed to its ReportRunner with the scheduled time; the runner runs
// each (schedule, time) once, so a repeated, late or racing tick is harmless. Once an hour the execution logs
// past each schedule's log_retention are pruned (Superset's reports.prune_log).

export interface DispatchSummary {
  due: number;
  accepted: number;
  duplicates: number;
  refused: number;
  invalid: number;
}

export function runnerOf(env: Env, scheduleId: number): DurableObjectStub<ReportRunner> {
  const ns = env.REPORT_RUNNER as unknown as DurableObjectNamespace<ReportRunner>;
  return ns.get(ns.idFromName(`report:${scheduleId}`));
}

export async function dispatchDueReports(env: Env, db: Database, scheduledTime: Date): Promise<DispatchSummary> {
  const summary: DispatchSummary = { due: 0, accepted: 0, duplicates: 0, refused: 0, invalid: 0 };
  if (!env.REPORT_RUNNER) return summary;
  const minute = tickMinute(scheduledTime);
  const schedules = await activeSchedules(db);
  await Promise.all(schedules.map(async (s) => {
    let due: Date | null;
    try {
      due = dueInMinute(s.crontab, s.timezone || "UTC", minute);
    } catch (e) {
      summary.invalid++;
      if (minute.getUTCMinutes() === 0) console.error(`report schedule ${s.id}: ${(e as Error).message}`); // once an hour, not every minute
      return;
    }
    const runner = runnerOf(env, s.id);
    if (!due) {
      if (s.last_state === ReportState.WORKING) await runner.recover();
      return;
    }
    summary.due++;
    const { accepted, outcome } = await runner.enqueue(s.id, due.toISOString());
    if (accepted) summary.accepted++;
    else if (outcome === "duplicate") summary.duplicates++;
    else summary.refused++;
  }));
  if (minute.getUTCMinutes() === 0) {
    const pruned = await pruneLogs(db, scheduledTime);
    if (pruned) console.log(`reports: pruned ${pruned} execution log rows past their retention`);
  }
  return summary;
}
