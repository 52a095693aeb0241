// Superset's report states and messages (superset/reports/models.py ReportState, commands/exceptions.py), and
// the time-window rules of its state machine (commands/execute.py), as pure functions of the log.

export const ReportState = {
  SUCCESS: "Success",
  WORKING: "Working",
  ERROR: "Error",
  NOOP: "Not triggered",
  GRACE: "On Grace",
} as const;
export type ReportStateValue = (typeof ReportState)[keyof typeof ReportState];

export const Messages = {
  previousWorking: "Report Schedule is still working, refusing to re-compute.",
  workingTimeout: "Report Schedule reached a working timeout.",
  gracePeriod: "Alert fired during grace period.",
  interrupted: "The run was interrupted before it finished and could not be resumed.",
  interruptedWhileSending: "The run was interrupted while the email was being handed to the mail server; it is not sent again, in case it was delivered.",
} as const;

export interface LogEntry {
  state: string;
  end_dttm: string | null;
  error_message: string | null;
}

const ms = (iso: string | null) => (iso ? Date.parse(iso.endsWith("Z") || iso.includes("+") ? iso : `${iso}Z`) : NaN);

/** Superset's is_in_grace_period: an alert that fired (last Success) less than grace_period seconds ago stays quiet. */
export function inGracePeriod(lastSuccess: LogEntry | null, gracePeriodSeconds: number, now: Date): boolean {
  if (!lastSuccess || !gracePeriodSeconds) return false;
  return now.getTime() - gracePeriodSeconds * 1000 < ms(lastSuccess.end_dttm);
}

/** Superset's is_on_working_timeout: the run that entered Working started more than working_timeout seconds ago. */
export function onWorkingTimeout(startedAt: string | null, workingTimeoutSeconds: number, now: Date): boolean {
  if (!startedAt || !workingTimeoutSeconds) return false;
  return now.getTime() - workingTimeoutSeconds * 1000 > ms(startedAt);
}

/** Superset's states a schedule leaves from: Success and On Grace lead to the grace check for alerts. */
export function afterSuccess(lastState: string | null): boolean {
  return lastState === ReportState.SUCCESS || lastState === ReportState.GRACE;
}
