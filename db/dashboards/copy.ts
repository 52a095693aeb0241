import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { chartOwners, charts, dashboardCharts, dashboardOwners, dashboards } from "../schema";
import { remapMetadata, remapPositions, type DashboardCopyPayload } from "../../core/dashboards/copy";
import { chartIdsOfPositions } from "../../core/dashboards/layout";
import type { DatasetScope } from "../../core/datasets/access";
import { assertMayLink, NOTHING_LINKED } from "./link-guard";
import { inList, insertChunks } from "../d1-params";
import { revisionWrites } from "../revisions/store";
import { syncSystemTags } from "../tags/store";

// Superset's DashboardDAO.copy_dashboard: a new draft dashboard owned by the caller. With duplicate_slices each
// chart of the original is cloned (owned by the caller) and the layout and metadata point at the clones;
// without it the copy shows the same charts. Roles and slug are not copied (a slug must stay unique).

export async function copyDashboard(
  db: Database, original: typeof dashboards.$inferSelect, p: DashboardCopyPayload, actor: number, saver: DatasetScope,
  /** revisions kept per object (REVISIONS_KEPT): the copy starts its History with one */
  keep: number,
): Promise<{ id: number; changedOn: string }> {
  const { positions: sentPositions, ...meta } = p.json_metadata;
  let positions: Record<string, unknown> = {};
  if (sentPositions && typeof sentPositions === "object" && !Array.isArray(sentPositions)) positions = sentPositions as Record<string, unknown>;
  else if (original.position_json) {
    try {
      positions = JSON.parse(original.position_json) as Record<string, unknown>;
    } catch {
      positions = {};
    }
  }
  const linked = (await db.select({ id: dashboardCharts.slice_id }).from(dashboardCharts).where(eq(dashboardCharts.dashboard_id, original.id)).all()).map((r) => r.id);
  const placed = chartIdsOfPositions(positions);
  const chartIds = [...new Set([...linked, ...placed])];
  // the copy is the copier's, who may give it roles: it links only what the copier may read (link-guard.ts)
  await assertMayLink(db, saver, NOTHING_LINKED, { charts: chartIds, jsonMetadata: meta });
  const ids = new Map<number, number>();
  if (p.duplicate_slices && chartIds.length) {
    const rows = await db.select().from(charts).where(inList(charts.id, chartIds)).all();
    for (const { id, uuid: _u, created_on: _c, changed_on: _ch, ...rest } of rows) {
      const copy = await db.insert(charts).values({ ...rest, uuid: crypto.randomUUID(), created_by_fk: actor, changed_by_fk: actor }).returning({ id: charts.id }).get();
      ids.set(id, copy.id);
    }
    const owned = [...ids.values()].map((slice_id) => ({ slice_id, user_id: actor }));
    for (const part of insertChunks(chartOwners, owned)) await db.insert(chartOwners).values(part).onConflictDoNothing().run();
  }
  const changedOn = new Date().toISOString();
  const created = await db.insert(dashboards).values({
    uuid: crypto.randomUUID(), dashboard_title: p.dashboard_title, css: p.css, published: false,
    position_json: JSON.stringify(p.duplicate_slices ? remapPositions(positions, ids) : positions),
    json_metadata: JSON.stringify(p.duplicate_slices ? remapMetadata(meta, ids) : meta),
    description: original.description, created_by_fk: actor, changed_by_fk: actor, created_on: changedOn, changed_on: changedOn,
  }).returning({ id: dashboards.id }).get();
  const existing = new Set((chartIds.length ? await db.select({ id: charts.id }).from(charts).where(inList(charts.id, chartIds)).all() : []).map((r) => r.id));
  const finalCharts = chartIds.filter((c) => existing.has(c)).map((c) => (p.duplicate_slices ? (ids.get(c) ?? c) : c));
  const writes = [
    db.insert(dashboardOwners).values({ user_id: actor, dashboard_id: created.id }),
    ...finalCharts.map((slice_id) => db.insert(dashboardCharts).values({ slice_id, dashboard_id: created.id }).onConflictDoNothing()),
    // the copy's History starts here (issue 34)
    ...revisionWrites(db, "dashboard", created.id, { actor, message: `Copied from "${original.dashboard_title}"`, keep }),
  ];
  await db.batch(writes as [(typeof writes)[0], ...typeof writes]);
  for (const chartId of ids.values()) await syncSystemTags(db, { type: "chart", id: chartId }, [actor]);
  await syncSystemTags(db, { type: "dashboard", id: created.id }, [actor]);
  return { id: created.id, changedOn };
}
