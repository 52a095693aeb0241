import type { LegacyFormData } from "./base";
import { migrateLegacyChart } from "./index";

// Superset's "Multiple Line Charts" (line_multi) drew other saved line charts together: `line_charts` on the left
// axis, `line_charts_2` on the right, over its own time range. Superset dropped the type without a migration; here
// it becomes a mixed chart (query A the left charts, query B the right ones), or a line chart when it has no right
// side. Its charts are named by their ids in the exporting instance, which a bundle's dashboard layouts pair with
// their uuids. It migrates only when every chart is found in the bundle, all share one dataset (the mixed chart
// has one) and the charts of a side differ only in their metrics (a side is one query); otherwise it is left as it
// is and imports as a chart whose type waits to be picked.

export interface ReferencedChart {
  viz_type: string;
  params: LegacyFormData;
  dataset_uuid: string;
}

export interface LineMultiMigration {
  to: string;
  formData: LegacyFormData;
  dataset_uuid: string;
}

/** The keys of a timeseries chart that make its query: query B carries them with a `_b` suffix. */
const QUERY_KEYS = ["metrics", "groupby", "adhoc_filters", "limit", "timeseries_limit_metric", "order_desc", "row_limit", "rolling_type", "rolling_periods", "min_periods", "time_compare", "comparison_type", "resample_rule", "resample_method"];
/** What the charts of one side must share to be one query. */
const SAME = ["groupby", "adhoc_filters", "x_axis", "time_grain_sqla", "limit", "timeseries_limit_metric", "rolling_type", "time_compare"];

const ids = (v: unknown): number[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).map(Number).filter(Number.isSafeInteger);

/** Superset's examples give years alone ("1970"), which its date parser read as 1 January of that year. */
const bound = (v: string) => (/^\d{4}$/.test(v.trim()) ? `${v.trim()}-01-01` : v.trim());

/** The multi-line chart's own time range (older ones wrote since/until), which its charts were drawn over. */
function timeRangeOf(fd: LegacyFormData): string | undefined {
  const raw = typeof fd.time_range === "string" && fd.time_range ? fd.time_range : fd.since || fd.until ? `${String(fd.since ?? "")} : ${String(fd.until ?? "")}` : undefined;
  if (raw === undefined || !raw.includes(" : ")) return raw;
  return raw.split(" : ").map(bound).join(" : ");
}

/** A referenced chart as today's timeseries form data, over the multi-line chart's time range. */
function modern(chart: ReferencedChart, timeRange: string | undefined): LegacyFormData {
  const params = { ...chart.params, ...(timeRange ? { time_range: timeRange } : {}) };
  return migrateLegacyChart(chart.viz_type, params)?.formData ?? params;
}

function side(charts: LegacyFormData[]): LegacyFormData | null {
  if (!charts.length) return null;
  const key = (fd: LegacyFormData) => JSON.stringify(SAME.map((k) => fd[k] ?? null));
  if (charts.some((fd) => key(fd) !== key(charts[0]))) return null;
  const metrics = charts.flatMap((fd) => (Array.isArray(fd.metrics) ? fd.metrics : []));
  const seen = new Set<string>();
  const unique = metrics.filter((m) => !seen.has(JSON.stringify(m)) && Boolean(seen.add(JSON.stringify(m))));
  return unique.length ? { ...charts[0], metrics: unique } : null;
}

const pick = (fd: LegacyFormData, suffix: string) => Object.fromEntries(QUERY_KEYS.filter((k) => fd[k] !== undefined).map((k) => [`${k}${suffix}`, fd[k]]));

export function migrateLineMulti(params: LegacyFormData, resolve: (chartId: number) => ReferencedChart | undefined): LineMultiMigration | null {
  const leftIds = ids(params.line_charts);
  const rightIds = ids(params.line_charts_2);
  const found = [...leftIds, ...rightIds].map(resolve);
  if (!leftIds.length || found.some((c) => !c)) return null;
  const charts = found as ReferencedChart[];
  const dataset = charts[0].dataset_uuid;
  if (charts.some((c) => c.dataset_uuid !== dataset)) return null;
  const range = timeRangeOf(params);
  const left = side(charts.slice(0, leftIds.length).map((c) => modern(c, range)));
  const right = rightIds.length ? side(charts.slice(leftIds.length).map((c) => modern(c, range))) : null;
  if (!left || (rightIds.length && !right)) return null;
  if (right && JSON.stringify([left.x_axis, left.time_grain_sqla]) !== JSON.stringify([right.x_axis, right.time_grain_sqla])) return null;
  const shared = {
    x_axis: left.x_axis, time_grain_sqla: left.time_grain_sqla, show_legend: params.show_legend ?? true,
    ...(params.x_axis_format ? { x_axis_time_format: params.x_axis_format } : {}),
    ...(params.y_axis_format ? { y_axis_format: params.y_axis_format } : {}),
  };
  if (!right) {
    return { to: "echarts_timeseries_line", dataset_uuid: dataset, formData: { ...left, ...shared, viz_type: "echarts_timeseries_line" } };
  }
  return {
    to: "mixed_timeseries",
    dataset_uuid: dataset,
    formData: {
      viz_type: "mixed_timeseries", ...shared, ...pick(left, ""), ...pick(right, "_b"), yAxisIndex: 0, yAxisIndexB: 1, seriesType: "line", seriesTypeB: "line",
      ...(params.y_axis_2_format ? { y_axis_format_secondary: params.y_axis_2_format } : {}),
    },
  };
}
