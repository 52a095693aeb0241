import { engineSpec } from "../../core/engines/registry";
import { ApiError } from "../../core/http/errors";
import { gateSql } from "../../core/sql-gate/index";
import { parseTemplateParams, renderSqlTemplate, type TemplateFilter } from "../../core/templates/index";
import { dialectFor } from "../../core/connectors/dialects";
import { GenericType } from "../../core/connectors/types";
import { compileQuery } from "../../core/query/compile";
import { rlsPredicate } from "../../core/rls/rules";
import { applyTableRls } from "../../core/rls/table-references";
import { readingSchema } from "../rls/table-rls";
import type { QueryContext, QueryObject, ResultType } from "../../core/chart-data/query-context";
import type { CompiledQuery, QueryZone, TimeBounds } from "../../core/query/types";
import { concreteOffset, joinTimeOffsets, offsetQuery, timeAxisLabel, type ResultFrame } from "../../core/chart-data/time-offsets";
import { secretsOfUri } from "../../core/sqllab/scrub";
import type { Principal } from "../../core/security/permissions";
import { connectorFor } from "../connectors/registry";
import { engineFailure } from "../sqllab/run-statements";
import type { Env } from "../env";
import { rlsPredicateOf, type ChartDatasource } from "./datasource";
import { cacheKeyOf, readCached, replaceCached, writeCached } from "./cache";
import { applyChartPostProcessing } from "./post-process";
import { epochMs } from "../../core/chart-data/epoch";
import { labelMap } from "../../core/chart-data/label-map";

// One query object of a chart-data request, end to end: templates rendered, compiled for the engine, the
// whole statement through the SQL gate (read-only, one statement), the cache, the connector (plus one query
// per time-comparison offset, joined on), then post-processing; answered in the shape of Superset's
// ChartDataResponseResult.

const SAMPLES_ROW_LIMIT = 1000;
const QUERY_TIMEOUT_MS = 30_000;

export interface RunContext {
  env: Env;
  secret: string;
  principal: Principal;
  datasource: ChartDatasource;
  context: QueryContext;
  resolveTimeRange: (timeRange: string, query: QueryObject) => TimeBounds;
  maxRows: number;
  cacheTimeout: number;
  background: (p: Promise<unknown>) => void;
  /** Superset's annotation_data of a query object: its annotation layers' records, by layer name */
  annotations: (q: QueryObject) => Promise<Record<string, unknown>>;
  /** answer only from the cache: a miss (or force) throws CacheMiss after the query was checked and compiled */
  cacheOnly?: boolean;
  /** the zone time grains bucket in (absent or UTC: UTC) */
  zone?: QueryZone;
}

/** Thrown by a cache-only run (the async path's first look) when a query is not cached. */
export class CacheMiss extends Error {}

export type QueryPayload = Record<string, unknown>;

/** Superset's samples and drill-to-detail: the dataset's rows, no aggregation (and so no metrics for a time
 * comparison to join: its offsets are left out, rather than run for nothing or refused for want of a time axis). */
function reshape(q: QueryObject, type: ResultType, ds: ChartDatasource): QueryObject {
  const all = ds.query.columns.map((c) => c.column_name);
  // Superset's _get_samples: the query's row_limit, capped at SAMPLES_ROW_LIMIT (absent or 0: the cap)
  const samplesLimit = q.row_limit && q.row_limit > 0 ? Math.min(q.row_limit, SAMPLES_ROW_LIMIT) : SAMPLES_ROW_LIMIT;
  if (type === "samples") return { ...q, columns: all, metrics: null, filters: [], orderby: [], row_limit: samplesLimit, row_offset: 0, time_range: null, granularity: null, is_timeseries: false, series_limit: 0, post_processing: [], extras: {}, time_offsets: [] };
  if (type === "drill_detail") return { ...q, columns: all, metrics: null, orderby: [], series_limit: 0, post_processing: [], is_timeseries: false, time_offsets: [] };
  return q;
}

