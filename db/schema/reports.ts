import { sqliteTable, integer, text, primaryKey, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { audit, bool, id } from "./columns";
import { users } from "./security";

// Superset's ReportSchedule. A name is unique per type (an alert and a report may share one).
// extra_json holds {"dashboard": {"activeTabs": [...], "anchor": "...", "nativeFilters": [...]}} for
// dashboard reports (the tab and native-filter state to apply) and is the place for what Superset adds later.
// last_state is one of Superset's ReportState values: Success, Working, Error, Not triggered, On Grace.
export const reportSchedules = sqliteTable(
  "report_schedule",
  {
    id: id(),
    type: text("type").notNull(), // 'Alert' or 'Report'
    name: text("name").notNull(),
    description: text("description"),
    context_markdown: text("context_markdown"),
    active: bool("active").notNull().default(true),
    crontab: text("crontab").notNull(),
    timezone: text("timezone").notNull().default("UTC"),
    creation_method: text("creation_method").notNull().default("alerts_reports"), // 'charts', 'dashboards', 'alerts_reports'
    report_format: text("report_format").notNull().default("PNG"),
    sql: text("sql"),
    chart_id: integer("chart_id"),
    dashboard_id: integer("dashboard_id"),
    database_id: integer("database_id"),
    last_eval_dttm: text("last_eval_dttm"),
    last_state: text("last_state").notNull().default("Not triggered"),
    last_value: text("last_value"),
    last_value_row_json: text("last_value_row_json"),
    validator_type: text("validator_type"),
    validator_config_json: text("validator_config_json"),
    log_retention: integer("log_retention").notNull().default(90),
    grace_period: integer("grace_period").notNull().default(14400),
    working_timeout: integer("working_timeout").notNull().default(3600),
    force_screenshot: bool("force_screenshot").notNull().default(false),
    extra_json: text("extra_json").notNull().default("{}"),
    email_subject: text("email_subject"),
    custom_width: integer("custom_width"), // screenshot width in pixels; null → the default
    custom_height: integer("custom_height"),
    ...audit,
  },
  (t) => [uniqueIndex("report_schedule_name_type").on(t.name, t.type)]
);

export const reportOwners = sqliteTable(
  "report_schedule_user",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    report_schedule_id: integer("report_schedule_id")
      .notNull()
      .references(() => reportSchedules.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.report_schedule_id] })]
);

export const reportRecipients = sqliteTable("report_recipient", {
  id: id(),
  type: text("type").notNull(), // 'Email', 'Slack'
  recipient_config_json: text("recipient_config_json").notNull().default("{}"),
  report_schedule_id: integer("report_schedule_id")
    .notNull()
    .references(() => reportSchedules.id, { onDelete: "cascade" }),
  ...audit,
});

export const reportExecutionLogs = sqliteTable(
  "report_execution_log",
  {
    id: id(),
    uuid: text("uuid").notNull(),
    report_schedule_id: integer("report_schedule_id")
      .notNull()
      .references(() => reportSchedules.id, { onDelete: "cascade" }),
    scheduled_dttm: text("scheduled_dttm").notNull(),
    start_dttm: text("start_dttm"),
    end_dttm: text("end_dttm"),
    value: text("value"),
    value_row_json: text("value_row_json"),
    state: text("state").notNull(),
    error_message: text("error_message"),
  },
  (t) => [index("report_execution_log_schedule").on(t.report_schedule_id, t.scheduled_dttm)]
);
