// The report editor's state and the POST/PUT body it becomes (Superset's AlertReportModal), kept pure so the
// modal's parts only render fields and the mapping is unit-tested. Recipients are typed as comma- or
// semicolon-separated addresses, as Superset's email fields are. A dashboard report's native-filter values and
// per-recipient values are kept in Superset's shape (extra.dashboard), the rest of a stored extra untouched.

import { dashboardStateOf, type RecipientNativeFilters, type ReportNativeFilter } from "./native-filters";

export type ReportKind = "Report" | "Alert";

export interface ReportForm {
  type: ReportKind;
  name: string;
  description: string;
  owners: number[];
  active: boolean;
  crontab: string;
  timezone: string;
  contentType: "chart" | "dashboard";
  chart: number | null;
  dashboard: number | null;
  reportFormat: string;
  customWidth: number | null;
  to: string;
  cc: string;
  bcc: string;
  logRetention: number;
  workingTimeout: number;
  gracePeriod: number;
  database: number | null;
  sql: string;
  condition: "not null" | "<" | "<=" | ">" | ">=" | "==" | "!=";
  threshold: number | null;
  creationMethod: "charts" | "dashboards" | "alerts_reports";
  /** the dashboard's native-filter values the report applies (extra.dashboard.nativeFilters) */
  nativeFilters: ReportNativeFilter[];
  /** recipients with their own values (extra.dashboard.recipientNativeFilters) */
  recipientNativeFilters: RecipientNativeFilters[];
  /** the stored extra, so keys the editor does not show (anchor, activeTabs) survive a save */
  extra: Record<string, unknown>;
}

export const SCHEDULE_PRESETS: { label: string; crontab: string }[] = [
  { label: "Every hour", crontab: "0 * * * *" },
  { label: "Every day at 9:00", crontab: "0 9 * * *" },
  { label: "Every weekday at 9:00", crontab: "0 9 * * 1-5" },
  { label: "Every Monday at 9:00", crontab: "0 9 * * 1" },
  { label: "First day of the month at 9:00", crontab: "0 9 1 * *" },
];

export const LOG_RETENTION_CHOICES = [1, 7, 14, 30, 60, 90];

export function emptyForm(type: ReportKind, init: Partial<ReportForm> = {}): ReportForm {
  return {
    type, name: "", description: "", owners: [], active: true, crontab: "0 9 * * *", timezone: "UTC", contentType: "dashboard",
    chart: null, dashboard: null, reportFormat: "PNG", customWidth: null, to: "", cc: "", bcc: "", logRetention: 90,
    workingTimeout: 3600, gracePeriod: 14400, database: null, sql: "", condition: "not null",
    threshold: null, creationMethod: "alerts_reports", nativeFilters: [], recipientNativeFilters: [], extra: {}, ...init,
  };
}

const addresses = (text: string) => text.split(/[,;\s]+/).map((s) => s.trim()).filter(Boolean).join(",");

/** Addresses that do not look like email addresses (the editor says so before sending). */
export function badAddresses(text: string): string[] {
  return text.split(/[,;\s]+/).map((s) => s.trim()).filter(Boolean).filter((a) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(a));
}

/** The form as Superset's ReportSchedule POST/PUT body. */
export function formPayload(f: ReportForm, mode: "create" | "update"): Record<string, unknown> {
  const isChart = f.contentType === "chart";
  const body: Record<string, unknown> = {
    type: f.type, name: f.name.trim(), description: f.description.trim() || null, owners: f.owners, active: f.active,
    crontab: f.crontab.trim(), timezone: f.timezone, chart: isChart ? f.chart : null, dashboard: isChart ? null : f.dashboard,
    report_format: !isChart && (f.reportFormat === "CSV" || f.reportFormat === "TEXT") ? "PNG" : f.reportFormat,
    custom_width: f.customWidth, log_retention: f.logRetention, working_timeout: f.workingTimeout,
    recipients: [{ type: "Email", recipient_config_json: { target: addresses(f.to), ccTarget: addresses(f.cc), bccTarget: addresses(f.bcc) } }],
  };
  if (mode === "create") body.creation_method = f.creationMethod;
  body.extra = extraOf(f);
  if (f.type === "Alert") {
    body.database = f.database;
    body.sql = f.sql;
    body.grace_period = f.gracePeriod;
    body.validator_type = f.condition === "not null" ? "not null" : "operator";
    body.validator_config_json = f.condition === "not null" ? {} : { op: f.condition, threshold: f.threshold };
  }
  return body;
}

