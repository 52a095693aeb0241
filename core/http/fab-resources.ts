import { FAB_FILTERS as F, op, type FabResource, type FieldInfo } from "./fab";

// Superset's class attributes for the resources whose answers carry FAB metadata (list_columns,
// show_columns, order_columns, titles, add/edit fields, search filters). Column names follow Superset's
// (superset/<resource>/api.py); filters list only what this Worker's list endpoints apply.

const people = (prefix: string) => [`${prefix}.first_name`, `${prefix}.id`, `${prefix}.last_name`];

const str = (name: string, required = false): FieldInfo => ({ name, type: "String", required });
const int = (name: string, required = false): FieldInfo => ({ name, type: "Integer", required });
const bool = (name: string): FieldInfo => ({ name, type: "Boolean" });

export const CHART: FabResource = {
  listColumns: [
    "cache_timeout", "certification_details", "certified_by", "changed_on_delta_humanized", "changed_on_utc", ...people("changed_by"),
    "changed_by_name", "created_by.first_name", "created_by.id", "created_by.last_name", "created_on_delta_humanized",
    "datasource_id", "datasource_name_text", "datasource_type", "datasource_url", "description", "id", "is_managed_externally",
    "last_saved_at", "last_saved_by.first_name", "last_saved_by.id", "last_saved_by.last_name", "owners.first_name", "owners.id",
    "owners.last_name", "dashboards.id", "dashboards.dashboard_title", "params", "slice_name", "slice_url", "table.default_endpoint",
    "table.table_name", "thumbnail_url", "url", "viz_type", "query_context", "tags.id", "tags.name", "tags.type", "uuid",
  ],
  showColumns: [
    "cache_timeout", "certified_by", "certification_details", "changed_on_delta_humanized", "dashboards.dashboard_title", "dashboards.id",
    "dashboards.json_metadata", "description", "id", "owners.first_name", "owners.id", "owners.last_name", "params", "slice_name", "thumbnail_url", "url", "viz_type", "query_context", "is_managed_externally",
    "tags.id", "tags.name", "tags.type", "datasource_id", "datasource_type",
  ],
  orderColumns: ["changed_by.first_name", "changed_on_delta_humanized", "datasource_id", "datasource_name", "last_saved_at", "last_saved_by.id", "slice_name", "viz_type"],
  listTitle: "List Slice",
  showTitle: "Show Slice",
  addColumns: [str("slice_name", true), str("description"), str("viz_type"), { name: "owners", type: "List" }, str("params"), str("query_context"), int("cache_timeout"), int("datasource_id", true), str("datasource_type", true), { name: "dashboards", type: "List" }, str("certified_by"), str("certification_details"), bool("is_managed_externally"), str("external_url")],
  filters: {
    slice_name: [op("Search all charts", "chart_all_text"), ...F.text],
    id: [op("Is favorite", "chart_is_favorite"), op("Is certified", "chart_is_certified"), ...F.number],
    owners: F.relationMany,
    dashboards: F.relationMany,
    tags: [op("Tag", "chart_tags"), op("Tag id", "chart_tag_id")],
    created_by: F.relation,
    viz_type: F.text,
    datasource_id: F.number,
  },
};

