import { stringify } from "yaml";

// Rows of the metadata database as the YAML files of Superset's v1 export (the ExportModelsCommand field lists),
// named as Superset names them: `secure_filename(name)_id.yaml` in each type's folder.

type Json = Record<string, unknown>;

export const BUNDLE_VERSION = "1.0.0";

/** werkzeug's secure_filename: ASCII letters, digits, `_`, `.` and `-`, spaces as `_`. */
export function secureFilename(name: string): string {
  const ascii = [...name.normalize("NFKD")].filter((ch) => ch.charCodeAt(0) < 128).join("");
  return ascii.trim().split(/\s+/).join("_").replace(/[^A-Za-z0-9_.-]/g, "").replace(/^[._]+|[._]+$/g, "");
}

export const fileName = (name: string, id: number, skipId = false) => {
  const slug = secureFilename(name);
  if (!slug) return String(id);
  return skipId ? slug : `${slug}_${id}`;
};

export function toYaml(value: unknown): string {
  return stringify(value, { lineWidth: 0, aliasDuplicateObjects: false });
}

/** A JSON text as its object when it parses to one (Superset exports `extra` and `params` as mappings). */
export function parsedJson(text: string | null | undefined): unknown {
  if (text === null || text === undefined || text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const metadataFile = (type: string, now: Date) => toYaml({ version: BUNDLE_VERSION, type, timestamp: now.toISOString().replace("Z", "+00:00") });

/** The bundle's top folder and ZIP name, as Superset's `{resource}_export_{YYYYMMDDTHHMMSS}`. */
export const exportRoot = (resource: string, now: Date) => `${resource}_export_${now.toISOString().replace(/[-:]/g, "").slice(0, 15)}`;

export interface DatabaseExport {
  id: number; uuid: string; database_name: string; sqlalchemy_uri: string; cache_timeout: number | null;
  expose_in_sqllab: boolean; allow_run_async: boolean; allow_ctas: boolean; allow_cvas: boolean; allow_dml: boolean;
  allow_file_upload: boolean; extra: string | null; impersonate_user: boolean;
}

/** `sqlalchemy_uri` is the stored one, whose password is already the mask: the export never holds a secret. */
export function databaseConfig(d: DatabaseExport): Json {
  return {
    database_name: d.database_name, sqlalchemy_uri: d.sqlalchemy_uri, cache_timeout: d.cache_timeout,
    expose_in_sqllab: d.expose_in_sqllab, allow_run_async: d.allow_run_async, allow_ctas: d.allow_ctas, allow_cvas: d.allow_cvas,
    allow_dml: d.allow_dml, allow_file_upload: d.allow_file_upload, extra: parsedJson(d.extra) ?? {}, impersonate_user: d.impersonate_user,
    uuid: d.uuid, version: BUNDLE_VERSION,
  };
}

export interface DatasetExport {
  id: number; uuid: string; table_name: string; main_dttm_col: string | null; description: string | null; default_endpoint: string | null;
  offset: number; cache_timeout: number | null; catalog: string | null; schema: string | null; sql: string | null;
  template_params: string | null; filter_select_enabled: boolean; extra: string | null; normalize_columns: boolean; always_filter_main_dttm: boolean;
  columns: Json[]; metrics: Json[];
}

export function datasetConfig(d: DatasetExport, databaseUuid: string): Json {
  return {
    table_name: d.table_name, main_dttm_col: d.main_dttm_col, description: d.description, default_endpoint: d.default_endpoint,
    offset: d.offset, cache_timeout: d.cache_timeout, catalog: d.catalog, schema: d.schema, sql: d.sql, params: null,
    template_params: d.template_params, filter_select_enabled: d.filter_select_enabled, fetch_values_predicate: null,
    extra: parsedJson(d.extra), normalize_columns: d.normalize_columns, always_filter_main_dttm: d.always_filter_main_dttm, uuid: d.uuid,
    metrics: d.metrics.map((m) => ({
      metric_name: m.metric_name, verbose_name: m.verbose_name, metric_type: m.metric_type, expression: m.expression,
      description: m.description, d3format: m.d3format, currency: parsedJson(m.currency as string | null), extra: parsedJson(m.extra as string | null), warning_text: m.warning_text,
    })),
    columns: d.columns.map((c) => ({
      column_name: c.column_name, verbose_name: c.verbose_name, is_dttm: c.is_dttm, is_active: c.is_active, type: c.type,
      advanced_data_type: c.advanced_data_type, groupby: c.groupby, filterable: c.filterable, expression: c.expression,
      description: c.description, python_date_format: c.python_date_format, extra: parsedJson(c.extra as string | null),
    })),
    version: BUNDLE_VERSION, database_uuid: databaseUuid,
  };
}

export interface ChartExport {
  id: number; uuid: string; slice_name: string; description: string | null; certified_by: string | null; certification_details: string | null;
  viz_type: string; params: string | null; query_context: string | null; cache_timeout: number | null;
}

/** `tags`: the custom tag names, written as Superset writes them with TAGGING_SYSTEM on (absent: no `tags:` key). */
export function chartConfig(c: ChartExport, datasetUuid: string, tags?: string[]): Json {
  const params = parsedJson(c.params);
  return {
    slice_name: c.slice_name, description: c.description, certified_by: c.certified_by, certification_details: c.certification_details,
    viz_type: c.viz_type, params: typeof params === "object" && params !== null ? params : {}, query_context: c.query_context,
    cache_timeout: c.cache_timeout, uuid: c.uuid, version: BUNDLE_VERSION, dataset_uuid: datasetUuid, ...(tags ? { tags } : {}),
  };
}

export interface DashboardExport {
  id: number; uuid: string; dashboard_title: string; description: string | null; css: string | null; slug: string | null;
  certified_by: string | null; certification_details: string | null; published: boolean;
}

export function dashboardConfig(d: DashboardExport, position: Json, metadata: Json, tags?: string[]): Json {
  return {
    dashboard_title: d.dashboard_title, description: d.description, css: d.css ?? "", slug: d.slug, certified_by: d.certified_by,
    certification_details: d.certification_details, published: d.published, uuid: d.uuid, position, metadata, version: BUNDLE_VERSION,
    ...(tags ? { tags } : {}),
  };
}

export interface SavedQueryExport {
  id: number; uuid: string; catalog: string | null; schema: string | null; label: string; description: string; sql: string;
}

export function savedQueryConfig(q: SavedQueryExport, databaseUuid: string): Json {
  return { catalog: q.catalog, schema: q.schema, label: q.label, description: q.description, sql: q.sql, uuid: q.uuid, version: BUNDLE_VERSION, database_uuid: databaseUuid };
}
