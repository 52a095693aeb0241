import type { ReportPayload } from "./payload";

// The checks of Superset's Create/UpdateReportScheduleCommand.validate that join fields or need the metadata
// database, as a pure function of the report as it would be saved and what the caller looked up. Superset answers
// them all at once as a 422 `{ message: { field: [messages] } }` (ReportScheduleInvalidError).

/** The report as it would be after the write: the stored row overlaid with the payload. */
export interface ReportDraft {
  type: string;
  chart: number | null;
  dashboard: number | null;
  database: number | null;
  sql: string | null;
  report_format: string;
  validator_type: string | null;
  validator_config_json: { op?: string; threshold?: number } | null;
  extra: Record<string, unknown>;
}

export interface Lookups {
  nameTaken: boolean;
  chartExists: boolean | null; // null: no chart named
  /** the dashboard's layout keys (tab ids live there), or false when it does not exist; null: none named */
  dashboardLayoutKeys: string[] | false | null;
  databaseExists: boolean | null;
}

export const TEXT_ONLY_FOR_CHARTS = "CSV and TEXT formats are only available for charts";

export function reportProblems(d: ReportDraft, found: Lookups, mode: "create" | "update"): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (found.nameTaken) add("name", "Name must be unique");
  if (d.type === "Alert") {
    if (d.database === null) add("database", "Database is required for alerts");
    else if (found.databaseExists === false) add("database", "Database does not exist");
    if (!d.sql?.trim()) add("sql", "SQL is required for alerts");
    if (d.validator_type === "operator" && (d.validator_config_json?.op === undefined || d.validator_config_json.threshold === undefined))
      add("validator_config_json", "An operator alert needs an operator (op) and a threshold");
  }
  if (d.chart !== null && d.dashboard !== null) add("chart", "Choose a chart or dashboard not both");
  else if (d.chart !== null) {
    if (found.chartExists === false) add("chart", "Chart does not exist");
  } else if (d.dashboard !== null) {
    if (found.dashboardLayoutKeys === false) add("dashboard", "Dashboard does not exist");
    if (d.report_format === "CSV" || d.report_format === "TEXT") add("report_format", TEXT_ONLY_FOR_CHARTS);
  } else if (mode === "create") add("chart", "Must choose either a chart or a dashboard");
  const invalidTabs = invalidTabIds(d.extra, found.dashboardLayoutKeys);
  if (invalidTabs.length) add("extra", `Invalid tab ids: {${invalidTabs.map((t) => `'${t}'`).join(", ")}}`);
  return errors;
}

/** Superset's _validate_report_extra: the dashboard tabs a report shows must be in the dashboard's layout. */
function invalidTabIds(extra: Record<string, unknown>, layoutKeys: string[] | false | null): string[] {
  if (!layoutKeys) return [];
  const state = extra.dashboard;
  if (!state || typeof state !== "object") return [];
  const tabs = (state as Record<string, unknown>).activeTabs;
  const anchor = (state as Record<string, unknown>).anchor;
  const asked = [...(Array.isArray(tabs) ? tabs : []), ...(typeof anchor === "string" && anchor ? [anchor] : [])];
  return [...new Set(asked.map(String))].filter((t) => !layoutKeys.includes(t));
}

/** Overlays a payload on the stored values (null for a new report) into the draft the rules check. */
export function draftOf(stored: ReportDraft | null, p: ReportPayload): ReportDraft {
  const pick = <K extends keyof ReportDraft>(key: K, value: ReportDraft[K] | undefined, fallback: ReportDraft[K]) =>
    value !== undefined ? value : stored ? stored[key] : fallback;
  return {
    type: pick("type", p.type, "Report"),
    chart: pick("chart", p.chart, null),
    dashboard: pick("dashboard", p.dashboard, null),
    database: pick("database", p.database, null),
    sql: pick("sql", p.sql, null),
    report_format: pick("report_format", p.report_format, "PNG"),
    validator_type: pick("validator_type", p.validator_type, null),
    validator_config_json: pick("validator_config_json", p.validator_config_json, null),
    extra: pick("extra", p.extra, {}),
  };
}
