import { validationError } from "../http/errors";
import { formatLimit, MAX_POST_PROCESSING_STEPS, MAX_QUERIES, MAX_QUERY_ITEMS, MAX_QUERY_RUNS, MAX_TIME_OFFSETS } from "../limits";
import { stepLimitProblems } from "../post-processing/limits";

// The body of POST /api/v1/chart/data (Superset's ChartDataQueryContextSchema), checked for shape and
// normalised: deprecated keys (groupby, granularity_sqla, timeseries_limit, timeseries_limit_metric, where/having
// at the top of a query) are renamed as Superset's QueryObject renames them. Whether the columns
// and metrics exist is the compiler's business, against the dataset. Every option that scales the work of the
// request (queries, time offsets, post-processing options) is checked here against core/limits.ts, so no route
// runs a query for a body that asks for too much.

export const RESULT_FORMATS = ["json", "csv", "xlsx"] as const;
export const RESULT_TYPES = ["full", "query", "results", "samples", "columns", "timegrains", "post_processed", "drill_detail"] as const;
export const FILTER_OPERATORS = [
  "==", "!=", ">", "<", ">=", "<=", "LIKE", "NOT LIKE", "ILIKE", "IS NULL", "IS NOT NULL", "IN", "NOT IN", "IS TRUE", "IS FALSE",
  "TEMPORAL_RANGE", "REGEX",
] as const;

export type ResultFormat = (typeof RESULT_FORMATS)[number];
export type ResultType = (typeof RESULT_TYPES)[number];

export interface QueryFilter {
  col: string | Record<string, unknown>;
  op: (typeof FILTER_OPERATORS)[number];
  val?: unknown;
  grain?: string;
  isExtra?: boolean;
}

export interface QueryExtras {
  where?: string;
  having?: string;
  time_grain_sqla?: string | null;
  relative_start?: "today" | "now";
  relative_end?: "today" | "now";
  instant_time_comparison_range?: string;
}

export interface QueryObject {
  columns: (string | Record<string, unknown>)[];
  metrics: (string | Record<string, unknown>)[] | null;
  filters: QueryFilter[];
  extras: QueryExtras;
  orderby: [string | Record<string, unknown>, boolean][];
  row_limit: number | null;
  row_offset: number;
  order_desc: boolean;
  granularity: string | null;
  time_range: string | null;
  time_shift: string | null;
  time_offsets: string[];
  is_timeseries: boolean;
  series_columns: (string | Record<string, unknown>)[];
  series_limit: number;
  series_limit_metric: string | Record<string, unknown> | null;
  post_processing: { operation: string; options?: Record<string, unknown> }[];
  annotation_layers: Record<string, unknown>[];
  applied_time_extras: Record<string, unknown>;
  url_params: Record<string, string>;
  result_type: ResultType | null;
  is_rowcount: boolean;
}

export interface QueryContext {
  datasource: { id: number; type: "table" };
  queries: QueryObject[];
  form_data: Record<string, unknown> | null;
  result_format: ResultFormat;
  result_type: ResultType;
  force: boolean;
  custom_cache_timeout: number | null;
}

type Errors = Record<string, string[]>;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const columnLike = (v: unknown) => typeof v === "string" || isObject(v);


export function parseQueryContext(body: Record<string, unknown>): QueryContext {
  const errors: Errors = {};
  const ds = body.datasource;
  let datasource: QueryContext["datasource"] = { id: 0, type: "table" };
  if (!isObject(ds) || !Number.isSafeInteger(ds.id)) errors.datasource = ["A datasource with an integer id is required."];
  else if (ds.type !== undefined && !["table", "dataset"].includes(ds.type as string))
    errors.datasource = [`Datasource type ${String(ds.type)} is not supported: charts read datasets (table).`];
  else datasource = { id: ds.id as number, type: "table" };

  const format = body.result_format ?? "json";
  if (!(RESULT_FORMATS as readonly unknown[]).includes(format)) errors.result_format = [`Must be one of: ${RESULT_FORMATS.join(", ")}.`];
  const type = body.result_type ?? "full";
  if (!(RESULT_TYPES as readonly unknown[]).includes(type)) errors.result_type = [`Must be one of: ${RESULT_TYPES.join(", ")}.`];
  if (body.force !== undefined && body.force !== null && typeof body.force !== "boolean") errors.force = ["Not a valid boolean."];
  if (body.form_data !== undefined && body.form_data !== null && !isObject(body.form_data)) errors.form_data = ["Not a valid mapping type."];
  const cacheTimeout = body.custom_cache_timeout ?? null;
  if (cacheTimeout !== null && !Number.isSafeInteger(cacheTimeout)) errors.custom_cache_timeout = ["Not a valid integer."];

  const queries: QueryObject[] = [];
  if (!Array.isArray(body.queries) || body.queries.length === 0) errors.queries = ["At least one query is required."];
  else if (body.queries.length > MAX_QUERIES) errors.queries = [`At most ${MAX_QUERIES} queries per request (the limit MAX_QUERIES).`];
  else body.queries.forEach((q, i) => {
    const found: Errors = {};
    const parsed = isObject(q) ? parseQueryObject(q, found) : null;
    if (!isObject(q)) found[""] = ["Not a valid mapping type."];
    for (const [k, v] of Object.entries(found)) errors[`queries.${i}${k ? `.${k}` : ""}`] = v;
    if (parsed) queries.push(parsed);
  });
  // each time offset runs its query once more
  const runs = queries.reduce((n, q) => n + 1 + q.time_offsets.length, 0);
  if (runs > MAX_QUERY_RUNS && !Object.keys(errors).length)
    errors.queries = [`These queries and their time offsets would run ${runs} database queries, more than the ${MAX_QUERY_RUNS} allowed (the limit MAX_QUERY_RUNS).`];
  if (Object.keys(errors).length) throw validationError(errors);
  return {
    datasource, queries, form_data: (body.form_data as Record<string, unknown> | undefined) ?? null,
    result_format: format as ResultFormat, result_type: type as ResultType, force: body.force === true,
    custom_cache_timeout: cacheTimeout as number | null,
  };
}