function templated(run: RunContext, q: QueryObject, sql: string): string {
  const flavour = dialectFor(run.datasource.database.engine).flavour;
  const filters: TemplateFilter[] = q.filters.filter((f) => typeof f.col === "string").map((f) => ({ col: f.col as string, op: f.op, val: f.val }));
  return renderSqlTemplate(sql, {
    params: parseTemplateParams(run.datasource.dataset.template_params),
    urlParams: q.url_params,
    username: run.principal.username,
    userId: run.principal.id,
    filters,
  }, flavour);
}

interface Prepared {
  compiled: CompiledQuery;
}

/** Templates rendered and compiled for the engine; the SQL gate comes before anything runs (gated()). */
function prepare(run: RunContext, q: QueryObject): Prepared {
  const { datasource } = run;
  const engine = engineSpec(datasource.database.engine).name;
  // A virtual dataset's SQL and the user's extra clauses are templates; rendering comes before the gate.
  // the protected tables it names are filtered by the caller's rules after rendering, where the names are final
  const sql = datasource.query.sql?.trim()
    ? applyTableRls(templated(run, q, datasource.query.sql), dialectFor(engine).flavour, datasource.tables, readingSchema(datasource.database.engine, datasource.dataset.schema))
    : null;
  const extras = { ...q.extras };
  if (extras.where) extras.where = templated(run, q, extras.where);
  if (extras.having) extras.having = templated(run, q, extras.having);
  const rls = rlsPredicate(datasource.rls, datasource.viewer, dialectFor(engine).flavour);
  const compiled = compileQuery({ ...q, extras }, { ...datasource.query, sql, rls }, {
    engine,
    allowAdhocSubquery: allowsSubqueries(datasource.database.extra),
    maxRows: run.maxRows,
    resolveTimeRange: (range) => run.resolveTimeRange(range, q),
    zone: run.zone,
  });
  return { compiled };
}

/**
 * The whole statement through the SQL gate (read-only, one statement): the statement to run. A cached answer
 * skips it: its key holds this very SQL (and the engine), which passed the gate when the answer was read.
 */
function gated(run: RunContext, prepared: Prepared): string {
  const { statements } = gateSql(prepared.compiled.sql, { dialect: dialectFor(run.datasource.database.engine).flavour, allowDml: false });
  if (statements.length !== 1) throw new ApiError(400, "A chart query must be a single statement", "INVALID_SQL_ERROR");
  return statements[0];
}

interface Fetched extends ResultFrame {
  types: GenericType[];
}

async function fetchRows(run: RunContext, statement: string): Promise<Fetched> {
  const { datasource } = run;
  const connector = await connectorFor(run.env, datasource.database, run.secret, { pooled: { userId: run.principal.id } });
  let result;
  try {
    result = await connector.execute(statement, { limit: run.maxRows, readOnly: true, timeoutMs: QUERY_TIMEOUT_MS, schema: datasource.dataset.schema });
  } catch (e) {
    const failure = engineFailure(e, secretsOfUri(datasource.database.sqlalchemy_uri));
    throw new ApiError(failure.status >= 500 ? 500 : 400, `Error: ${failure.message}`, failure.errorType, failure.extra);
  } finally {
    await connector.close();
  }
  const temporal = result.columns.map((c) => c.type_generic === GenericType.TEMPORAL || c.is_dttm);
  // Superset answers temporal values as epoch milliseconds (pandas timestamps in JSON).
  return {
    names: result.columns.map((c) => c.name),
    types: result.columns.map((c) => c.type_generic),
    rows: result.rows.map((row) => row.map((v, i) => (temporal[i] ? epochMs(v) : v))),
  };
}

