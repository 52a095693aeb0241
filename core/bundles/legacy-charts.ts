import { migrateLegacyChart } from "../charts/legacy-migration";
import { migrateLineMulti, type ReferencedChart } from "../charts/legacy-migration/line-multi";
import { getChartType } from "../charts/registry";
import { chartRow } from "./import-rows";

// A bundle chart of a legacy viz type as two rows: the legacy one (kept as the chart's first revision) and the one
// of today's type that is saved. Superset's importer keeps the legacy query context with the new form data in it;
// its queries are the legacy type's, so here the query context is built again by the new type's buildQuery, so
// that GET /api/v1/chart/<id>/data and reports answer what Explore would.

type Json = Record<string, unknown>;
type Row = ReturnType<typeof chartRow>;

export interface MigratedChart {
  legacy: Row;
  current: Row;
  from: string;
  to: string;
}

export interface BundleCharts {
  /** a dataset's id here by its uuid */
  datasetIdOf: (uuid: string) => number;
  /** a chart of the bundle by its id in the exporting instance (a multi-line chart names its charts so) */
  byExportedId: (chartId: number) => ReferencedChart | undefined;
}

/** The migrated rows of a bundle chart, or null when its type needs no migration (or cannot be migrated). */
export function migratedChartRows(d: Json, bundle: BundleCharts): MigratedChart | null {
  const params = (typeof d.params === "object" && d.params !== null && !Array.isArray(d.params) ? d.params : {}) as Json;
  const datasetId = bundle.datasetIdOf(d.dataset_uuid as string);
  const multi = d.viz_type === "line_multi" ? migrateLineMulti(params, bundle.byExportedId) : null;
  const m = multi ? { from: "line_multi", to: multi.to, formData: multi.formData } : migrateLegacyChart(String(d.viz_type), params);
  if (!m) return null;
  const legacy = chartRow(d, datasetId);
  // a multi-line chart moves to the dataset of the charts it drew
  const current = chartRow({ ...d, viz_type: m.to, params: m.formData, query_context: null }, multi ? bundle.datasetIdOf(multi.dataset_uuid) : datasetId);
  current.query_context = queryContextOf(m.to, JSON.parse(current.params) as Json);
  return { legacy, current, from: m.from, to: m.to };
}

function queryContextOf(vizType: string, formData: Json): string | null {
  const type = getChartType(vizType);
  if (!type) return null;
  try {
    return JSON.stringify(type.buildQuery(formData));
  } catch {
    // form data the new type cannot build a query from (a metric missing in the bundle) is saved without one:
    // Explore then shows what is missing, as for any chart saved without a query context
    return null;
  }
}

/** The bundle's charts by the ids their dashboards' layouts give them in the exporting instance. */
export function chartsByExportedId(charts: Json[], dashboards: Json[]): (chartId: number) => ReferencedChart | undefined {
  const byUuid = new Map(charts.map((c) => [c.uuid as string, c]));
  const byId = new Map<number, ReferencedChart>();
  for (const d of dashboards) {
    const position = (d.position ?? {}) as Json;
    for (const node of Object.values(position)) {
      const n = node as { type?: string; meta?: { chartId?: unknown; uuid?: unknown } } | null;
      const meta = n?.meta;
      if (n?.type !== "CHART" || typeof meta?.chartId !== "number" || typeof meta.uuid !== "string") continue;
      const c = byUuid.get(meta.uuid);
      if (c) byId.set(meta.chartId, { viz_type: String(c.viz_type), params: (c.params ?? {}) as Json, dataset_uuid: c.dataset_uuid as string });
    }
  }
  return (chartId) => byId.get(chartId);
}

/** Whether this product draws a viz_type: an imported chart of another type says so and waits for a new one. */
export const isDrawable = (vizType: string) => getChartType(vizType) !== undefined;
