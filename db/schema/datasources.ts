import { sqliteTable, integer, text, primaryKey, uniqueIndex, index } from "drizzle-orm/sqlite-core";
import { audit, bool, id } from "./columns";
import { users } from "./security";

// A connected database ("dbs" in Superset). The password is encrypted with SECRET_KEY and never returned.
export const databases = sqliteTable("dbs", {
  id: id(),
  uuid: text("uuid").notNull().unique(),
  database_name: text("database_name").notNull().unique(),
  sqlalchemy_uri: text("sqlalchemy_uri").notNull(), // stored with the password masked
  password: text("password"), // AES-GCM ciphertext
  engine: text("engine").notNull(), // connector folder name: d1, postgresql, mysql
  cache_timeout: integer("cache_timeout"),
  expose_in_sqllab: bool("expose_in_sqllab").notNull().default(true),
  allow_run_async: bool("allow_run_async").notNull().default(false),
  allow_ctas: bool("allow_ctas").notNull().default(false),
  allow_cvas: bool("allow_cvas").notNull().default(false),
  allow_dml: bool("allow_dml").notNull().default(false),
  allow_file_upload: bool("allow_file_upload").notNull().default(false),
  force_ctas_schema: text("force_ctas_schema"),
  extra: text("extra").notNull().default("{}"),
  encrypted_extra: text("encrypted_extra"),
  impersonate_user: bool("impersonate_user").notNull().default(false),
  configuration_method: text("configuration_method").notNull().default("sqlalchemy_form"),
  is_managed_externally: bool("is_managed_externally").notNull().default(false),
  external_url: text("external_url"),
  ...audit,
});

// A dataset ("tables" in Superset): physical (table_name) or virtual (sql).
export const datasets = sqliteTable(
  "tables",
  {
    id: id(),
    uuid: text("uuid").notNull().unique(),
    table_name: text("table_name").notNull(),
    database_id: integer("database_id").notNull().references(() => databases.id),
    catalog: text("catalog"),
    schema: text("schema"),
    sql: text("sql"),
    description: text("description"),
    main_dttm_col: text("main_dttm_col"),
    default_endpoint: text("default_endpoint"),
    offset: integer("offset").notNull().default(0),
    cache_timeout: integer("cache_timeout"),
    is_sqllab_view: bool("is_sqllab_view").notNull().default(false),
    template_params: text("template_params"),
    filter_select_enabled: bool("filter_select_enabled").notNull().default(true),
    normalize_columns: bool("normalize_columns").notNull().default(false),
    always_filter_main_dttm: bool("always_filter_main_dttm").notNull().default(false),
    extra: text("extra"),
    is_managed_externally: bool("is_managed_externally").notNull().default(false),
    external_url: text("external_url"),
    /** part of every chart-data cache key: POST /api/v1/cachekey/invalidate bumps it to drop the dataset's entries */
    cache_generation: integer("cache_generation").notNull().default(0),
    ...audit,
  },
  (t) => [uniqueIndex("tables_db_catalog_schema_name").on(t.database_id, t.catalog, t.schema, t.table_name)],
);

export const datasetColumns = sqliteTable(
  "table_columns",
  {
    id: id(),
    uuid: text("uuid").notNull().unique(),
    table_id: integer("table_id").notNull().references(() => datasets.id, { onDelete: "cascade" }),
    column_name: text("column_name").notNull(),
    verbose_name: text("verbose_name"),
    is_dttm: bool("is_dttm").notNull().default(false),
    is_active: bool("is_active").notNull().default(true),
    type: text("type"),
    type_generic: integer("type_generic"), // 0 numeric, 1 string, 2 temporal, 3 boolean (Superset's GenericDataType)
    groupby: bool("groupby").notNull().default(true),
    filterable: bool("filterable").notNull().default(true),
    expression: text("expression"),
    description: text("description"),
    python_date_format: text("python_date_format"),
    advanced_data_type: text("advanced_data_type"),
    extra: text("extra"),
    ...audit,
  },
  (t) => [uniqueIndex("table_columns_table_name").on(t.table_id, t.column_name)],
);

export const datasetMetrics = sqliteTable(
  "sql_metrics",
  {
    id: id(),
    uuid: text("uuid").notNull().unique(),
    table_id: integer("table_id").notNull().references(() => datasets.id, { onDelete: "cascade" }),
    metric_name: text("metric_name").notNull(),
    verbose_name: text("verbose_name"),
    metric_type: text("metric_type"),
    expression: text("expression").notNull(),
    description: text("description"),
    d3format: text("d3format"),
    currency: text("currency"),
    warning_text: text("warning_text"),
    extra: text("extra"),
    ...audit,
  },
  (t) => [uniqueIndex("sql_metrics_table_name").on(t.table_id, t.metric_name), index("sql_metrics_table").on(t.table_id)],
);

export const datasetOwners = sqliteTable(
  "sqlatable_user",
  {
    user_id: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    table_id: integer("table_id").notNull().references(() => datasets.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.table_id] })],
);
