import type { Database } from "../../db/client";
import { lastSuccess, scheduleForRun, writeState, type ReportScheduleRow } from "../../db/reports/runs";
import { loadPrincipal } from "../../db/security/principals";
import { evaluateAlert, parseValidator, AlertError } from "../../core/reports/alert";
import { csvFileName, emailHtml, emailSubject, reportFileName } from "../../core/reports/email-content";
import { everyAddress, invalidAddresses, parseRecipient } from "../../core/reports/recipients";
import { smtpConfig, SmtpConfigError, type SmtpVars } from "../../core/reports/smtp-config";
import { afterSuccess, inGracePeriod, Messages, ReportState } from "../../core/reports/states";
import type { Env } from "../env";
import { runAlertQuery } from "./alert-query";
import { reportContent, type ReportContent } from "./report-content";
import { dashboardStateOf, planEmails, type PlannedEmail } from "../../core/reports/native-filters";
import { reportExtra } from "../../core/reports/shape";
import { buildMime } from "./mime";
import { deliverOnce, type DeliveryJournal, type RetryPolicy } from "./deliver";
import { ReportError } from "./errors";
import { readingIn } from "../../core/time-zone/viewer-zone";

// One run of a report schedule for one scheduled time, as Superset's ReportScheduleStateMachine: Working, then
// Success, Error, Not triggered (an alert whose condition is false) or On Grace (an alert that fired less than
// grace_period ago). Every state entered is a log row (update_report_schedule_and_log). The caller (the
// schedule's Durable Object) makes sure one scheduled time runs once and supplies the delivery journal.

export interface RunInput {
  env: Env;
  db: Database;
  scheduleId: number;
  scheduledAt: string;
  executionId: string;
  startedAt: string;
  journal: DeliveryJournal;
  retry: RetryPolicy;
  now?: () => Date;
}

export type RunOutcome = { state: string; error: string | null } | { state: "skipped"; error: null };

/** Superset's executor for ALERT_REPORTS_EXECUTE_AS = [OWNER]: the last modifier or creator if an owner, else the first owner. */
export function executorId(schedule: ReportScheduleRow, ownerIds: number[]): number | null {
  if (schedule.changed_by_fk && ownerIds.includes(schedule.changed_by_fk)) return schedule.changed_by_fk;
  if (schedule.created_by_fk && ownerIds.includes(schedule.created_by_fk)) return schedule.created_by_fk;
  return ownerIds[0] ?? schedule.created_by_fk ?? null;
}

function baseUrl(env: Env): string {
  return (env.WEBDRIVER_BASEURL_USER_FRIENDLY ?? "http://localhost:8787/").replace(/\/?$/, "/");
}

export async function runReport(input: RunInput): Promise<RunOutcome> {
  const { db, env } = input;
  const now = input.now ?? (() => new Date());
  const loaded = await scheduleForRun(db, input.scheduleId);
  if (!loaded || !loaded.schedule.active) return { state: "skipped", error: null }; // deleted or paused since the tick
  const { schedule, recipients, ownerIds } = loaded;
  const log = (state: string, extra: { errorMessage?: string | null; value?: number | null; valueRowJson?: string | null } = {}) =>
    writeState(db, { uuid: input.executionId, scheduleId: schedule.id, scheduledAt: input.scheduledAt, startedAt: input.startedAt, state, ...extra }, now());

  const isAlert = schedule.type === "Alert";
  if (isAlert && afterSuccess(schedule.last_state) && inGracePeriod((await lastSuccess(db, schedule.id)) ?? null, schedule.grace_period, now())) {
    await log(ReportState.GRACE, { errorMessage: Messages.gracePeriod });
    return { state: ReportState.GRACE, error: Messages.gracePeriod };
  }
  await log(ReportState.WORKING);
  try {
    const userId = executorId(schedule, ownerIds);
    const principal = userId === null ? null : await loadPrincipal(db, userId);
    if (!principal) throw new ReportError(`No active owner to run this ${isAlert ? "alert" : "report"} as (user id ${userId ?? "none"}).`);
    // the value the alert's SQL returned goes into every log line after it (Superset's "Value" column),
    // the triggered run's Success included
    let alertValue: { value?: number | null; valueRowJson?: string | null } = {};
    if (isAlert) {
      const rows = await runAlertQuery(env, db, env.SECRET_KEY ?? "", principal, schedule.database_id, schedule.sql);
      const outcome = evaluateAlert(parseValidator(schedule.validator_type, schedule.validator_config_json), rows.columns, rows.rows);
      alertValue = { value: outcome.value, valueRowJson: outcome.valueRowJson };
      if (!outcome.triggered) {
        await log(ReportState.NOOP, alertValue);
        return { state: ReportState.NOOP, error: null };
      }
    }
    // a chart that cannot be drawn on the server is sent with the reason instead of an image, and logged so
    const notice = await send(input, schedule, recipients.map((r) => parseRecipient(r.type, r.recipient_config_json)), principal);
    await log(ReportState.SUCCESS, { errorMessage: notice, ...alertValue });
    return { state: ReportState.SUCCESS, error: notice };
  } catch (e) {
    const message = e instanceof ReportError || e instanceof AlertError || e instanceof SmtpConfigError ? e.message : `Report Schedule execution failed: ${(e as Error).message}`;
    await log(ReportState.ERROR, { errorMessage: message });
    return { state: ReportState.ERROR, error: message };
  }
}

