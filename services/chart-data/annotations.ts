import { asc } from "drizzle-orm";
import { inList } from "../../db/d1-params";
import { ApiError } from "../../core/http/errors";
import { datasetScope } from "../../core/datasets/access";
import { chartFormData } from "../../core/charts/shape";
import type { QueryObject } from "../../core/chart-data/query-context";
import type { Principal } from "../../core/security/permissions";
import type { Database } from "../../db/client";
import { visibleChart } from "../../db/charts/charts";
import { annotationLayers, annotations } from "../../db/schema";
import { epochMs } from "../../core/chart-data/epoch";

// Superset's annotation_data of a chart query (QueryContextProcessor.get_annotation_data): the records of
// each annotation layer the query names, by layer name. NATIVE layers are this product's annotation layers
// (events and periods); "line" and "table" layers are other charts, run with the caller's access and the
// layer's overrides. Formula layers are drawn by the browser from their expression: nothing to fetch.

const NATIVE_COLUMNS = ["start_dttm", "end_dttm", "short_descr", "long_descr", "json_metadata"] as const;

export interface AnnotationSources {
  db: Database;
  principal: Principal;
  /** charts already being run as annotation layers of each other (a chart may not annotate itself, even indirectly) */
  stack: number[];
  /** runs a saved chart's query context (with the layer's overrides merged in) and answers its first query's rows */
  runChart: (body: Record<string, unknown>, stack: number[]) => Promise<unknown[]>;
}

const invalid = (message: string) => new ApiError(400, message, "INVALID_PAYLOAD_SCHEMA_ERROR");

export async function annotationData(src: AnnotationSources, q: QueryObject): Promise<Record<string, unknown>> {
  if (!q.annotation_layers.length) return {};
  const out: Record<string, unknown> = {};
  const layers = q.annotation_layers.map((l) => ({ name: l.name, sourceType: l.sourceType, value: l.value, overrides: l.overrides }));
  for (const l of layers) {
    if (typeof l.name !== "string" || !l.name) throw invalid("Each annotation layer needs a name");
    if (["NATIVE", "line", "table"].includes(l.sourceType as string) && !Number.isSafeInteger(l.value)) throw invalid(`Annotation layer '${l.name}' needs the id of its source as value`);
  }
  const native = layers.filter((l) => l.sourceType === "NATIVE");
  if (native.length) {
    const ids = native.map((l) => l.value as number);
    const found = new Set((await src.db.select({ id: annotationLayers.id }).from(annotationLayers).where(inList(annotationLayers.id, ids)).all()).map((r) => r.id));
    const missing = native.find((l) => !found.has(l.value as number));
    if (missing) throw invalid(`Annotation layer '${missing.name}' refers to annotation layer ${String(missing.value)}, which does not exist`);
    const rows = await src.db.select().from(annotations).where(inList(annotations.layer_id, ids)).orderBy(asc(annotations.start_dttm)).all();
    for (const l of native) {
      const records = rows
        .filter((r) => r.layer_id === l.value)
        .map((r) => ({ start_dttm: epochMs(r.start_dttm), end_dttm: epochMs(r.end_dttm), short_descr: r.short_descr, long_descr: r.long_descr, json_metadata: r.json_metadata }));
      out[l.name as string] = { columns: [...NATIVE_COLUMNS], records };
    }
  }
  for (const l of layers.filter((x) => x.sourceType === "line" || x.sourceType === "table")) {
    out[l.name as string] = { records: await chartLayer(src, l.name as string, l.value as number, l.overrides) };
  }
  return out;
}

async function chartLayer(src: AnnotationSources, name: string, chartId: number, overrides: unknown): Promise<unknown[]> {
  if (src.stack.includes(chartId)) throw invalid("Circular chart annotation dependency detected");
  const chart = await visibleChart(src.db, chartId, datasetScope(src.principal));
  if (!chart) throw invalid(`Chart with ID ${chartId} (referenced by annotation layer '${name}') was not found. Please verify that the chart exists and is accessible.`);
  const context = chart.query_context ? chartFormData(chart.query_context) : null;
  if (!context || !Array.isArray(context.queries)) {
    throw invalid(`The query context for chart ID ${chartId} (referenced by annotation layer '${name}') was not found. Please ensure the chart is properly configured and has a valid query context.`);
  }
  const o = (overrides && typeof overrides === "object" ? overrides : {}) as { time_grain_sqla?: unknown; time_range?: unknown };
  const queries = (context.queries as Record<string, unknown>[]).map((query) => withOverrides(query, o));
  return src.runChart({ ...context, queries, datasource: { id: chart.datasource_id, type: "table" }, result_format: "json", result_type: "full" }, [...src.stack, chartId]);
}

/** The layer's time grain and time range replace the chart's own (Superset applies both to every query). */
function withOverrides(query: Record<string, unknown>, o: { time_grain_sqla?: unknown; time_range?: unknown }): Record<string, unknown> {
  if (!query || typeof query !== "object") return query;
  const next: Record<string, unknown> = { ...query };
  if (typeof o.time_grain_sqla === "string" && o.time_grain_sqla) next.extras = { ...(query.extras as object | undefined), time_grain_sqla: o.time_grain_sqla };
  if (typeof o.time_range === "string" && o.time_range) {
    next.time_range = o.time_range;
    if (Array.isArray(query.filters)) {
      next.filters = query.filters.map((f: Record<string, unknown>) => (f && f.op === "TEMPORAL_RANGE" ? { ...f, val: o.time_range } : f));
    }
  }
  return next;
}
