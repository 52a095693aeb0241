import { Hono, type Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf, requires } from "../http/guard";
import { jsonBody } from "../http/input";
import { badRequest, notFound, validationError } from "../../core/http/errors";
import { datasetScope } from "../../core/datasets/access";
import { chartFormData } from "../../core/charts/shape";
import { legacyDatasourceId, legacyQueryObject } from "../../core/chart-data/legacy-form-data";
import { resultCsv } from "../../core/chart-data/exports";
import { chartsOfDataset, visibleChart, type ChartRow } from "../../db/charts/charts";
import { visibleDashboard } from "../../db/dashboards/dashboards";
import { dashboardRbacOn, dashboardViewer } from "../../core/dashboards/access";
import { datasetIdByName } from "../../db/datasets/datasets";
import { runChartData, type ChartDataCall } from "../../services/chart-data/run-context";
import { mayExport } from "../chart-data/answer";

// Superset's older chart routes, on the same chart path as POST /api/v1/chart/data:
// - POST /tptanalytics/explore_json/: legacy charts' form_data in, the legacy payload out (csv/query/results/samples flags);
// - POST /datasource/samples: a page of the dataset's rows (drill to detail, the samples pane) with the total
//   (dashboard_id and slice_id name where a drill to detail comes from, for DASHBOARD_RBAC);
// - PUT /api/v1/chart/warm_up_cache and /api/v1/dataset/warm_up_cache: run charts now so viewers hit the cache.

export const chartLegacyApi = new Hono<AppEnv>({ strict: true });
type C = Context<AppEnv>;
type Dict = Record<string, unknown>;
const isObject = (v: unknown): v is Dict => v !== null && typeof v === "object" && !Array.isArray(v);

const read = requires("can_read", "Chart");
const SAMPLES_ROW_LIMIT = 1000;

const callOf = (c: C, chartCacheTimeout: number | null = null): ChartDataCall => ({
  env: c.env, db: c.var.db, secret: c.var.secret, principal: principalOf(c), background: (p) => c.executionCtx.waitUntil(p.catch(() => {})), chartCacheTimeout,
});

function parseFormData(raw: unknown): Dict {
  if (isObject(raw)) return raw;
  if (typeof raw === "string") {
    try {
      const v = JSON.parse(raw);
      if (isObject(v)) return v;
    } catch {
      // answered below
    }
  }
  throw badRequest("form_data must be a JSON object");
}

/** form_data from the query string, a form field or a JSON body; a slice_id brings the saved chart's params under it. */
async function requestFormData(c: C): Promise<{ formData: Dict; chart: ChartRow | null }> {
  let raw: unknown = c.req.query("form_data");
  if (raw === undefined && c.req.method === "POST") {
    const type = c.req.header("Content-Type") ?? "";
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) raw = (await c.req.formData().catch(() => null))?.get("form_data") ?? undefined;
    else if (type.includes("application/json")) raw = ((await jsonBody(c)) as Dict | null)?.form_data;
  }
  let formData = raw === undefined ? {} : parseFormData(raw);
  const sliceId = Number(formData.slice_id ?? c.req.query("slice_id"));
  let chart: ChartRow | null = null;
  if (Number.isSafeInteger(sliceId) && sliceId > 0) {
    chart = (await visibleChart(c.var.db, sliceId, datasetScope(principalOf(c)))) ?? null;
    if (!chart) throw notFound("Chart not found");
    formData = { ...chartFormData(chart.params), datasource: `${chart.datasource_id}__table`, ...formData };
  }
  return { formData, chart };
}

chartLegacyApi.on(["GET", "POST"], "/tptanalytics/explore_json/", read, async (c) => {
  const { formData, chart } = await requestFormData(c);
  const flag = (name: string) => c.req.query(name) === "true";
  const resultType = flag("query") ? "query" : flag("samples") ? "samples" : flag("results") ? "results" : "full";
  if (flag("csv")) mayExport(c, "csv");
  const body = { datasource: { id: legacyDatasourceId(formData), type: "table" }, queries: [legacyQueryObject(formData)], form_data: formData, result_type: resultType, force: flag("force") };
  const { results } = await runChartData(callOf(c, chart?.cache_timeout ?? null), body);
  const r = results[0];
  if (flag("csv")) {
    return c.body(resultCsv(r), 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${chart?.slice_name ?? "chart"}.csv"`.replace(/[\r\n]/g, " ") });
  }
  if (resultType === "query") return c.json({ query: r.query, language: "sql" });
  if (resultType === "results") return c.json({ data: r.data, colnames: r.colnames, coltypes: r.coltypes, rowcount: r.rowcount });
  return c.json({ ...r, errors: [], form_data: formData });
});

chartLegacyApi.post("/datasource/samples", requires("can_read", "Datasource"), async (c) => {
  const errors: Record<string, string[]> = {};
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = c.req.query(name);
    if (raw === undefined || raw === "") return fallback;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < min || n > max) errors[name] = [max === Infinity ? `Must be greater than or equal to ${min}.` : `Must be between ${min} and ${max}.`];
    return n;
  };
  const datasourceId = int("datasource_id", NaN, 1, Infinity);
  if (c.req.query("datasource_id") === undefined) errors.datasource_id = ["Missing data for required field."];
  const type = c.req.query("datasource_type") ?? "table";
  if (type !== "table") errors.datasource_type = ["Must be one of: table."];
  const perPage = int("per_page", SAMPLES_ROW_LIMIT, 1, SAMPLES_ROW_LIMIT);
  const page = int("page", 1, 1, Infinity);
  // the dashboard and its chart a drill to detail comes from: with DASHBOARD_RBAC they may grant the dataset
  // (Superset's raise_for_access rule for chart data), when the caller's own data access does not
  const dashboardId = int("dashboard_id", NaN, 1, Infinity);
  const sliceId = int("slice_id", NaN, 1, Infinity);
  const raw = c.req.header("Content-Length") === "0" ? {} : ((await jsonBody(c).catch(() => ({}))) ?? {});
  if (!isObject(raw)) errors.payload = ["Not a valid mapping type."];
  if (Object.keys(errors).length) throw validationError(errors);
  const payload = raw as Dict;
  const common = { filters: payload.filters ?? [], granularity: payload.granularity, time_range: payload.time_range, extras: payload.extras };
  const { results } = await runChartData(callOf(c), {
    datasource: { id: datasourceId, type: "table" },
    form_data: Number.isNaN(dashboardId) || Number.isNaN(sliceId) ? null : { dashboardId, slice_id: sliceId },
    force: c.req.query("force") === "true",
    queries: [
      { ...common, result_type: "drill_detail", row_limit: perPage, row_offset: (page - 1) * perPage },
      { ...common, columns: [], metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "COUNT(*)" }], result_type: "full" },
    ],
  });
  const [rows, count] = results;
  const total = Number(((count.data as Dict[])[0] ?? {})["COUNT(*)"] ?? 0);
  return c.json({ result: { ...rows, page, per_page: perPage, total_count: total } });
});

