import { migrateLegacyChart } from "../charts/legacy-migration";
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

/** The migrated rows of a bundle chart, or null when its type needs no migration. */
export function migratedChartRows(d: Json, datasetId: number): MigratedChart | null {
  const params = (typeof d.params === "object" && d.params !== null && !Array.isArray(d.params) ? d.params : {}) as Json;
  const m = migrateLegacyChart(String(d.viz_type), params);
  if (!m) return null;
  const legacy = chartRow(d, datasetId);
  const current = chartRow({ ...d, viz_type: m.to, params: m.formData, query_context: null }, datasetId);
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

/** Whether this product draws a viz_type: an imported chart of another type says so and waits for a new one. */
export const isDrawable = (vizType: string) => getChartType(vizType) !== undefined;
