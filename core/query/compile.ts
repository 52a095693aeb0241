import { ApiError } from "../http/errors";
import { dialectFor } from "../connectors/dialects";
import { engineSpec } from "../engines/registry";
import { columnExpr, metricExpr, missingColumnsError, userClause, type Expr } from "./expressions";
import { compileFilters, timeBounds, type FilterContext } from "./filters";
import { applyTimeRange } from "./time-filters";
import { grainZoneOf } from "./grain-zone";
import type { CompileOptions, CompiledQuery, DatasetForQuery, QueryObject, TimeBounds } from "./types";

// One chart query object → one SELECT in the engine's dialect, as Superset's get_sqla_query writes it:
// columns (grouped when there are metrics), metrics, WHERE from filters, the time range on the temporal
// column and extras.where, HAVING from extras.having, ORDER BY, LIMIT/OFFSET, and the top-N series limit
// as an inner query joined on the series columns (one statement on every engine; MySQL allows no LIMIT in
// an IN subquery, a joined derived table it does).

const TIMESTAMP_LABEL = "__timestamp";

function fromClause(dataset: DatasetForQuery, opts: CompileOptions): string {
  const dialect = dialectFor(opts.engine);
  const virtual = !!(dataset.sql && dataset.sql.trim());
  const source = virtual ? `(\n${dataset.sql!.trim().replace(/;\s*$/, "")}\n) AS virtual_table` : dialect.qualifiedTable(dataset.table_name, dataset.schema);
  if (!dataset.rls) return source;
  // Row-level security: the one place a dataset becomes a FROM source. The filtered subquery keeps the source's
  // name as its alias, so column expressions that qualify a column by the table's name still resolve.
  return `(SELECT * FROM ${source} WHERE ${dataset.rls}) AS ${virtual ? "virtual_table" : dialect.quoteIdentifier(dataset.table_name)}`;
}

function duplicateLabels(exprs: Expr[]): void {
  const seen = new Set<string>();
  for (const e of exprs) {
    if (seen.has(e.label)) throw new ApiError(400, `Duplicate column/metric labels: '${e.label}'. Please make sure all columns and metrics have a unique label.`, "INVALID_PAYLOAD_SCHEMA_ERROR");
    seen.add(e.label);
  }
}

export function compileQuery(query: QueryObject, dataset: DatasetForQuery, opts: CompileOptions): CompiledQuery {
  // the query's time range placed as Superset places it (a dashboard's time filter arrives as time_range)
  const q = applyTimeRange(query, dataset);
  const dialect = dialectFor(opts.engine);
  // a range is resolved once per query, however many parts read it (its bound, a TEMPORAL_RANGE filter, a zone's window)
  const resolved = new Map<string, TimeBounds>();
  const resolveTimeRange = (range: string): TimeBounds => {
    let bounds = resolved.get(range);
    if (!bounds) resolved.set(range, (bounds = opts.resolveTimeRange(range)));
    return bounds;
  };
  const ctx: FilterContext = {
    dataset, dialect, gateDialect: dialect.flavour, allowSubqueries: opts.allowAdhocSubquery, missingColumns: new Set(),
    literals: engineSpec(opts.engine).queryDialect, resolveTimeRange,
    grainZone: grainZoneOf(q, opts.zone, dialect.zonedGrains === true, resolveTimeRange),
  };
  const quote = dialect.quoteIdentifier;
  const grain = q.extras.time_grain_sqla || null;

  // Columns: the legacy time series puts the bucketed time column first as __timestamp.
  const columns: Expr[] = [];
  if (q.is_timeseries && q.granularity) {
    const time = columnExpr(ctx, q.granularity, grain);
    if (time) columns.push({ sql: time.sql, label: TIMESTAMP_LABEL });
  }
  // Superset's get_sqla_query buckets the granularity column by name only when it groups (metrics sent, even
  // none): a raw query (metrics null, a table in raw mode) lists that column as it is stored
  const grouping = q.metrics !== null;
  for (const ref of q.columns) {
    // extras.time_grain_sqla buckets the x-axis (an adhoc BASE_AXIS column) or, by name, the granularity column, as
    // Superset's get_sqla_query does; any other named column (a series such as `name`) stays as it is
    const byName = typeof ref === "string";
    const expr = columnExpr(ctx, ref, byName && (ref !== q.granularity || !grouping) ? null : grain);
    if (expr) columns.push(expr);
  }
  const metrics = (q.metrics ?? []).map((m) => metricExpr(ctx, m));
  const filters = compileFilters(ctx, q.filters);
  if (ctx.missingColumns.size) throw missingColumnsError(ctx.missingColumns);
  duplicateLabels([...columns, ...metrics]);

  // The query's time range bounds its granularity column (applyTimeRange took away the time filter it replaces).
  const where = [...filters.predicates];
  let bounds: TimeBounds | null = filters.bounds;
  if (q.time_range && q.granularity) {
    const time = columnExpr(ctx, q.granularity);
    if (!time) throw missingColumnsError(ctx.missingColumns);
    bounds = resolveTimeRange(q.time_range);
    const predicate = timeBounds(ctx, time.sql, bounds);
    if (predicate) where.push(predicate);
  }
  if (q.extras.where?.trim()) where.push(userClause(ctx, q.extras.where));
  const having = q.extras.having?.trim() ? userClause(ctx, q.extras.having) : null;
  if (having && !metrics.length) throw new ApiError(400, "HAVING needs an aggregate query (at least one metric)", "INVALID_PAYLOAD_SCHEMA_ERROR");

  const aggregate = metrics.length > 0;
  // where an output alias shadows a source column of the same name inside every clause (a warehouse's dialect says so), the query
  // runs under inner aliases and an outer SELECT gives the labels back
  const shadowing = ctx.dialect.aliasesShadowColumns === true;
  const outputs = [...columns, ...metrics];
  const alias = (e: Expr, i: number) => quote(shadowing ? `__c${i}` : e.label);
  const select = outputs.map((e, i) => `${e.sql} AS ${alias(e, i)}`);
  if (!select.length) throw new ApiError(400, "Empty query: choose at least one column or metric", "INVALID_PAYLOAD_SCHEMA_ERROR");
  const groupBy = aggregate && columns.length ? columns.map((c) => c.sql) : [];
  const orderBy = orderByClauses(q, ctx, columns, metrics);
  const limit = Math.min(q.row_limit && q.row_limit > 0 ? q.row_limit : opts.maxRows, opts.maxRows);
  const from = fromClause(dataset, opts);

  const lines = [`SELECT ${select.join(",\n       ")}`, `FROM ${from}`];
  const seriesJoin = seriesLimitJoin(q, ctx, from, where, quote);
  if (seriesJoin) lines.push(seriesJoin);
  if (where.length) lines.push(`WHERE ${where.join("\n  AND ")}`);
  if (groupBy.length) lines.push(`GROUP BY ${groupBy.join(",\n         ")}`);
  if (having) lines.push(`HAVING ${having}`);
  if (orderBy.length) lines.push(`ORDER BY ${orderBy.join(",\n         ")}`);
  lines.push(`LIMIT ${limit}`);
  if (q.row_offset > 0) lines.push(`OFFSET ${q.row_offset}`);

  const sql = lines.join("\n");
  return {
    sql: shadowing ? `SELECT ${outputs.map((e, i) => `${alias(e, i)} AS ${quote(e.label)}`).join(", ")}\nFROM (\n${sql}\n)` : sql,
    labels: [...columns, ...metrics].map((e) => e.label),
    columnLabels: columns.map((c) => c.label),
    metricLabels: metrics.map((m) => m.label),
    applied_filters: filters.applied,
    rejected_filters: filters.rejected,
    from_dttm: bounds?.since ? bounds.since.getTime() : null,
    to_dttm: bounds?.until ? bounds.until.getTime() : null,
    time_zone: ctx.zoned && opts.zone ? opts.zone.name : null,
  };
}

