import { badRequest } from "../http/errors";
import { EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS, mergeExtraFormData } from "./extra-form-data";

// Legacy charts send form_data, not a query context (POST /superset/explore_json/). This turns form_data into
// the body of one chart-data query, as superset-ui's buildQueryObject does: groupby/columns, metric(s),
// adhoc filters split into WHERE filters, custom WHERE/HAVING SQL and HAVING filters, the time column and
// range, grain, limits, series limit and sort. The query then takes the same path as any chart's.

type Dict = Record<string, unknown>;
const isObject = (v: unknown): v is Dict => v !== null && typeof v === "object" && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null || v === "" ? [] : [v]);

/** "12__table" → 12; a {id, type} object works too. */
export function legacyDatasourceId(formData: Dict): number {
  const ds = formData.datasource;
  const id = isObject(ds) ? ds.id : typeof ds === "string" ? Number(ds.split("__")[0]) : NaN;
  if (!Number.isSafeInteger(id) || (id as number) <= 0) throw badRequest("form_data needs a datasource such as \"12__table\"");
  if (typeof ds === "string" && ds.includes("__") && ds.split("__")[1] !== "table") throw badRequest(`Datasource type ${ds.split("__")[1]} is not supported: charts read datasets (table).`);
  return id as number;
}

function optNumber(v: unknown): number | undefined {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

const wrap = (sql: string) => `(${sql})`;

/** The legacy form_data of one chart as a chart-data query object (the wire shape POST /api/v1/chart/data reads). */
export function legacyQueryObject(sent: Dict): Dict {
  // a dashboard's data mask first, as Superset's explore_json merges it (merge_extra_form_data)
  const formData = mergeExtraFormData(sent);
  const where: string[] = [];
  const having: string[] = [];
  const filters: Dict[] = [];
  for (const f of list(formData.adhoc_filters)) {
    if (!isObject(f)) continue;
    const clause = String(f.clause ?? "WHERE").toUpperCase();
    if (f.expressionType === "SQL") {
      if (typeof f.sqlExpression === "string" && f.sqlExpression.trim()) (clause === "HAVING" ? having : where).push(wrap(f.sqlExpression));
      continue;
    }
    if (clause === "HAVING") throw badRequest("A simple HAVING filter needs custom SQL in this product: write it as a Custom SQL HAVING filter");
    filters.push({ col: f.subject, op: f.operator, val: f.comparator });
  }
  for (const key of ["where", "having"] as const) {
    const text = formData[key];
    if (typeof text === "string" && text.trim()) (key === "having" ? having : where).push(wrap(text));
  }
  const groupby = [...list(formData.groupby), ...list(formData.columns)];
  const raw = formData.query_mode === "raw";
  const metrics = raw ? [] : [...list(formData.metrics), ...list(formData.metric), ...list(formData.secondary_metric), ...list(formData.percent_metrics)];
  const uniqueMetrics = metrics.filter((m, i) => metrics.findIndex((o) => JSON.stringify(o) === JSON.stringify(m)) === i);
  const orderby = list(formData.order_by_cols).flatMap((o) => {
    try {
      const pair = typeof o === "string" ? JSON.parse(o) : o;
      return Array.isArray(pair) && pair.length === 2 ? [pair] : [];
    } catch {
      return [];
    }
  });
  const seriesLimit = optNumber(formData.limit) ?? optNumber(formData.series_limit);
  const extras: Dict = {};
  if (typeof formData.time_grain_sqla === "string" && formData.time_grain_sqla) extras.time_grain_sqla = formData.time_grain_sqla;
  for (const key of EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS) if (isObject(formData.extras) && formData.extras[key] !== undefined) extras[key] = formData.extras[key];
  if (where.length) extras.where = where.join(" AND ");
  if (having.length) extras.having = having.join(" AND ");
  return {
    columns: raw ? list(formData.all_columns) : groupby,
    metrics: uniqueMetrics,
    filters,
    extras,
    orderby,
    // a mask's time column arrives as granularity and wins over the chart's own granularity_sqla (Superset's viz.py reads it first)
    granularity: typeof formData.granularity === "string" && formData.granularity ? formData.granularity : typeof formData.granularity_sqla === "string" ? formData.granularity_sqla : undefined,
    time_range: typeof formData.time_range === "string" ? formData.time_range : undefined,
    is_timeseries: formData.include_time === true,
    row_limit: optNumber(formData.row_limit),
    order_desc: formData.order_desc !== false,
    series_columns: seriesLimit ? groupby : [],
    series_limit: seriesLimit ?? 0,
    series_limit_metric: formData.timeseries_limit_metric ?? formData.series_limit_metric ?? undefined,
    url_params: isObject(formData.url_params) ? formData.url_params : {},
  };
}