export const DATABASE: FabResource = {
  listColumns: [
    "allow_file_upload", "allow_ctas", "allow_cvas", "allow_dml", "allow_run_async", "allows_cost_estimate", "allows_subquery",
    "allows_virtual_table_explore", "backend", "changed_on", "changed_on_delta_humanized", "changed_by.first_name", "changed_by.last_name",
    "created_by.first_name", "created_by.last_name", "database_name", "explore_database_id", "expose_in_sqllab", "extra",
    "force_ctas_schema", "id", "uuid", "disable_data_preview", "disable_drill_to_detail", "allow_multi_catalog", "engine_information",
  ],
  showColumns: [
    "id", "uuid", "database_name", "cache_timeout", "expose_in_sqllab", "allow_run_async", "allow_file_upload", "configuration_method",
    "allow_ctas", "allow_cvas", "allow_dml", "backend", "driver", "force_ctas_schema", "impersonate_user", "is_managed_externally",
    "engine_information", "sqlalchemy_uri", "parameters", "extra", "masked_encrypted_extra",
  ],
  orderColumns: ["allow_file_upload", "allow_dml", "allow_run_async", "changed_on", "changed_on_delta_humanized", "created_by.first_name", "database_name", "expose_in_sqllab"],
  listTitle: "List Database",
  showTitle: "Show Database",
  addColumns: [
    str("database_name", true), str("sqlalchemy_uri"), int("cache_timeout"), bool("expose_in_sqllab"), bool("allow_run_async"),
    bool("allow_file_upload"), bool("allow_ctas"), bool("allow_cvas"), bool("allow_dml"), str("configuration_method"),
    str("force_ctas_schema"), bool("impersonate_user"), str("extra"), str("encrypted_extra"), str("server_cert"),
  ],
  filters: {
    allow_file_upload: [op("Upload Enabled", "upload_is_enabled"), ...F.bool], allow_dml: F.bool, allow_run_async: F.bool, created_by: F.relation,
    database_name: F.text, expose_in_sqllab: F.bool, uuid: F.text,
  },
};

export const DATASET: FabResource = {
  listColumns: [
    "id", "database.id", "database.database_name", "changed_by_name", "changed_by.first_name", "changed_by.last_name", "changed_by.id",
    "changed_on_utc", "changed_on_delta_humanized", "default_endpoint", "description", "datasource_type", "explore_url", "extra", "kind",
    "owners.id", "owners.first_name", "owners.last_name", "catalog", "schema", "sql", "table_name", "uuid",
  ],
  showColumns: [
    "id", "database.database_name", "database.id", "table_name", "sql", "filter_select_enabled", "fetch_values_predicate", "catalog",
    "schema", "description", "main_dttm_col", "normalize_columns", "always_filter_main_dttm", "offset", "default_endpoint",
    "cache_timeout", "is_sqllab_view", "template_params", "select_star", "owners", "columns", "metrics", "datasource_type", "url",
    "extra", "kind", "created_on", "created_on_humanized", "created_by", "changed_on", "changed_on_humanized", "changed_by", "uuid",
    "datasource_name", "name", "column_formats", "verbose_map",
  ],
  orderColumns: ["table_name", "schema", "changed_by.first_name", "changed_on_delta_humanized", "database.database_name"],
  listTitle: "List Sqla Table",
  showTitle: "Show Sqla Table",
  addColumns: [int("database", true), str("catalog"), str("schema"), str("table_name", true), str("sql"), { name: "owners", type: "List" }],
  editColumns: [
    str("table_name"), str("sql"), bool("filter_select_enabled"), str("fetch_values_predicate"), str("catalog"), str("schema"),
    str("description"), str("main_dttm_col"), bool("normalize_columns"), bool("always_filter_main_dttm"), int("offset"),
    str("default_endpoint"), int("cache_timeout"), bool("is_sqllab_view"), str("template_params"), { name: "owners", type: "List" },
    { name: "columns", type: "List" }, { name: "metrics", type: "List" }, str("extra"),
  ],
  filters: {
    id: [op("Is certified", "dataset_is_certified"), ...F.number],
    database: F.relation,
    owners: F.relationMany,
    catalog: F.text,
    schema: F.text,
    sql: [op("Null or Empty", "dataset_is_null_or_empty")],
    table_name: F.text,
  },
};

export const SAVED_QUERY: FabResource = {
  listColumns: [
    "changed_on", "changed_on_delta_humanized", ...people("changed_by"), "created_on", ...people("created_by"), "database.database_name",
    "database.id", "db_id", "description", "extra", "id", "label", "last_run_delta_humanized", "rows", "catalog", "schema", "sql",
    "sql_tables", "tags.id", "tags.name", "tags.type",
  ],
  showColumns: [
    "changed_on", "changed_on_delta_humanized", ...people("changed_by"), ...people("created_by"), "database.database_name", "database.id",
    "description", "id", "label", "catalog", "schema", "sql", "sql_tables", "template_parameters",
  ],
  orderColumns: [
    "catalog", "schema", "label", "description", "sql", "rows", "created_by.first_name", "database.database_name", "created_on",
    "changed_on_delta_humanized", "last_run_delta_humanized",
  ],
  listTitle: "List Saved Query",
  showTitle: "Show Saved Query",
  addColumns: [int("db_id"), str("description"), str("label"), str("catalog"), str("schema"), str("sql"), str("template_parameters"), str("extra_json")],
  filters: {
    id: F.number,
    database: F.relation,
    label: [op("All Text", "all_text"), ...F.text],
    tags: [op("Tag", "saved_query_tags"), op("Tag id", "saved_query_tag_id")],
    catalog: F.text,
    schema: F.text,
    created_by: F.relation,
    changed_by: F.relation,
  },
};

