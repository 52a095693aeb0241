import { humanizeAgo } from "../recent-activity";
import { FAB_FILTERS as F, op, type FabResource } from "../http/fab";
import { crontabInWords } from "./crontab-check";

// Report schedules and their execution logs in the shapes of Superset's ReportScheduleRestApi and
// ReportExecutionLogRestApi (get_list, get). Pure: the caller loads rows and relations in bulk.

const people = (who: string) => [`${who}.first_name`, `${who}.last_name`];

export const REPORT: FabResource = {
  listColumns: [
    "active", ...people("changed_by"), "changed_on", "changed_on_delta_humanized", "chart_id", ...people("created_by"),
    "created_on", "creation_method", "crontab", "crontab_humanized", "dashboard_id", "description", "extra", "id",
    "last_eval_dttm", "last_state", "name", "owners.first_name", "owners.id", "owners.last_name", "recipients.id",
    "recipients.type", "timezone", "type",
  ],
  showColumns: [
    "id", "active", "chart.id", "chart.slice_name", "chart.viz_type", "context_markdown", "creation_method", "crontab",
    "custom_width", "dashboard.dashboard_title", "dashboard.id", "database.database_name", "database.id", "description",
    "email_subject", "extra", "force_screenshot", "grace_period", "last_eval_dttm", "last_state", "last_value",
    "last_value_row_json", "log_retention", "name", "owners.first_name", "owners.id", "owners.last_name", "recipients.id",
    "recipients.recipient_config_json", "recipients.type", "report_format", "sql", "timezone", "type",
    "validator_config_json", "validator_type", "working_timeout",
  ],
  orderColumns: [
    "active", "description", "created_by.first_name", "changed_by.first_name", "changed_on", "changed_on_delta_humanized",
    "created_on", "crontab", "last_eval_dttm", "name", "type", "crontab_humanized",
  ],
  listTitle: "List Report Schedule",
  showTitle: "Show Report Schedule",
  addColumns: [
    ...["type", "name", "description", "context_markdown", "crontab", "timezone", "creation_method", "report_format", "sql",
      "validator_type", "email_subject"].map((name) => ({ name, type: "String" as const })),
    ...["chart", "dashboard", "database", "log_retention", "working_timeout", "grace_period", "custom_width"].map((name) => ({ name, type: "Integer" as const })),
    { name: "active", type: "Boolean" }, { name: "force_screenshot", type: "Boolean" },
    { name: "owners", type: "List" }, { name: "recipients", type: "List" }, { name: "validator_config_json", type: "Dict" },
    { name: "extra", type: "Dict" },
  ],
  filters: {
    name: [op("All Text", "report_all_text"), ...F.text],
    active: F.bool,
    changed_by: F.relation,
    created_by: F.relation,
    owners: F.relationMany,
    type: F.text,
    last_state: F.text,
    creation_method: F.text,
    dashboard_id: F.number,
    chart_id: F.number,
  },
};

export const REPORT_LOG: FabResource = {
  listColumns: ["id", "scheduled_dttm", "end_dttm", "start_dttm", "value", "value_row_json", "state", "error_message", "uuid"],
  showColumns: ["id", "scheduled_dttm", "end_dttm", "start_dttm", "value", "value_row_json", "state", "error_message", "uuid"],
  orderColumns: ["state", "value", "error_message", "end_dttm", "start_dttm", "scheduled_dttm"],
  listTitle: "List Report Execution Log",
  showTitle: "Show Report Execution Log",
  filters: { state: F.text, error_message: F.text },
};

export interface ReportRecord {
  id: number; type: string; name: string; description: string | null; context_markdown: string | null; active: boolean;
  crontab: string; timezone: string; creation_method: string; report_format: string; sql: string | null;
  chart_id: number | null; dashboard_id: number | null; database_id: number | null; last_eval_dttm: string | null;
  last_state: string; last_value: string | null; last_value_row_json: string | null; validator_type: string | null;
  validator_config_json: string | null; log_retention: number; grace_period: number; working_timeout: number;
  force_screenshot: boolean; extra_json: string; email_subject: string | null; custom_width: number | null;
  created_on: string | null; changed_on: string | null; created_by_fk: number | null; changed_by_fk: number | null;
}

export type UserRef = { id: number; first_name: string; last_name: string };
export interface RecipientRecord { id: number; type: string; recipient_config_json: string; report_schedule_id: number }

