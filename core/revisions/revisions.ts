import { validationError } from "../http/errors";

// Revisions of saved objects (issue 34): what kinds exist, how many are kept, and the optional message a save
// carries. The saved state is the object's row as JSON (db/revisions/store.ts); the diffs are in ./diff-*.ts.

export const REVISION_TYPES = ["dashboard", "chart", "dataset", "saved_query"] as const;
export type RevisionType = (typeof REVISION_TYPES)[number];

/** The row fields a revision keeps and a restore writes back, per object type. */
export const DASHBOARD_STATE_FIELDS = [
  "dashboard_title", "slug", "position_json", "json_metadata", "css", "published", "certified_by", "certification_details",
] as const;
export const CHART_STATE_FIELDS = [
  "slice_name", "viz_type", "datasource_id", "datasource_type", "params", "query_context", "description", "cache_timeout", "certified_by", "certification_details",
] as const;

/** A dataset's kept state is these row fields plus its `columns` and `metrics` (arrays of the fields below). */
export const DATASET_STATE_FIELDS = [
  "table_name", "database_id", "catalog", "schema", "sql", "description", "main_dttm_col", "default_endpoint", "offset", "cache_timeout",
  "filter_select_enabled", "normalize_columns", "always_filter_main_dttm", "is_sqllab_view", "template_params", "extra", "external_url",
] as const;
export const DATASET_COLUMN_FIELDS = [
  "id", "column_name", "verbose_name", "is_dttm", "is_active", "type", "groupby", "filterable", "expression", "description",
  "python_date_format", "advanced_data_type", "extra",
] as const;
export const DATASET_METRIC_FIELDS = [
  "id", "metric_name", "verbose_name", "metric_type", "expression", "description", "d3format", "currency", "warning_text", "extra",
] as const;
export const SAVED_QUERY_STATE_FIELDS = ["label", "description", "sql", "db_id", "catalog", "schema", "template_parameters", "extra_json"] as const;
export type DashboardState = { [K in (typeof DASHBOARD_STATE_FIELDS)[number]]?: string | number | boolean | null };
export type ChartState = { [K in (typeof CHART_STATE_FIELDS)[number]]?: string | number | null };

export const DEFAULT_REVISIONS_KEPT = 50;
const MAX_MESSAGE = 500;

/** REVISIONS_KEPT from the environment: revisions kept per object, older ones pruned at each save. */
export function revisionsKept(raw: string | undefined): number {
  const n = Number(raw);
  return raw !== undefined && raw.trim() !== "" && Number.isSafeInteger(n) && n >= 1 ? n : DEFAULT_REVISIONS_KEPT;
}

/** Takes the optional `revision_message` out of a save's body (the payload parsers refuse unknown fields). */
export function takeRevisionMessage(body: Record<string, unknown>): string | null {
  if (!("revision_message" in body)) return null;
  const raw = body.revision_message;
  delete body.revision_message;
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== "string" || raw.length > MAX_MESSAGE) throw validationError({ revision_message: [`Must be a text of at most ${MAX_MESSAGE} characters.`] });
  return raw.trim() || null;
}

/** The saved state of a revision row, tolerant of a row written by another version (unknown fields dropped). */
export function parseState(raw: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