export const QUERY: FabResource = {
  listColumns: [
    "id", "changed_on", "database.database_name", "executed_sql", "rows", "schema", "sql", "sql_tables", "status", "tab_name",
    "user.first_name", "user.id", "user.last_name", "start_time", "end_time", "tmp_table_name", "tracking_url",
  ],
  showColumns: [
    "id", "changed_on", "client_id", "database.id", "end_result_backend_time", "end_time", "error_message", "executed_sql", "limit",
    "progress", "results_key", "rows", "schema", "select_as_cta", "select_as_cta_used", "select_sql", "sql", "sql_editor_id",
    "start_running_time", "start_time", "status", "tab_name", "tmp_schema_name", "tmp_table_name", "tracking_url",
  ],
  orderColumns: ["changed_on", "database.database_name", "rows", "schema", "start_time", "sql", "tab_name", "user.first_name"],
  listTitle: "List Query",
  showTitle: "Show Query",
};

export const LOG: FabResource = {
  listColumns: ["user.username", "action", "dttm", "json", "slice_id", "dashboard_id", "user_id", "duration_ms", "referrer"],
  showColumns: ["user.username", "action", "dttm", "json", "slice_id", "dashboard_id", "user_id", "duration_ms", "referrer"],
  orderColumns: ["action", "dttm", "user_id", "dashboard_id", "slice_id", "duration_ms"],
  listTitle: "List Log",
  showTitle: "Show Log",
};

export const DASHBOARD: FabResource = {
  listColumns: [
    "id", "uuid", "published", "status", "slug", "url", "thumbnail_url", "certified_by", "certification_details",
    ...people("changed_by"), "changed_by_name", "changed_on_utc", "changed_on_delta_humanized", "created_on_delta_humanized",
    ...people("created_by"), "dashboard_title", "owners.id", "owners.first_name", "owners.last_name", "roles.id", "roles.name",
    "is_managed_externally", "tags.id", "tags.name", "tags.type",
  ],
  showColumns: [
    "id", "uuid", "slug", "url", "dashboard_title", "thumbnail_url", "published", "css", "json_metadata", "position_json",
    "certified_by", "certification_details", "changed_by_name", "changed_by", "changed_on", "changed_on_delta_humanized",
    "created_by", "created_on_delta_humanized", "charts", "owners", "roles", "tags", "is_managed_externally",
  ],
  orderColumns: ["changed_by.first_name", "changed_on_delta_humanized", "created_by.first_name", "dashboard_title", "published", "changed_on"],
  listTitle: "List Dashboard",
  showTitle: "Show Dashboard",
  addColumns: [
    str("dashboard_title"), str("slug"), { name: "owners", type: "List" }, { name: "roles", type: "List" }, str("position_json"),
    str("css"), str("json_metadata"), bool("published"), str("certified_by"), str("certification_details"),
    bool("is_managed_externally"), str("external_url"),
  ],
  filters: {
    dashboard_title: [op("Title or Slug", "title_or_slug"), ...F.text],
    id: [op("Is favorite", "dashboard_is_favorite"), op("Is certified", "dashboard_is_certified"), ...F.number],
    owners: F.relationMany,
    roles: F.relationMany,
    tags: [op("Tag", "dashboard_tags"), op("Tag id", "dashboard_tag_id")],
    created_by: F.relation,
    changed_by: F.relation,
    published: F.bool,
    slug: F.text,
  },
};