/** ORDER BY from orderby pairs (metric or column, ascending); without any, the first metric, descending. */
function orderByClauses(q: QueryObject, ctx: FilterContext, columns: Expr[], metrics: Expr[]): string[] {
  const out: string[] = [];
  for (const [ref, ascending] of q.orderby) {
    const dir = ascending ? "ASC" : "DESC";
    const byLabel = typeof ref === "string" ? [...metrics, ...columns].find((e) => e.label === ref) : undefined;
    if (byLabel) {
      out.push(`${byLabel.sql} ${dir}`);
      continue;
    }
    // Superset sorts by metrics: a saved metric's name or an adhoc metric; an adhoc column carries columnType
    const isMetric = typeof ref === "string" ? ctx.dataset.metrics.some((m) => m.metric_name === ref) : !("columnType" in ref);
    const expr = isMetric ? metricExpr(ctx, ref) : columnExpr(ctx, ref);
    if (!expr) throw missingColumnsError(ctx.missingColumns);
    out.push(`${expr.sql} ${dir}`);
  }
  if (!out.length && metrics.length && q.order_desc) out.push(`${metrics[0].sql} DESC`);
  return out;
}

/**
 * Top-N series: the series columns' groups ranked by the series limit metric (or the first metric) over the
 * same rows, joined so only the top `series_limit` groups remain. NULL groups do not join (as in Superset).
 */
function seriesLimitJoin(q: QueryObject, ctx: FilterContext, from: string, where: string[], quote: (n: string) => string): string | null {
  if (!q.series_limit || q.series_limit <= 0 || !q.series_columns.length) return null;
  const rankBy = q.series_limit_metric ?? q.metrics?.[0];
  if (!rankBy) return null;
  const series = q.series_columns.map((ref) => columnExpr(ctx, ref));
  if (series.some((s) => !s)) throw missingColumnsError(ctx.missingColumns);
  const metric = metricExpr(ctx, rankBy);
  const inner = series.map((s, i) => `${s!.sql} AS ${quote(`__series_${i}`)}`);
  const innerSql = [
    `SELECT ${inner.join(", ")}`,
    `FROM ${from}`,
    where.length ? `WHERE ${where.join(" AND ")}` : null,
    `GROUP BY ${series.map((s) => s!.sql).join(", ")}`,
    `ORDER BY ${metric.sql} ${q.order_desc ? "DESC" : "ASC"}`,
    `LIMIT ${q.series_limit}`,
  ].filter(Boolean).join("\n  ");
  const on = series.map((s, i) => `${s!.sql} = series_limit.${quote(`__series_${i}`)}`).join(" AND ");
  return `JOIN (\n  ${innerSql}\n) AS series_limit ON ${on}`;
}
