import { and, eq } from "drizzle-orm";
import type { Database } from "../client";
import { chartOwners, charts, dashboardCharts, dashboardOwners, dashboards, favorites, users } from "../schema";
import { commandInvalid } from "../../core/http/errors";
import type { ChartPayload } from "../../core/charts/payloads";
import { inList } from "../d1-params";
import { deleteWithLinks, replaceLinks, type DeleteCascade } from "../lists/links";
import { syncFavoriteTag, syncSystemTags } from "../tags/store";
import { revisionWrites, type RevisionMeta } from "../revisions/store";

// Writing charts: the row, its owners (slice_user), its dashboards (dashboard_slices), favourites (favstar).

type Relations = Pick<ChartPayload, "owners" | "dashboards">;

/** Owner and dashboard ids must name existing rows: a clear field error otherwise. */
export async function assertRelationsExist(db: Database, { owners, dashboards: dashboardIds }: Relations): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (owners?.length) {
    const found = await db.select({ id: users.id }).from(users).where(inList(users.id, owners)).all();
    if (found.length !== owners.length) errors.owners = ["Owners are invalid"];
  }
  if (dashboardIds?.length) {
    const found = await db.select({ id: dashboards.id }).from(dashboards).where(inList(dashboards.id, dashboardIds)).all();
    if (found.length !== dashboardIds.length) errors.dashboards = ["Dashboards do not exist"];
  }
  if (Object.keys(errors).length) throw commandInvalid(errors, "Chart parameters are invalid.");
}

/**
 * The dashboards among `ids` that a chart would newly join and `userId` does not own. Joining a dashboard
 * changes it (the page lists a chart its layout does not place yet), so only its owners may add charts to it,
 * as Superset refuses with DashboardsForbiddenError.
 */
export async function dashboardsNotOwned(db: Database, userId: number, ids: number[], chartId: number | null): Promise<number[]> {
  if (!ids.length) return [];
  const already = chartId === null ? [] : await db.select({ id: dashboardCharts.dashboard_id }).from(dashboardCharts).where(eq(dashboardCharts.slice_id, chartId)).all();
  const joining = ids.filter((id) => !already.some((a) => a.id === id));
  if (!joining.length) return [];
  const owned = await db.select({ id: dashboardOwners.dashboard_id }).from(dashboardOwners)
    .where(and(eq(dashboardOwners.user_id, userId), inList(dashboardOwners.dashboard_id, joining))).all();
  return joining.filter((id) => !owned.some((o) => o.id === id));
}

function rowValues(p: ChartPayload) {
  const { owners: _owners, dashboards: _dashboards, ...values } = p;
  return values;
}

export async function insertChart(db: Database, p: ChartPayload, owners: number[], actor: number, revision: RevisionMeta): Promise<number> {
  const created = await db
    .insert(charts)
    .values({ ...rowValues(p), slice_name: p.slice_name!, viz_type: p.viz_type!, uuid: crypto.randomUUID(), created_by_fk: actor, changed_by_fk: actor })
    .returning({ id: charts.id })
    .get();
  // the revision reads only the row, so it may come first in the batch
  await db.batch([...revisionWrites(db, "chart", created.id, revision), ...relationWrites(db, created.id, { owners, dashboards: p.dashboards ?? [] })]);
  await syncSystemTags(db, { type: "chart", id: created.id }, owners);
  return created.id;
}

/** Updates the row and the relations given, and keeps a revision of the result, in one batch. */
export async function updateChart(db: Database, id: number, p: ChartPayload, actor: number, revision: RevisionMeta): Promise<void> {
  const values = rowValues(p);
  await db.batch([
    db.update(charts).set({ ...values, changed_by_fk: actor }).where(eq(charts.id, id)),
    ...relationWrites(db, id, p),
    ...revisionWrites(db, "chart", id, revision),
  ]);
  if (p.owners) await syncSystemTags(db, { type: "chart", id }, p.owners);
}

/** The statements replacing the owners and/or dashboards that are given; the others stay as they are. */
function relationWrites(db: Database, id: number, { owners, dashboards: dashboardIds }: Relations) {
  return [
    ...(owners ? replaceLinks(db, { entity: chartOwners.slice_id, other: chartOwners.user_id }, id, owners) : []),
    ...(dashboardIds ? replaceLinks(db, { entity: dashboardCharts.slice_id, other: dashboardCharts.dashboard_id }, id, dashboardIds) : []),
  ];
}

/** What goes with a chart: its owners, its places on dashboards, favourites and tag links. */
export const CHART_CASCADE: DeleteCascade = {
  table: charts, id: charts.id, links: [chartOwners.slice_id, dashboardCharts.slice_id], favoriteClass: "slice", tagType: "chart", revisionType: "chart",
};

export async function deleteCharts(db: Database, ids: number[]): Promise<void> {
  await deleteWithLinks(db, CHART_CASCADE, ids);
}

export async function setFavorite(db: Database, userId: number, chartId: number, on: boolean): Promise<void> {
  if (on) await db.insert(favorites).values({ user_id: userId, class_name: "slice", obj_id: chartId }).onConflictDoNothing().run();
  else await db.delete(favorites).where(and(eq(favorites.user_id, userId), eq(favorites.class_name, "slice"), eq(favorites.obj_id, chartId))).run();
  await syncFavoriteTag(db, userId, { type: "chart", id: chartId }, on);
}
