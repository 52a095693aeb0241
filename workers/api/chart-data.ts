import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires, requiresLogin } from "../http/guard";
import { idParam, jsonBody, jsonObject, objectName, risonQuery } from "../http/input";
import { resolveTimeRange } from "../../core/time-range/resolve";
import { formatBound } from "../../core/time-range/index";
import { badRequest, notFound } from "../../core/http/errors";
import { datasetScope } from "../../core/datasets/access";
import { chartFormData } from "../../core/charts/shape";
import { visibleChart } from "../../db/charts/charts";
import { datasetIdByName } from "../../db/datasets/datasets";
import { bumpCacheGeneration } from "../../db/datasets/writes";
import { chartDatasource, rlsPredicateOf } from "../../services/chart-data/datasource";
import { dashboardRbacGrant } from "../../services/chart-data/dashboard-grant";
import { readCached } from "../../services/chart-data/cache";
import { parseInvalidation } from "../../core/chart-data/invalidation";
import { resultCsv, resultXlsx, zipFiles } from "../../core/chart-data/exports";
import { exportFileStem } from "../../core/chart-data/export-filename";
import { postProcessedResult } from "../../core/chart-data/pivoted-csv";
import { runQueryObject } from "../../services/chart-data/run-query";
import { chartJobResult } from "../chart-data/async-job";
import { callOf, chartDataAnswer } from "../chart-data/answer";
import { parseQueryContext } from "../../core/chart-data/query-context";
import { frontAnswer, frontRecorder, type FrontRecorder } from "../chart-data/front-cache";
import { chooseZone, viewerZoneOf } from "../../core/time-zone/viewer-zone";

// Superset's ChartDataRestApi: POST /api/v1/chart/data runs a query context; GET /api/v1/chart/{pk}/data/
// runs a saved chart's; GET /api/v1/chart/data/{cache_key} answers a cached result; column values for
// filters. Every route reads charts (can_read on Chart) and the dataset's data access decides the rest.

export const chartDataApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;

const read = requires("can_read", "Chart");

/**
 * A JSON query context, or (Superset's CSV export) a form post whose form_data field holds it and whose
 * optional filename field names the download.
 */
async function queryContextBody(c: C): Promise<{ body: Record<string, unknown>; filename: string | null }> {
  const type = c.req.header("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const form = await c.req.formData().catch(() => {
      throw badRequest("Request body is not a valid form");
    });
    const text = form.get("form_data");
    if (typeof text !== "string") throw badRequest("The form needs a form_data field holding the query context");
    const filename = form.get("filename");
    try {
      const value = JSON.parse(text);
      if (value && typeof value === "object" && !Array.isArray(value)) return { body: value as Record<string, unknown>, filename: typeof filename === "string" ? filename : null };
    } catch {
      // answered below
    }
    throw badRequest("form_data must be a JSON object (the query context)");
  }
  const body = await jsonBody(c);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("Request body must be a JSON object");
  return { body: body as Record<string, unknown>, filename: null };
}

