import { and, eq } from "drizzle-orm";
import type { Database } from "../client";
import { charts, dashboardCharts, dashboards, databases, datasets } from "../schema";
import { EXAMPLES_DATABASE } from "../../core/examples/index";
import { EXAMPLE_DASHBOARDS } from "../../core/dashboards/examples/index";
import { inList, insertChunks } from "../d1-params";

// Creates the product's example dashboards (core/dashboards/examples/) with their charts on the example datasets.
// Called at first start only, right after the example datasets are registered, so a dashboard a user deleted does
// not come back. Rows carry fixed uuids: a concurrent first start inserts nothing twice. Published and ownerless,
// like Superset's examples: whoever may read birth_names sees it; admins edit it.

export async function registerExampleDashboards(db: Database): Promise<void> {
  for (const d of EXAMPLE_DASHBOARDS) {
    const tableNames = [...new Set(d.charts.map((c) => c.dataset))];
    const found = await db.select({ id: datasets.id, table_name: datasets.table_name }).from(datasets)
      .innerJoin(databases, eq(databases.id, datasets.database_id))
      .where(and(eq(databases.database_name, EXAMPLES_DATABASE.name), inList(datasets.table_name, tableNames))).all();
    const datasetIds = new Map(found.map((r) => [r.table_name, r.id]));
    if (tableNames.some((t) => !datasetIds.has(t))) continue; // its data is not registered: nothing to draw
    const chartRows = d.charts.map((c) => ({
      uuid: c.uuid, slice_name: c.name, viz_type: c.vizType, datasource_id: datasetIds.get(c.dataset)!, datasource_type: "table",
      params: JSON.stringify({ ...c.params, datasource: `${datasetIds.get(c.dataset)}__table`, viz_type: c.vizType }),
    }));
    for (const part of insertChunks(charts, chartRows)) await db.insert(charts).values(part).onConflictDoNothing().run();
    const made = await db.select({ id: charts.id, uuid: charts.uuid }).from(charts).where(inList(charts.uuid, d.charts.map((c) => c.uuid))).all();
    const byUuid = new Map(made.map((r) => [r.uuid, r.id]));
    const ids = Object.fromEntries(d.charts.map((c) => [c.key, byUuid.get(c.uuid)!]));
    const inserted = await db.insert(dashboards).values({
      uuid: d.uuid, slug: d.slug, dashboard_title: d.title, published: true, position_json: JSON.stringify(d.layout(ids)),
      json_metadata: JSON.stringify({ color_scheme: "supersetColors", refresh_frequency: 0, expanded_slices: {}, label_colors: {}, timed_refresh_immune_slices: [] }),
    }).onConflictDoNothing().returning({ id: dashboards.id }).all();
    if (!inserted.length) continue;
    const links = Object.values(ids).map((slice_id) => ({ dashboard_id: inserted[0].id, slice_id }));
    for (const part of insertChunks(dashboardCharts, links)) await db.insert(dashboardCharts).values(part).onConflictDoNothing().run();
  }
}