/** The stored extra with the editor's filter state in it; a chart report carries none (the API refuses it). */
function extraOf(f: ReportForm): Record<string, unknown> {
  const stored = f.extra.dashboard && typeof f.extra.dashboard === "object" ? (f.extra.dashboard as Record<string, unknown>) : {};
  const { nativeFilters: _n, recipientNativeFilters: _r, ...dashboard } = stored;
  if (f.contentType === "chart") {
    const { dashboard: _d, ...rest } = f.extra;
    return Object.keys(dashboard).length ? { ...rest, dashboard } : rest;
  }
  return { ...f.extra, dashboard: { ...dashboard, nativeFilters: f.nativeFilters, recipientNativeFilters: f.recipientNativeFilters.filter((m) => m.recipient.trim()) } };
}

/** Every address of the to, cc and bcc fields (the recipients a per-recipient row may name). */
export const formAddresses = (f: Pick<ReportForm, "to" | "cc" | "bcc">): string[] =>
  [...new Set([f.to, f.cc, f.bcc].flatMap((t) => t.split(/[,;\s]+/).map((a) => a.trim()).filter(Boolean)))];

export interface StoredReport {
  type: string; name: string; description: string | null; active: boolean; crontab: string; timezone: string;
  chart: { id: number } | null; dashboard: { id: number } | null; database: { id: number } | null; report_format: string | null;
  custom_width: number | null; log_retention: number | null; working_timeout: number | null; grace_period: number | null;
  sql: string | null; validator_type: string | null; validator_config_json: string | null; creation_method: string | null;
  owners: { id: number }[]; recipients: { type: string; recipient_config_json: string | null }[];
  extra?: Record<string, unknown>;
}

/** A stored report (GET /api/v1/report/{pk}) as the editor's state. */
export function formFromReport(r: StoredReport): ReportForm {
  const email = r.recipients.find((x) => x.type === "Email");
  let targets: { target?: string; ccTarget?: string; bccTarget?: string } = {};
  try {
    targets = email?.recipient_config_json ? JSON.parse(email.recipient_config_json) : {};
  } catch {
    targets = {};
  }
  let config: { op?: string; threshold?: number } = {};
  try {
    config = r.validator_config_json ? JSON.parse(r.validator_config_json) : {};
  } catch {
    config = {};
  }
  const type: ReportKind = r.type === "Alert" ? "Alert" : "Report";
  return emptyForm(type, {
    name: r.name, description: r.description ?? "", owners: r.owners.map((o) => o.id), active: r.active, crontab: r.crontab,
    timezone: r.timezone, contentType: r.chart ? "chart" : "dashboard", chart: r.chart?.id ?? null, dashboard: r.dashboard?.id ?? null,
    reportFormat: r.report_format ?? "PNG", customWidth: r.custom_width, to: targets.target ?? "", cc: targets.ccTarget ?? "",
    bcc: targets.bccTarget ?? "", logRetention: r.log_retention ?? 90, workingTimeout: r.working_timeout ?? 3600,
    gracePeriod: r.grace_period ?? 14400, database: r.database?.id ?? null, sql: r.sql ?? "",
    condition: r.validator_type === "operator" && config.op ? (config.op as ReportForm["condition"]) : "not null",
    threshold: config.threshold ?? null,
    creationMethod: (r.creation_method as ReportForm["creationMethod"]) ?? "alerts_reports",
    ...(() => {
      const { nativeFilters, recipientNativeFilters } = dashboardStateOf(r.extra ?? {});
      return { nativeFilters, recipientNativeFilters, extra: r.extra ?? {} };
    })(),
  });
}