const FILE_TYPES = { csv: "text/csv; charset=utf-8", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" } as const;

/**
 * `front`: the POST's front-cache recorder, which keeps a JSON answer for the next identical request; `file`: the
 * download's requested name and the saved chart's name, which name a CSV / Excel answer.
 */
async function answer(c: C, body: Record<string, unknown>, chartCacheTimeout: number | null = null, front?: FrontRecorder, file: DownloadNames = {}) {
  const answered = await chartDataAnswer(c, body, c.req.query("force") === "true", chartCacheTimeout, front);
  if (answered.status === 200 && front) return jsonText(c, front.remember(answered.context, answered.body.result, answered.datasource));
  if (answered.status !== "file") return c.json(answered.body, answered.status);
  const { context } = answered;
  const format = context.result_format as keyof typeof FILE_TYPES;
  // post_processed: the rows as the chart shows them (a pivot table pivoted), as Superset's client processing
  const results = context.result_type === "post_processed" ? answered.results.map((r) => postProcessedResult(context.form_data, r)) : answered.results;
  const files = await Promise.all(results.map(async (r) => (format === "csv" ? (new TextEncoder().encode(resultCsv(r)) as Uint8Array<ArrayBuffer>) : resultXlsx(r))));
  const name = exportFileStem(file.requested ?? null, context.form_data, file.chartName ?? (await namedChart(c, context.form_data)));
  // one query is one file; several are a ZIP of query_1.<ext> … (Superset's ChartDataRestApi)
  if (files.length === 1) return c.body(files[0], 200, { "Content-Type": FILE_TYPES[format], "Content-Disposition": `attachment; filename="${name}.${format}"` });
  const zip = zipFiles(Object.fromEntries(files.map((f, i) => [`query_${i + 1}.${format}`, f])));
  return c.body(zip, 200, { "Content-Type": "application/zip", "Content-Disposition": `attachment; filename="${name}.zip"` });
}

type DownloadNames = { requested?: string | null; chartName?: string | null };

/** The name of the saved chart the form data's slice_id names, when the caller may read it (Superset's query_context.slice_). */
async function namedChart(c: C, formData: Record<string, unknown> | null | undefined): Promise<string | null> {
  const id = Number(formData?.slice_id);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const chart = await visibleChart(c.get("db"), id, datasetScope(principalOf(c)));
  return chart?.slice_name ?? null;
}

const jsonText = (c: C, text: string) => c.body(text, 200, { "Content-Type": "application/json" });

chartDataApi.post("/api/v1/chart/data", read, async (c) => {
  const front = await frontAnswer(c);
  if (front) return front;
  const { body, filename } = await queryContextBody(c);
  return answer(c, body, null, await frontRecorder(c), { requested: filename });
});

chartDataApi.get("/api/v1/chart/:pk/data/", read, async (c) => {
  const chart = await visibleChart(c.get("db"), idParam(c), datasetScope(principalOf(c)));
  if (!chart) throw notFound();
  if (!chart.query_context) {
    throw badRequest("This chart has no saved query context: open and save it in Explore, or post one to /api/v1/chart/data", "GENERIC_COMMAND_ERROR");
  }
  const context = chartFormData(chart.query_context);
  // a saved chart runs with its own dataset, whatever an edited query context says
  const body: Record<string, unknown> = { ...context, datasource: { id: chart.datasource_id, type: "table" } };
  const format = c.req.query("format");
  if (format) body.result_format = format;
  const type = c.req.query("type");
  if (type) body.result_type = type;
  return answer(c, body, chart.cache_timeout, undefined, { chartName: chart.slice_name });
});

chartDataApi.get("/api/v1/chart/data/:cache_key", read, async (c) => {
  const key = c.req.param("cache_key");
  const db = c.get("db");
  const principal = principalOf(c);
  const hit = await readCached(key);
  if (!hit) {
    // an async job's result_url (the job id), for the user who started it; the dashboard its request named
    // grants the dataset again as it did for the run (Superset re-checks the cached query context's form data)
    const job = await chartJobResult(c.env, key, principal.id);
    if (!job) throw notFound("Cached data not found");
    await chartDatasource(db, principal, job.datasourceId, dashboardRbacGrant(db, c.env, principal, job.formData));
    return c.body(job.json, 200, { "Content-Type": "application/json" });
  }
  // The entry is handed out only to callers who may read its dataset now: by data access, or (DASHBOARD_RBAC)
  // through the dashboard and the chart of it on that dataset the reader names (?dashboard_id=&slice_id=). An
  // entry is shared by every request compiling to the same SQL, so the dashboard is the reader's to name.
  const named = { dashboardId: c.req.query("dashboard_id"), slice_id: c.req.query("slice_id") };
  const ds = await chartDatasource(db, principal, hit.datasourceId, dashboardRbacGrant(db, c.env, principal, named));
  // rows read under other row-level security rules (another tenant's, another role's) are not this caller's
  if ((hit.rls ?? null) !== rlsPredicateOf(ds)) throw notFound("Cached data not found");
  return c.json({ result: [{ ...hit.payload, cache_key: key, is_cached: true, cached_dttm: hit.cached_dttm }] });
});

/**
 * Superset's CacheRestApi.invalidate: datasets named by uid ("12__table") or by database, schema and name get
 * a new cache generation, so every cached result of theirs is passed over from now on (in every data centre).
 */
chartDataApi.post("/api/v1/cachekey/invalidate", requires("can_invalidate", "CacheRestApi"), async (c) => {
  const { uids, named } = parseInvalidation(await jsonObject(c));
  const ids = new Set<number>(uids);
  for (const n of named) {
    const id = await datasetIdByName(c.get("db"), { database_name: n.database_name, table_name: n.datasource_name, schema: n.schema });
    if (id !== undefined) ids.add(id);
  }
  await bumpCacheGeneration(c.get("db"), [...ids]);
  return c.body(null, 201);
});

/** Distinct values of a column, for filter pickers (Superset's DatasourceRestApi.get_column_values). */
chartDataApi.get("/api/v1/datasource/:type/:pk/column/:column/values/", read, async (c) => {
  if (c.req.param("type") !== "table") throw badRequest(`Datasource type ${c.req.param("type")} is not supported`);
  const column = objectName(c.req.param("column"), "column");
  const body = {
    datasource: { id: idParam(c), type: "table" },
    queries: [{ columns: [column], metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "__values_count" }], orderby: [[column, true]], row_limit: 10_000 }],
  };
  const call = callOf(c);
  const context = parseQueryContext(body);
  const datasource = await chartDatasource(call.db, call.principal, context.datasource.id);
  const payload = await runQueryObject(
    { ...call, datasource, context, maxRows: 10_000, cacheTimeout: 0, resolveTimeRange: () => ({ since: null, until: null }), annotations: async () => ({}) },
    context.queries[0],
  );
  const rows = (payload.data as Record<string, unknown>[]) ?? [];
  return c.json({ result: rows.map((r) => r[column]) });
});

