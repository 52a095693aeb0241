import type { FormData, PostProcessingStep, QueryContextBody, QueryFilterClause, QueryObjectBody } from "../contract";
import { ensureArray, getColumnLabel, getMetricLabel, isAdhocColumn, isDict, isXAxisSet } from "./labels";

// superset-ui-core's buildQueryObject / buildQueryContext, so every chart type builds the query context Superset
// itself would send: adhoc filters split into simple filters and WHERE/HAVING SQL, legacy extra_filters, the
// native-filter / cross-filter data mask (`extra_form_data`) appended and overridden, and the x-axis turned into a
// BASE_AXIS column carrying the time grain.

type Dict = Record<string, unknown>;

/** Form data keys that feed the query's metrics, columns and orderby (Superset's queryFieldAliases). */
const FIELD_ALIASES: Record<string, string> = {
  metric: "metrics", metric_2: "metrics", secondary_metric: "metrics", x: "metrics", y: "metrics", size: "metrics",
  all_columns: "columns", series: "groupby", order_by_cols: "orderby",
};

const RESERVED_EXTRA_FILTERS: Record<string, string> = {
  __time_range: "time_range", __time_col: "granularity_sqla", __time_grain: "time_grain_sqla", __granularity: "granularity",
};
const OVERRIDE_REGULAR: Record<string, string> = {
  granularity: "granularity", granularity_sqla: "granularity", time_column: "time_column", time_grain: "time_grain", time_range: "time_range",
};
const OVERRIDE_EXTRAS = ["relative_start", "relative_end", "time_grain_sqla"];
const UNARY = new Set(["IS NULL", "IS NOT NULL", "IS TRUE", "IS FALSE"]);

