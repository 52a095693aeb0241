import { sqliteTable, integer, text, real, index } from "drizzle-orm/sqlite-core";
import { audit, bool, id } from "./columns";
import { users } from "./security";
import { databases } from "./datasources";

export const savedQueries = sqliteTable("saved_query", {
  id: id(),
  uuid: text("uuid").notNull().unique(),
  user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  db_id: integer("db_id").references(() => databases.id, { onDelete: "cascade" }),
  catalog: text("catalog"),
  schema: text("schema"),
  label: text("label").notNull().default(""),
  description: text("description").notNull().default(""),
  sql: text("sql").notNull().default(""),
  template_parameters: text("template_parameters"),
  extra_json: text("extra_json").notNull().default("{}"), // holds schedule_info (cron, start, end) and last run status
  last_run: text("last_run"),
  rows: integer("rows"),
  ...audit,
});

// One SQL Lab tab as the backend keeps it (Superset's tab_state).
export const tabStates = sqliteTable(
  "tab_state",
  {
    id: id(),
    user_id: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    active: bool("active").notNull().default(false),
    database_id: integer("database_id"),
    catalog: text("catalog"),
    schema: text("schema"),
    sql: text("sql").notNull().default(""),
    query_limit: integer("query_limit"),
    latest_query_id: text("latest_query_id"),
    autorun: bool("autorun").notNull().default(false),
    template_params: text("template_params"),
    hide_left_bar: bool("hide_left_bar").notNull().default(false),
    saved_query_id: integer("saved_query_id"),
    extra_json: text("extra_json").notNull().default("{}"),
    ...audit,
  },
  (t) => [index("tab_state_user").on(t.user_id)],
);

export const tableSchemas = sqliteTable("table_schema", {
  id: id(),
  tab_state_id: integer("tab_state_id").notNull().references(() => tabStates.id, { onDelete: "cascade" }),
  database_id: integer("database_id").notNull(),
  catalog: text("catalog"),
  schema: text("schema"),
  table: text("table").notNull(),
  description: text("description"), // JSON: columns, selectStar, primaryKey, foreignKeys, indexes, dataPreviewQueryId
  expanded: bool("expanded").notNull().default(true),
  ...audit,
});

// One run of SQL (Superset's query table). client_id is the browser's random 11-character id.
export const queries = sqliteTable(
  "query",
  {
    id: id(),
    client_id: text("client_id").notNull().unique(),
    database_id: integer("database_id").notNull(),
    user_id: integer("user_id"),
    status: text("status").notNull().default("pending"),
    tab_name: text("tab_name"),
    sql_editor_id: text("sql_editor_id"),
    catalog: text("catalog"),
    schema: text("schema"),
    sql: text("sql").notNull(),
    select_sql: text("select_sql"),
    executed_sql: text("executed_sql"),
    limit: integer("limit"),
    limiting_factor: text("limiting_factor").notNull().default("UNKNOWN"),
    select_as_cta: bool("select_as_cta").notNull().default(false),
    select_as_cta_used: bool("select_as_cta_used").notNull().default(false),
    ctas_method: text("ctas_method"),
    tmp_table_name: text("tmp_table_name"),
    tmp_schema_name: text("tmp_schema_name"),
    progress: integer("progress").notNull().default(0),
    rows: integer("rows"),
    error_message: text("error_message"),
    results_key: text("results_key"),
    tracking_url: text("tracking_url"),
    start_time: real("start_time"), // epoch ms, as Superset sends it
    start_running_time: real("start_running_time"),
    end_time: real("end_time"),
    end_result_backend_time: real("end_result_backend_time"),
    extra_json: text("extra_json").notNull().default("{}"),
    changed_on: text("changed_on").$defaultFn(() => new Date().toISOString()).$onUpdateFn(() => new Date().toISOString()),
  },
  (t) => [index("query_user_changed").on(t.user_id, t.changed_on), index("query_editor").on(t.sql_editor_id)],
);