function list(q: Record<string, unknown>, key: string, errors: Errors, check: (v: unknown) => boolean, what: string, limit = MAX_QUERY_ITEMS, limitName = "MAX_QUERY_ITEMS"): unknown[] {
  const v = q[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) {
    errors[key] = ["Not a valid list."];
    return [];
  }
  if (v.length > limit) errors[key] = [`At most ${formatLimit(limit)} items (the limit ${limitName}).`];
  else if (!v.every(check)) errors[key] = [`Each item must be ${what}.`];
  return v;
}

function optString(q: Record<string, unknown>, key: string, errors: Errors): string | null {
  const v = q[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== "string") {
    errors[key] = ["Not a valid string."];
    return null;
  }
  return v;
}

function optInt(q: Record<string, unknown>, key: string, errors: Errors, min: number): number | null {
  const v = q[key];
  if (v === undefined || v === null) return null;
  if (!Number.isSafeInteger(v) || (v as number) < min) {
    errors[key] = [min === 0 ? "Must be greater than or equal to 0." : "Not a valid integer."];
    return null;
  }
  return v as number;
}

function parseFilter(f: unknown): QueryFilter | string {
  if (!isObject(f)) return "Not a valid mapping type.";
  if (!columnLike(f.col)) return "col is required (a column name or an adhoc column).";
  if (!(FILTER_OPERATORS as readonly unknown[]).includes(f.op)) return `Unknown operator: ${String(f.op)}. Must be one of: ${FILTER_OPERATORS.join(", ")}.`;
  if (f.grain !== undefined && f.grain !== null && typeof f.grain !== "string") return "grain must be a string.";
  return { col: f.col as QueryFilter["col"], op: f.op as QueryFilter["op"], val: f.val, grain: (f.grain as string | undefined) ?? undefined, isExtra: f.isExtra === true };
}

/** Superset's DEPRECATED_FIELDS (superset/common/query_object.py): old name → the name it is read as. */
const DEPRECATED_FIELDS = [["granularity_sqla", "granularity"], ["groupby", "columns"], ["timeseries_limit", "series_limit"], ["timeseries_limit_metric", "series_limit_metric"]] as const;
/** Superset's DEPRECATED_EXTRAS_FIELDS: top-level keys that belong in extras. */
const DEPRECATED_EXTRAS_FIELDS = ["where", "having"] as const;

/** Python's truthiness, which Superset's renaming tests: 0, "", [] and {} are empty. */
const filled = (v: unknown) => v !== null && v !== undefined && v !== false && v !== 0 && v !== "" &&
  !(Array.isArray(v) && v.length === 0) && !(isObject(v) && Object.keys(v).length === 0);

/**
 * The deprecated fields of a query object under their current names, as Superset's QueryObject renames them
 * before anything reads them (_rename_deprecated_fields, _move_deprecated_extra_fields): an old field fills its
 * new one when that is empty (the explore client sends `series_limit: 0` beside `timeseries_limit: 5`, the gauge
 * `groupby` beside `columns`), and a top-level where/having replaces extras' own. Done once, here, so nothing
 * after the parser ever reads an old name.
 */
export function renameDeprecatedFields(q: Record<string, unknown>): Record<string, unknown> {
  const out = { ...q };
  for (const [old, current] of DEPRECATED_FIELDS) {
    if (!(old in out)) continue;
    const value = out[old];
    delete out[old];
    if (value !== null && value !== undefined && !filled(out[current])) out[current] = value;
  }
  for (const key of DEPRECATED_EXTRAS_FIELDS) {
    if (!(key in out)) continue;
    const value = out[key];
    delete out[key];
    if (value === null || value === undefined || value === "") continue;
    // a malformed extras is reported as such by the parser; the deprecated value then has nowhere to go
    if (out.extras === undefined || out.extras === null) out.extras = { [key]: value };
    else if (isObject(out.extras)) out.extras = { ...out.extras, [key]: value };
  }
  return out;
}