/**
 * Superset's GET /api/v1/time_range/: a time range (or a list of them, each with an optional shift) resolved
 * to its bounds, as the time picker shows them. Rison: `'Last week'` (what Superset's time picker sends),
 * `(timeRange:'Last week')` or `!((timeRange:…,shift:…))`.
 */
chartDataApi.get("/api/v1/time_range/", requiresLogin(), (c) => {
  const q = risonQuery<unknown>(c);
  const items = typeof q === "string" ? [{ timeRange: q }] : Array.isArray(q) ? q : [q ?? { timeRange: "No filter" }];
  if (items.length > 50) throw badRequest("At most 50 time ranges per request");
  const now = new Date();
  const result = items.map((item) => {
    const { timeRange, shift, timeZone } = (item ?? {}) as { timeRange?: unknown; shift?: unknown; timeZone?: unknown };
    if (typeof timeRange !== "string" || (shift !== undefined && typeof shift !== "string")) throw badRequest("Each item needs a timeRange string (and an optional shift string)");
    // bounds on the wall clock of the zone the chart uses (a dashboard's pinned zone, else the viewer's), named
    const { zone, warning } = chooseZone(timeZone, viewerZoneOf(principalOf(c)));
    const bounds = resolveTimeRange(timeRange, { now, timeShift: shift ?? null, timeZone: zone });
    return {
      since: formatBound(bounds.since, zone), until: formatBound(bounds.until, zone), timeRange, ...(shift ? { shift } : {}),
      time_zone: zone, ...(warning ? { warning } : {}),
    };
  });
  return c.json({ result });
});
