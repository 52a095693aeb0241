import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { charts, dashboardCharts, dashboards, datasets } from "../schema";
import { inList } from "../d1-params";
import { chartScopeWhere } from "../charts/charts";
import { scopeWhere } from "../datasets/datasets";
import type { DatasetScope } from "../../core/datasets/access";
import { linkRefusal, nativeFilterDatasetIds, newlyLinked } from "../../core/dashboards/data-grant";

// Every dashboard write that links charts or native-filter targets (POST and PUT of a dashboard, its /filters,
// "Save as", imports) asks here first: with DASHBOARD_RBAC its roles read that data (db/dashboards/data-grant.ts),
// so a save may add only what its saver may read (core/dashboards/data-grant.ts: newlyLinked).

export interface Linked {
  charts: number[];
  datasets: number[];
}

export const NOTHING_LINKED: Linked = { charts: [], datasets: [] };

/** What a dashboard links now: the charts of dashboard_slices and the datasets its native filters target. */
export async function linkedOf(db: Database, dashboardId: number): Promise<Linked> {
  const rows = await db.select({ id: dashboardCharts.slice_id }).from(dashboardCharts).where(eq(dashboardCharts.dashboard_id, dashboardId)).all();
  const meta = await db.select({ json_metadata: dashboards.json_metadata }).from(dashboards).where(eq(dashboards.id, dashboardId)).get();
  return { charts: rows.map((r) => r.id), datasets: nativeFilterDatasetIds(meta?.json_metadata ?? null) };
}

/**
 * Refuses (403) a save that would newly link a chart or a native-filter target dataset outside the saver's data
 * access; a dataset id that names no dataset counts as unreadable (it could be created later). `next.charts` and
 * `next.jsonMetadata` undefined leave that part as it is; `next.datasets` are datasets read by charts the same
 * write creates (an import). `before` also holds what the write itself creates and so may link.
 */
export async function assertMayLink(
  db: Database, saver: DatasetScope, before: Linked,
  next: { charts?: readonly number[]; jsonMetadata?: string | Record<string, unknown> | null; datasets?: readonly number[] },
): Promise<void> {
  if (saver.all) return;
  const newCharts = next.charts ? newlyLinked(next.charts, before.charts) : [];
  const targets = next.jsonMetadata !== undefined ? nativeFilterDatasetIds(next.jsonMetadata) : [];
  const newDatasets = newlyLinked([...targets, ...(next.datasets ?? [])], before.datasets);
  const chartVisible = chartScopeWhere(saver);
  // charts that do not exist are never linked (the layout's reference is dropped): only existing ones count
  const chartRows = newCharts.length
    ? await db.select({ id: charts.id, readable: sql<number>`CASE WHEN ${chartVisible ?? sql`1`} THEN 1 ELSE 0 END` }).from(charts).where(inList(charts.id, newCharts)).all()
    : [];
  const readableDatasets = new Set(newDatasets.length
    ? (await db.select({ id: datasets.id }).from(datasets).where(and(inList(datasets.id, newDatasets), scopeWhere(saver))).all()).map((r) => r.id)
    : []);
  const badCharts = chartRows.filter((r) => !r.readable).map((r) => r.id).sort((a, b) => a - b);
  const badDatasets = newDatasets.filter((d) => !readableDatasets.has(d));
  if (badCharts.length || badDatasets.length) throw linkRefusal(badCharts, badDatasets);
}
