import { maskUri, parseSqlalchemyUri, passwordInUri, PASSWORD_MASK } from "../connectors/uri";
import { genericTypeOf } from "../connectors/dialects/common";

// A bundle's configs as the values of our rows (the inverse of export-configs.ts). JSON-valued fields arrive as
// mappings in YAML and are kept as JSON text, as Superset keeps them.

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const bool = (v: unknown, dflt: boolean) => (typeof v === "boolean" ? v : dflt);
const int = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) ? v : null);
export const jsonText = (v: unknown): string | null => (v === null || v === undefined ? null : typeof v === "string" ? v : JSON.stringify(v));

/**
 * The password a database config brings: the passwords form field (or a `password` key), else the one written in
 * its URI; null when the URI has none; undefined when the URI holds the mask (it stands for the stored one).
 */
export function sentPassword(d: Json): string | null | undefined {
  if (typeof d.password === "string") return d.password;
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^:/@?#]*:([^@/?#]*)@/s.exec(String(d.sqlalchemy_uri ?? ""));
  if (m && m[1] === PASSWORD_MASK) return undefined;
  return passwordInUri(String(d.sqlalchemy_uri ?? ""));
}

/** The row and the plaintext password (sentPassword: undefined keeps the stored one), to encrypt. */
export function databaseRow(d: Json) {
  const uri = d.sqlalchemy_uri as string;
  const parsed = parseSqlalchemyUri(uri);
  return {
    values: {
      database_name: d.database_name as string, sqlalchemy_uri: maskUri(uri), engine: parsed.engine, cache_timeout: int(d.cache_timeout),
      expose_in_sqllab: bool(d.expose_in_sqllab, true), allow_run_async: bool(d.allow_run_async, false), allow_ctas: bool(d.allow_ctas, false),
      allow_cvas: bool(d.allow_cvas, false), allow_dml: bool(d.allow_dml, false), allow_file_upload: bool(d.allow_file_upload ?? d.allow_csv_upload, false),
      extra: jsonText(d.extra) ?? "{}", impersonate_user: bool(d.impersonate_user, false), force_ctas_schema: str(d.force_ctas_schema),
      external_url: str(d.external_url), is_managed_externally: bool(d.is_managed_externally, false),
    },
    password: sentPassword(d),
  };
}

export function datasetRow(d: Json, databaseId: number) {
  return {
    table_name: d.table_name as string, database_id: databaseId, catalog: str(d.catalog), schema: str(d.schema), sql: str(d.sql),
    description: str(d.description), main_dttm_col: str(d.main_dttm_col), default_endpoint: str(d.default_endpoint), offset: int(d.offset) ?? 0,
    cache_timeout: int(d.cache_timeout), template_params: jsonText(d.template_params), filter_select_enabled: bool(d.filter_select_enabled, true),
    normalize_columns: bool(d.normalize_columns, false), always_filter_main_dttm: bool(d.always_filter_main_dttm, false), extra: jsonText(d.extra),
    external_url: str(d.external_url), is_managed_externally: bool(d.is_managed_externally, false),
  };
}

export function columnRows(d: Json) {
  return ((d.columns as Json[] | undefined) ?? []).map((c) => ({
    column_name: c.column_name as string, verbose_name: str(c.verbose_name), is_dttm: bool(c.is_dttm, false), is_active: bool(c.is_active, true),
    type: str(c.type), type_generic: genericTypeOf(str(c.type)) as number, groupby: bool(c.groupby, true), filterable: bool(c.filterable, true),
    expression: str(c.expression), description: str(c.description), python_date_format: str(c.python_date_format),
    advanced_data_type: str(c.advanced_data_type), extra: jsonText(c.extra),
  }));
}

export function metricRows(d: Json) {
  return ((d.metrics as Json[] | undefined) ?? []).map((m) => ({
    metric_name: m.metric_name as string, verbose_name: str(m.verbose_name), metric_type: str(m.metric_type), expression: m.expression as string,
    description: str(m.description), d3format: str(m.d3format), currency: jsonText(m.currency), warning_text: str(m.warning_text), extra: jsonText(m.extra),
  }));
}

/** The chart's form data and stored query context pointed at its dataset's id here. */
export function chartRow(d: Json, datasetId: number) {
  const datasource = `${datasetId}__table`;
  const params = { ...((d.params as Json | undefined) ?? {}), datasource };
  let queryContext = str(d.query_context);
  if (queryContext) {
    try {
      const qc = JSON.parse(queryContext) as Json;
      qc.datasource = { id: datasetId, type: "table" };
      if (qc.form_data && typeof qc.form_data === "object") (qc.form_data as Json).datasource = datasource;
      queryContext = JSON.stringify(qc);
    } catch {
      queryContext = null;
    }
  }
  return {
    slice_name: d.slice_name as string, viz_type: d.viz_type as string, datasource_id: datasetId, datasource_type: "table",
    params: JSON.stringify(params), query_context: queryContext, description: str(d.description), cache_timeout: int(d.cache_timeout),
    certified_by: str(d.certified_by), certification_details: str(d.certification_details), external_url: str(d.external_url),
    is_managed_externally: bool(d.is_managed_externally, false),
  };
}

export function dashboardRow(d: Json, position: Json, metadata: Json) {
  return {
    dashboard_title: str(d.dashboard_title) ?? "[ untitled dashboard ]", slug: str(d.slug) || null, position_json: JSON.stringify(position),
    json_metadata: JSON.stringify(metadata), css: str(d.css), description: str(d.description), published: bool(d.published, false),
    certified_by: str(d.certified_by), certification_details: str(d.certification_details), external_url: str(d.external_url),
    is_managed_externally: bool(d.is_managed_externally, false),
  };
}

export function savedQueryRow(d: Json, databaseId: number) {
  return {
    db_id: databaseId, catalog: str(d.catalog), schema: str(d.schema), label: str(d.label) ?? "", description: str(d.description) ?? "",
    sql: d.sql as string, template_parameters: jsonText(d.template_parameters),
  };
}