export interface ReportRelations {
  owners: Map<number, UserRef[]>;
  recipients: Map<number, RecipientRecord[]>;
  people: Map<number, UserRef>;
  charts: Map<number, { id: number; slice_name: string; viz_type: string }>;
  dashboards: Map<number, { id: number; dashboard_title: string }>;
  databases: Map<number, { id: number; database_name: string }>;
}

/** Superset sends naive UTC datetimes (no zone suffix); stored values are ISO-8601 with Z. */
export const naive = (iso: string | null) => (iso ? iso.replace(/Z$/, "").replace(/\+00:00$/, "") : null);
const num = (text: string | null) => (text === null || text === "" || Number.isNaN(Number(text)) ? null : Number(text));

export function reportExtra(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

const name = (u: UserRef | undefined | null) => (u ? { first_name: u.first_name, last_name: u.last_name } : null);

export function reportListItem(r: ReportRecord, rel: ReportRelations, now = Date.now()) {
  return {
    id: r.id, type: r.type, name: r.name, description: r.description, active: r.active, crontab: r.crontab,
    crontab_humanized: crontabInWords(r.crontab), timezone: r.timezone, creation_method: r.creation_method,
    chart_id: r.chart_id, dashboard_id: r.dashboard_id, last_eval_dttm: naive(r.last_eval_dttm), last_state: r.last_state,
    extra: reportExtra(r.extra_json), created_on: naive(r.created_on), changed_on: naive(r.changed_on),
    changed_on_delta_humanized: r.changed_on ? humanizeAgo(now - Date.parse(r.changed_on)) : null,
    changed_by: name(r.changed_by_fk ? rel.people.get(r.changed_by_fk) : null),
    created_by: name(r.created_by_fk ? rel.people.get(r.created_by_fk) : null),
    owners: (rel.owners.get(r.id) ?? []).map((u) => ({ id: u.id, first_name: u.first_name, last_name: u.last_name })),
    recipients: (rel.recipients.get(r.id) ?? []).map((x) => ({ id: x.id, type: x.type })),
  };
}

export function reportDetail(r: ReportRecord, rel: ReportRelations) {
  const chart = r.chart_id !== null ? rel.charts.get(r.chart_id) : undefined;
  const dashboard = r.dashboard_id !== null ? rel.dashboards.get(r.dashboard_id) : undefined;
  const database = r.database_id !== null ? rel.databases.get(r.database_id) : undefined;
  return {
    id: r.id, type: r.type, name: r.name, description: r.description, context_markdown: r.context_markdown, active: r.active,
    crontab: r.crontab, timezone: r.timezone, creation_method: r.creation_method, report_format: r.report_format,
    chart: chart ? { id: chart.id, slice_name: chart.slice_name, viz_type: chart.viz_type } : null,
    dashboard: dashboard ? { id: dashboard.id, dashboard_title: dashboard.dashboard_title } : null,
    database: database ? { id: database.id, database_name: database.database_name } : null,
    sql: r.sql, validator_type: r.validator_type, validator_config_json: r.validator_config_json,
    last_eval_dttm: naive(r.last_eval_dttm), last_state: r.last_state, last_value: num(r.last_value),
    last_value_row_json: r.last_value_row_json, log_retention: r.log_retention, working_timeout: r.working_timeout,
    grace_period: r.grace_period, custom_width: r.custom_width, email_subject: r.email_subject,
    force_screenshot: r.force_screenshot, extra: reportExtra(r.extra_json),
    owners: (rel.owners.get(r.id) ?? []).map((u) => ({ id: u.id, first_name: u.first_name, last_name: u.last_name })),
    recipients: (rel.recipients.get(r.id) ?? []).map((x) => ({ id: x.id, type: x.type, recipient_config_json: x.recipient_config_json })),
  };
}

export interface LogRecord {
  id: number; uuid: string; scheduled_dttm: string; start_dttm: string | null; end_dttm: string | null;
  value: string | null; value_row_json: string | null; state: string; error_message: string | null;
}

export function logItem(l: LogRecord) {
  return {
    id: l.id, uuid: l.uuid, scheduled_dttm: naive(l.scheduled_dttm), start_dttm: naive(l.start_dttm), end_dttm: naive(l.end_dttm),
    value: num(l.value), value_row_json: l.value_row_json, state: l.state, error_message: l.error_message,
  };
}