function uniqueBy<T>(items: T[], label: (v: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((v) => (seen.has(label(v)) ? false : (seen.add(label(v)), true)));
}

export function extractQueryFields(formData: Dict, aliases: Record<string, string> = {}) {
  const all = { ...FIELD_ALIASES, ...aliases };
  const mode = formData.query_mode;
  let columns: unknown[] = [];
  let metrics: unknown[] = [];
  let orderby: unknown[] = [];
  for (const [key, value] of Object.entries(formData)) {
    if (value === null || value === undefined) continue;
    let field = all[key] ?? key;
    // tables keep both modes' choices in form data; only the current mode's count
    if (mode === "aggregate" && field === "columns") continue;
    if (mode === "raw" && (field === "groupby" || field === "metrics")) continue;
    if (field === "groupby") field = "columns";
    if (field === "metrics") metrics = metrics.concat(value);
    else if (field === "columns") columns = columns.concat(value);
    else if (field === "orderby") orderby = orderby.concat(value);
  }
  return {
    columns: uniqueBy(columns.filter((c) => c !== ""), getColumnLabel),
    metrics: mode === "raw" ? undefined : uniqueBy(metrics, getMetricLabel),
    orderby: orderby.length
      ? orderby.map((o) => {
          if (typeof o !== "string") return o;
          try {
            return JSON.parse(o);
          } catch {
            throw new Error("Found invalid orderby options");
          }
        })
      : undefined,
  };
}

/** A SQL clause with a line comment gets a newline so the closing parenthesis is not commented out. */
const sanitizeClause = (clause: string) => `(${clause.includes("--") ? `${clause}\n` : clause})`;

export function processFilters(adhocFilters: unknown[], filters: QueryFilterClause[], extras: Dict, where?: unknown) {
  const simple = [...filters];
  const freeWhere: string[] = typeof where === "string" && where ? [where] : [];
  const freeHaving: string[] = [];
  for (const f of adhocFilters) {
    if (!isDict(f)) continue;
    if (f.expressionType === "SIMPLE") {
      const clause: QueryFilterClause = { col: f.subject, op: String(f.operator) };
      if (!UNARY.has(String(f.operator))) clause.val = f.comparator;
      if (f.isExtra) clause.isExtra = true;
      if (f.clause === "WHERE") simple.push(clause);
    } else if (typeof f.sqlExpression === "string") {
      (f.clause === "WHERE" ? freeWhere : freeHaving).push(f.sqlExpression);
    }
  }
  return { filters: simple, extras: { ...extras, having: freeHaving.map(sanitizeClause).join(" AND "), where: freeWhere.map(sanitizeClause).join(" AND ") } };
}

const dropUndefined = <T extends Dict>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export function buildQueryObject(formData: FormData, queryFields?: Record<string, string>): QueryObjectBody {
  const fd = formData as Dict;
  const extra = isDict(fd.extra_form_data) ? fd.extra_form_data : {};
  const { adhoc_filters: appendAdhoc = [], filters: appendFilters = [], custom_form_data = {}, ...overrides } = extra;
  const residual = { ...fd };
  for (const k of ["annotation_layers", "extra_form_data", "time_range", "since", "until", "row_limit", "row_offset", "order_desc", "limit",
    "timeseries_limit_metric", "granularity", "url_params", "custom_params", "series_columns", "series_limit", "series_limit_metric"]) delete residual[k];
  const { metrics, columns, orderby } = extractQueryFields(residual, queryFields);

  // legacy extra_filters: reserved __time_* columns set query fields, the rest are filters
  const applied: Dict = {};
  const extraFilters: QueryFilterClause[] = [];
  let timeRangeOverride: unknown;
  let grainOverride: unknown;
  let granularityOverride: unknown;
  for (const f of ensureArray(fd.extra_filters)) {
    if (!isDict(f)) continue;
    const field = RESERVED_EXTRA_FILTERS[String(f.col)];
    if (!field) extraFilters.push(f as unknown as QueryFilterClause);
    else {
      applied[String(f.col)] = f.val;
      if (field === "time_range") timeRangeOverride = f.val;
      else if (field === "time_grain_sqla") grainOverride = f.val;
      else granularityOverride = f.val;
    }
  }
  const { filters, extras } = processFilters(
    [...ensureArray(fd.adhoc_filters), ...ensureArray(appendAdhoc)],
    [...extraFilters, ...(ensureArray(appendFilters) as QueryFilterClause[])],
    { time_grain_sqla: grainOverride || fd.time_grain_sqla || undefined },
    fd.where,
  );
  const rowLimit = fd.row_limit === null || fd.row_limit === undefined || Number.isNaN(Number(fd.row_limit)) ? undefined : Number(fd.row_limit);
  const rowOffset = fd.row_offset === null || fd.row_offset === undefined || Number.isNaN(Number(fd.row_offset)) ? undefined : Number(fd.row_offset);
  const seriesLimitMetric = isAdhocColumn(fd.series_limit_metric) || isDict(fd.series_limit_metric) || (typeof fd.series_limit_metric === "string" && fd.series_limit_metric)
    ? fd.series_limit_metric : undefined;

  const query: QueryObjectBody = {
    time_range: timeRangeOverride || fd.time_range || undefined,
    since: fd.since || undefined,
    until: fd.until || undefined,
    granularity: granularityOverride || fd.granularity || fd.granularity_sqla || undefined,
    applied_time_extras: applied,
    filters,
    extras: dropUndefined(extras),
    columns,
    metrics,
    orderby,
    annotation_layers: ensureArray(fd.annotation_layers),
    row_limit: rowLimit,
    row_offset: rowOffset,
    series_columns: fd.series_columns,
    series_limit: fd.series_limit,
    series_limit_metric: seriesLimitMetric,
    timeseries_limit: fd.limit ? Number(fd.limit) : 0,
    timeseries_limit_metric: fd.timeseries_limit_metric || undefined,
    order_desc: fd.order_desc === undefined ? true : fd.order_desc,
    url_params: fd.url_params || {},
    custom_params: fd.custom_params ?? {},
  };
  // the data mask of native filters and cross-filters overrides time range, grain and granularity
  for (const [key, target] of Object.entries(OVERRIDE_REGULAR)) if (overrides[key] !== undefined) query[target] = overrides[key];
  for (const key of OVERRIDE_EXTRAS) if (key in overrides) query.extras = { ...query.extras, [key]: overrides[key] };
  return dropUndefined({ ...query, custom_form_data });
}

/** The x-axis column becomes Superset's BASE_AXIS adhoc column, carrying the query's time grain. */
export function normalizeTimeColumn(formData: FormData, query: QueryObjectBody): QueryObjectBody {
  const xAxis = formData.x_axis;
  if (!isXAxisSet(formData) || !Array.isArray(query.columns)) return query;
  const at = query.columns.findIndex((c) =>
    (typeof c === "string" && typeof xAxis === "string" && c === xAxis) || (isAdhocColumn(c) && isAdhocColumn(xAxis) && c.sqlExpression === xAxis.sqlExpression));
  if (at < 0) return query;
  const columns = [...query.columns];
  const grain = query.extras?.time_grain_sqla;
  columns[at] = isAdhocColumn(columns[at])
    ? dropUndefined({ timeGrain: grain, columnType: "BASE_AXIS", ...(columns[at] as Dict) })
    : dropUndefined({ timeGrain: grain, columnType: "BASE_AXIS", sqlExpression: xAxis, label: xAxis, expressionType: "SQL", isColumnReference: true });
  const { is_timeseries: _dropped, ...rest } = query;
  return { ...rest, columns };
}

/** "22__table" (or { id, type }) → { id: 22, type: "table" }. */
export function datasourceKey(datasource: unknown): { id: number; type: string } {
  if (isDict(datasource)) return { id: Number(datasource.id), type: String(datasource.type ?? "table") };
  const [id, type] = String(datasource ?? "").split("__");
  return { id: Number(id), type: type || "table" };
}

export type BuildFinalQueries = (base: QueryObjectBody) => QueryObjectBody[];

export function buildQueryContext(formData: FormData, build: BuildFinalQueries = (b) => [b], queryFields?: Record<string, string>): QueryContextBody {
  let queries = build(buildQueryObject(formData, queryFields)).map((q) =>
    Array.isArray(q.post_processing) ? { ...q, post_processing: q.post_processing.filter((p): p is PostProcessingStep => Boolean(p)) } : q);
  if (isXAxisSet(formData)) queries = queries.map((q) => normalizeTimeColumn(formData, q));
  // undefined keys are what Superset's JSON.stringify leaves out: drop them so the body is what goes on the wire
  queries = queries.map(dropUndefined);
  return {
    datasource: datasourceKey(formData.datasource),
    force: formData.force === true,
    queries,
    form_data: formData,
    result_format: typeof formData.result_format === "string" ? formData.result_format : "json",
    result_type: typeof formData.result_type === "string" ? formData.result_type : "full",
  };
}

/** Keeps a valid orderby; otherwise orders by the series-limit metric, then the first metric (Superset's normalizeOrderBy). */
export function normalizeOrderBy(query: QueryObjectBody): QueryObjectBody {
  const first = Array.isArray(query.orderby) ? query.orderby[0] : undefined;
  if (Array.isArray(first) && first.length === 2 && typeof first[1] === "boolean" && (typeof first[0] === "string" || isDict(first[0]))) return query;
  const { orderby: _invalid, ...rest } = query;
  const asc = !query.order_desc;
  const limitMetric = query.series_limit_metric;
  if (limitMetric !== undefined && limitMetric !== null && !(isDict(limitMetric) && !Object.keys(limitMetric).length)) return { ...rest, orderby: [[limitMetric, asc]] };
  if (Array.isArray(query.metrics) && query.metrics.length) return { ...rest, orderby: [[query.metrics[0], asc]] };
  return rest;
}