export async function runQueryObject(run: RunContext, original: QueryObject): Promise<QueryPayload> {
  const { datasource, context } = run;
  const type = original.result_type ?? context.result_type;
  const q = reshape(original, type, datasource);
  const main = prepare(run, q);
  // Time comparison: one more query per offset, over the shifted range (core/chart-data/time-offsets).
  // "inherit" and custom start dates are read against the main query's resolved bounds; columns keep their names
  const offsets = q.time_offsets.map((offset) => {
    const shift = concreteOffset(offset, main.compiled.from_dttm, main.compiled.to_dttm);
    return { offset, shift, prepared: prepare(run, offsetQuery(q, shift)) };
  });
  const index = offsets.length ? timeAxisLabel(q, main.compiled.columnLabels) : null;
  const query = [main, ...offsets.map((o) => o.prepared)].map((p) => p.compiled.sql).join(";\n\n");
  const { compiled } = main;
  if (type === "query") {
    for (const p of [main, ...offsets.map((o) => o.prepared)]) gated(run, p);
    return { query, language: "sql", applied_filters: compiled.applied_filters, rejected_filters: compiled.rejected_filters };
  }
  const common = {
    query, applied_filters: compiled.applied_filters, rejected_filters: compiled.rejected_filters,
    from_dttm: compiled.from_dttm, to_dttm: compiled.to_dttm, annotation_data: await run.annotations(q),
    // bucketed times are the wall clock of this zone (epoch milliseconds of the same reading in UTC, as every
    // naive timestamp here): named so a client can say so; absent when the buckets are UTC's
    ...(compiled.time_zone ? { time_zone: compiled.time_zone } : {}),
  };

  // the key holds the statement, and so the caller's row-level security predicate: callers bound by other rules
  // never share an answer, callers bound by the same rules do
  const key = await cacheKeyOf({
    v: 4, database: datasource.database.id, engine: datasource.database.engine, changed: datasource.dataset.changed_on, generation: datasource.dataset.cache_generation,
    sql: query, offsets: q.time_offsets, post: q.post_processing, type,
  });
  if (!context.force) {
    const hit = await readCached(key);
    if (hit && hit.datasourceId === datasource.dataset.id) {
      const colnames = Array.isArray(hit.payload.colnames) ? (hit.payload.colnames as string[]) : [];
      return { ...hit.payload, ...common, label_map: labelMap(colnames), cache_key: key, cache_timeout: run.cacheTimeout, is_cached: true, cached_dttm: hit.cached_dttm };
    }
  }
  // every statement is gated before any of them runs
  const statements = [gated(run, main), ...offsets.map((o) => gated(run, o.prepared))];
  if (run.cacheOnly) throw new CacheMiss();
  const [fetched, ...shifted] = await Promise.all(statements.map((statement) => fetchRows(run, statement)));
  let { names, rows, types } = fetched;
  if (offsets.length) {
    const joined = joinTimeOffsets(fetched, offsets.map((o, i) => ({ offset: o.offset, shift: o.shift, frame: shifted[i] })), compiled.metricLabels, index);
    const metricType = (m: string) => fetched.types[fetched.names.indexOf(m)] ?? GenericType.NUMERIC;
    types = [...types, ...offsets.flatMap(() => compiled.metricLabels.map(metricType))];
    ({ names, rows } = joined);
  }
  const processed = q.post_processing.length ? applyChartPostProcessing(names, rows, q.post_processing, types) : { names, rows, types };
  const payload = {
    colnames: processed.names,
    coltypes: processed.types,
    data: processed.rows.map((row) => Object.fromEntries(processed.names.map((n, i) => [n, row[i]]))),
    rowcount: processed.rows.length,
    sql_rowcount: fetched.rows.length,
    status: "success",
    error: null,
    stacktrace: null,
  };
  const cached_dttm = new Date().toISOString().slice(0, 19);
  // the entry keeps the query and its filters too: GET /api/v1/chart/data/{cache_key} answers the whole result
  const entry = { ...payload, ...common, cache_timeout: run.cacheTimeout };
  const cached = { cached_dttm, datasourceId: datasource.dataset.id, rls: rlsPredicateOf(datasource), payload: entry };
  // a forced run has replaced the cached answer before it answers: the next request (a page's first paint, another
  // viewer, another isolate of the data centre) reads the refreshed rows, never the ones from before the refresh
  if (context.force) await replaceCached(key, cached, run.cacheTimeout);
  else run.background(writeCached(key, cached, run.cacheTimeout));
  return { ...payload, ...common, label_map: labelMap(payload.colnames), cache_key: key, cache_timeout: run.cacheTimeout, is_cached: false, cached_dttm: null };
}

/** Superset's per-database ALLOW_ADHOC_SUBQUERY: the database's extra may turn it on ({"allow_adhoc_subquery": true}). */
function allowsSubqueries(extra: string | null): boolean {
  try {
    return JSON.parse(extra || "{}")?.allow_adhoc_subquery === true;
  } catch {
    return false;
  }
}
