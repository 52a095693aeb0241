import { applySpec, type LegacyFormData, type LegacySpec } from "./base";
import { area, bar, distBar, line } from "./timeseries";
import { bubble, dualLine, heatmap, histogram, pie, pivotTable, sankey, sunburst, treemap } from "./others";

// Legacy viz types of Superset 1.x–3.x bundles and the type each becomes, as Superset's importer migrates them
// (its migrate_viz processors). `filter_box` is not a chart type any more: the dashboard import turns it into
// native filters (core/dashboards/filters/legacy.ts) and drops it from the layout (./filter-box-layout.ts).

export const LEGACY_SPECS: Readonly<Record<string, LegacySpec>> = {
  line,
  area,
  bar,
  dist_bar: distBar,
  dual_line: dualLine,
  bubble,
  heatmap,
  histogram,
  pivot_table: pivotTable,
  sunburst,
  treemap,
  sankey,
  pie,
};

export interface ChartMigration {
  from: string;
  to: string;
  formData: LegacyFormData;
}

/**
 * Today's type and form data for a chart saved as `vizType` with `params`, or null when it needs no migration (a
 * type of today, or one this product cannot draw). A pie migrates only when it carries the NVD3 pie's key.
 */
export function migrateLegacyChart(vizType: string, params: LegacyFormData): ChartMigration | null {
  if (!Object.hasOwn(LEGACY_SPECS, vizType)) return null;
  if (vizType === "pie" && !("pie_label_type" in params)) return null;
  const { vizType: to, formData } = applySpec(LEGACY_SPECS[vizType], params, vizType);
  return { from: vizType, to, formData };
}

/** What Explore and a dashboard say of a saved chart whose type this product does not draw. */
export const unavailableTypeMessage = (vizType: string) => `This chart type (${vizType}) is not available; pick a new type in Explore`;

export { NO_TIME_RANGE, type LegacyFormData } from "./base";
