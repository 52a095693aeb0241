import { Cron } from "croner";

// When a report schedule is due. The Worker's cron ticks once a minute (UTC); a schedule's crontab is read in
// its own IANA time zone, so "0 9 * * *" in Europe/Paris fires at 09:00 Paris wall-clock time all year.
// Daylight-saving changes follow croner (Vixie cron's rules): a fixed time that falls in the spring-forward gap
// runs right after the gap, a fixed time that occurs twice in the fall-back hour runs once (the first), and an
// interval job ("*/15 * * * *") skips the gap and runs through both passes of the repeated hour.
// Superset's beat does the same with a 59-second window per tick (ALERT_REPORTS_CRON_WINDOW_SIZE).

function cronFor(crontab: string, timezone: string): Cron {
  // paused and without a callback: croner only computes dates, it never schedules a timer
  return new Cron(crontab.trim(), { paused: true, mode: "5-part", timezone });
}

/** Is this a crontab and a time zone croner can read? The message when not, null when fine. */
export function scheduleProblem(crontab: string, timezone: string): string | null {
  try {
    cronFor(crontab, timezone).nextRun(new Date(0));
    return null;
  } catch (e) {
    return `Invalid schedule "${crontab}" in time zone "${timezone}": ${(e as Error).message}`;
  }
}

/** The minute (UTC, whole minute) a tick belongs to: a late or repeated tick keeps its scheduled minute. */
export function tickMinute(scheduledTime: Date): Date {
  return new Date(Math.floor(scheduledTime.getTime() / 60_000) * 60_000);
}

/**
 * The occurrence of the schedule inside the tick's minute [minute, minute + 60 s), or null. Throws on an
 * unreadable crontab or time zone (the caller logs it once and moves on).
 */
export function dueInMinute(crontab: string, timezone: string, minute: Date): Date | null {
  const start = tickMinute(minute).getTime();
  const next = cronFor(crontab, timezone).nextRun(new Date(start - 1));
  if (!next || next.getTime() >= start + 60_000) return null;
  return next;
}

/** The next occurrences after `after`, for display ("next run at"). */
export function nextRuns(crontab: string, timezone: string, after: Date, count: number): Date[] {
  return cronFor(crontab, timezone).nextRuns(count, after);
}