function parseQueryObject(raw: Record<string, unknown>, errors: Errors): QueryObject {
  const q = renameDeprecatedFields(raw);
  const columns = list(q, "columns", errors, columnLike, "a column name or an adhoc column");
  const metrics = q.metrics === undefined || q.metrics === null ? null : list(q, "metrics", errors, columnLike, "a metric name or an adhoc metric");
  const filters: QueryFilter[] = [];
  list(q, "filters", errors, () => true, "a filter").forEach((f, i) => {
    const parsed = parseFilter(f);
    if (typeof parsed === "string") errors[`filters.${i}`] = [parsed];
    else filters.push(parsed);
  });
  const extras: QueryExtras = {};
  if (q.extras !== undefined && q.extras !== null) {
    if (!isObject(q.extras)) errors.extras = ["Not a valid mapping type."];
    else {
      for (const key of ["where", "having", "time_grain_sqla", "instant_time_comparison_range"] as const) {
        const v = q.extras[key];
        if (v === undefined || v === null) continue;
        if (typeof v !== "string") errors[`extras.${key}`] = ["Not a valid string."];
        else extras[key] = v;
      }
      for (const key of ["relative_start", "relative_end"] as const) {
        const v = q.extras[key];
        if (v === undefined || v === null) continue;
        if (v !== "today" && v !== "now") errors[`extras.${key}`] = ["Must be one of: today, now."];
        else extras[key] = v;
      }
    }
  }
  const orderby = list(q, "orderby", errors, (o) => Array.isArray(o) && o.length === 2 && columnLike(o[0]) && typeof o[1] === "boolean", "a [column or metric, ascending] pair");
  const post = list(q, "post_processing", errors, (p) => p === null || (isObject(p) && typeof p.operation === "string"), "an operation with a name", MAX_POST_PROCESSING_STEPS, "MAX_POST_PROCESSING_STEPS");
  if (!errors.post_processing) post.forEach((p, i) => {
    if (!isObject(p)) return;
    for (const [k, message] of Object.entries(stepLimitProblems(p as { operation: string; options?: unknown }))) errors[`post_processing.${i}.${k}`] = [message];
  });
  const urlParams = q.url_params ?? {};
  if (!isObject(urlParams) || Object.values(urlParams).some((v) => typeof v !== "string")) errors.url_params = ["Must be a mapping of strings."];
  const applied = q.applied_time_extras ?? {};
  if (!isObject(applied)) errors.applied_time_extras = ["Not a valid mapping type."];
  const seriesLimitMetric = q.series_limit_metric ?? null;
  if (seriesLimitMetric !== null && !columnLike(seriesLimitMetric)) errors.series_limit_metric = ["Must be a metric name or an adhoc metric."];
  for (const key of ["is_timeseries", "order_desc", "is_rowcount", "apply_fetch_values_predicate"]) {
    if (q[key] !== undefined && q[key] !== null && typeof q[key] !== "boolean") errors[key] = ["Not a valid boolean."];
  }
  const resultType = q.result_type ?? null;
  if (resultType !== null && !(RESULT_TYPES as readonly unknown[]).includes(resultType)) errors.result_type = [`Must be one of: ${RESULT_TYPES.join(", ")}.`];
  return {
    columns: columns as QueryObject["columns"],
    metrics: metrics as QueryObject["metrics"],
    filters,
    extras,
    orderby: orderby as QueryObject["orderby"],
    row_limit: optInt(q, "row_limit", errors, 0),
    row_offset: optInt(q, "row_offset", errors, 0) ?? 0,
    order_desc: q.order_desc !== false,
    granularity: optString(q, "granularity", errors),
    time_range: optString(q, "time_range", errors),
    time_shift: optString(q, "time_shift", errors),
    time_offsets: list(q, "time_offsets", errors, (v) => typeof v === "string", "a time shift such as '1 week ago'", MAX_TIME_OFFSETS, "MAX_TIME_OFFSETS") as string[],
    is_timeseries: q.is_timeseries === true,
    series_columns: list(q, "series_columns", errors, columnLike, "a column name or an adhoc column") as QueryObject["series_columns"],
    series_limit: optInt(q, "series_limit", errors, 0) ?? 0,
    series_limit_metric: seriesLimitMetric as QueryObject["series_limit_metric"],
    post_processing: (post.filter((p) => p !== null) as QueryObject["post_processing"]),
    annotation_layers: list(q, "annotation_layers", errors, isObject, "an annotation layer") as Record<string, unknown>[],
    applied_time_extras: isObject(applied) ? applied : {},
    url_params: isObject(urlParams) ? (urlParams as Record<string, string>) : {},
    result_type: resultType as ResultType | null,
    is_rowcount: q.is_rowcount === true,
  };
}