/**
 * Sends the report's emails; answers the notice sent in place of an image that could not be drawn, if any.
 * A dashboard report's recipients with their own native-filter values each get their own email; the content
 * of each filter state is produced once, and only for emails the journal does not already hold as sent.
 */
async function send(input: RunInput, schedule: ReportScheduleRow, parsed: ReturnType<typeof parseRecipient>[], principal: NonNullable<Awaited<ReturnType<typeof loadPrincipal>>>): Promise<string | null> {
  const emails = parsed.map((r, index) => ({ r, index })).filter((x): x is { r: NonNullable<typeof x.r>; index: number } => x.r !== null && everyAddress(x.r).length > 0);
  if (!emails.length) throw new ReportError("This report has no email recipients.");
  const bad = emails.flatMap((e) => invalidAddresses(e.r));
  if (bad.length) throw new ReportError(`Not an email address: ${bad.join(", ")}`);
  const config = smtpConfig(input.env as SmtpVars);
  // relative ranges ("Today") resolve in the schedule's zone: a 9 am Kolkata report shows Kolkata's day
  const call = { env: input.env, db: input.db, secret: input.env.SECRET_KEY ?? "", principal: readingIn(principal, schedule.timezone), now: new Date(input.scheduledAt), force: schedule.force_screenshot };
  const state = schedule.dashboard_id ? dashboardStateOf(reportExtra(schedule.extra_json)) : dashboardStateOf({});
  const plan = planEmails(emails, state);
  const domain = config.from.split("@")[1] ?? "localhost";
  const at = Date.parse(input.scheduledAt);
  const contents = new Map<string, Promise<ReportContent>>();
  const contentOf = (email: PlannedEmail) => {
    if (!contents.has(email.stateKey)) contents.set(email.stateKey, reportContent(call, schedule, email.nativeFilters));
    return contents.get(email.stateKey)!;
  };
  const notices = new Set<string>();
  for (const [n, email] of plan.entries()) {
    if (input.journal.state(email.key) === "sent") continue; // a resumed run: neither drawn nor sent again
    const content = await contentOf(email);
    if (content.notice) notices.add(content.notice);
    const name = schedule.email_subject?.trim() || `${schedule.name}: ${content.name}`;
    const imageId = `chart-${schedule.id}-${at}-${n}@${domain}`;
    const inline = content.image?.extension === "png";
    const html = emailHtml({
      name, description: schedule.description, url: `${baseUrl(input.env)}${content.path}`, table: content.table,
      notice: content.notice, images: inline ? [imageId] : [], filters: content.filters,
    });
    const attachments = [
      ...(content.csv ? [{ filename: csvFileName(name), contentType: "text/csv", data: content.csv }] : []),
      ...(content.image ? [{ filename: reportFileName(name, content.image.extension), contentType: content.image.contentType, data: content.image.bytes, ...(inline ? { inlineId: imageId } : {}) }] : []),
    ];
    const data = buildMime({
      from: config.from, recipients: email.recipients, subject: emailSubject(config.subjectPrefix, name), html, date: new Date(input.scheduledAt),
      messageId: `report-${schedule.id}-${at}-${String(email.key).replace(/[^A-Za-z0-9.-]+/g, "-")}@${domain}`,
      attachments,
    });
    await deliverOnce(config, { from: config.from, recipients: everyAddress(email.recipients), data }, email.key, input.journal, input.retry);
  }
  return notices.size ? [...notices].join(" ") : null;
}