/** extra_filters as Superset's warm-up takes them: a JSON list of {col, op, val}, ops in any case. */
function extraFilters(raw: unknown): Dict[] {
  if (raw === undefined || raw === null || raw === "") return [];
  let v: unknown = raw;
  if (typeof raw === "string") {
    try {
      v = JSON.parse(raw);
    } catch {
      throw validationError({ extra_filters: ["Not valid JSON."] });
    }
  }
  if (!Array.isArray(v) || !v.every((f) => isObject(f) && typeof f.col === "string" && typeof f.op === "string")) throw validationError({ extra_filters: ["Must be a list of {col, op, val} filters."] });
  return v.map((f) => ({ col: f.col, op: String(f.op).toUpperCase(), val: f.val }));
}

async function warmUp(c: C, chart: ChartRow, filters: Dict[]): Promise<Dict> {
  const context = chart.query_context ? chartFormData(chart.query_context) : null;
  const params = chartFormData(chart.params);
  const queries = context && Array.isArray(context.queries) ? (context.queries as Dict[]) : [legacyQueryObject(params)];
  const body = { ...(context ?? {}), datasource: { id: chart.datasource_id, type: "table" }, queries: queries.map((q) => ({ ...q, filters: [...((q.filters as Dict[] | undefined) ?? []), ...filters] })), result_format: "json", result_type: "full", force: true };
  try {
    const { results } = await runChartData(callOf(c, chart.cache_timeout), body);
    return { chart_id: chart.id, viz_error: null, viz_status: results.every((r) => r.status === "success") ? "success" : "failed" };
  } catch (e) {
    return { chart_id: chart.id, viz_error: e instanceof Error ? e.message : String(e), viz_status: null };
  }
}

/** The body of a warm-up; a dashboard it names must be one the caller may see (legacy default filters are not kept). */
async function warmUpBody(c: C, body: unknown): Promise<Dict> {
  if (!isObject(body)) throw badRequest("Request body must be a JSON object");
  if (body.dashboard_id !== undefined && body.dashboard_id !== null) {
    const p = principalOf(c);
    const viewer = dashboardViewer(p, dashboardRbacOn(c.env));
    const id = body.dashboard_id;
    if (!Number.isSafeInteger(id) || !(await visibleDashboard(c.var.db, { id: id as number }, viewer))) throw notFound("Dashboard not found");
  }
  return body;
}

chartLegacyApi.put("/api/v1/chart/warm_up_cache", read, async (c) => {
  const body = await warmUpBody(c, await jsonBody(c));
  if (!Number.isSafeInteger(body.chart_id)) throw validationError({ chart_id: ["Missing data for required field."] });
  const chart = await visibleChart(c.var.db, body.chart_id as number, datasetScope(principalOf(c)));
  if (!chart) throw notFound("Chart not found");
  return c.json({ result: [await warmUp(c, chart, extraFilters(body.extra_filters))] });
});

chartLegacyApi.put("/api/v1/dataset/warm_up_cache", read, async (c) => {
  const body = await warmUpBody(c, await jsonBody(c));
  const missing: Record<string, string[]> = {};
  for (const key of ["db_name", "table_name"]) if (typeof body[key] !== "string" || !body[key]) missing[key] = ["Missing data for required field."];
  if (Object.keys(missing).length) throw validationError(missing);
  const filters = extraFilters(body.extra_filters);
  const datasetId = await datasetIdByName(c.var.db, { database_name: body.db_name as string, table_name: body.table_name as string });
  if (datasetId === undefined) throw notFound("The dataset does not exist");
  const rows = await chartsOfDataset(c.var.db, datasetId, datasetScope(principalOf(c)));
  const result = [];
  for (const chart of rows) result.push(await warmUp(c, chart, filters));
  return c.json({ result });
});
