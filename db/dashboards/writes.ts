import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../client";
import { charts, dashboardCharts, dashboardOwners, dashboardRoles, dashboards, favorites, roles, users } from "../schema";
import { commandInvalid } from "../../core/http/errors";
import type { DashboardPayload } from "../../core/dashboards/payloads";
import { chartIdsOfPositions } from "../../core/dashboards/layout";

// Writing dashboards: the row, its owners (dashboard_user), roles (dashboard_roles), the charts its layout
// places (dashboard_slices, synced from position_json as Superset's set_dash_metadata does) and favourites.

/** Owner and role ids must name existing rows, and a slug must be free: clear field errors otherwise. */
export async function assertDashboardFields(db: Database, p: DashboardPayload, selfId?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (p.owners?.length) {
    const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, p.owners)).all();
    if (found.length !== p.owners.length) errors.owners = ["Owners are invalid"];
  }
  if (p.roles?.length) {
    const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, p.roles)).all();
    if (found.length !== p.roles.length) errors.roles = ["Some roles do not exist"];
  }
  if (p.slug) {
    const taken = await db.select({ id: dashboards.id }).from(dashboards).where(eq(dashboards.slug, p.slug)).get();
    if (taken && taken.id !== selfId) errors.slug = ["Must be unique"];
  }
  if (Object.keys(errors).length) throw commandInvalid(errors, "Dashboard parameters are invalid.");
}

function rowValues(p: DashboardPayload) {
  const { owners: _o, roles: _r, last_modified_time: _t, ...values } = p;
  return values;
}

/** The chart ids a position_json places, restricted to charts that exist. */
async function placedCharts(db: Database, positionJson: string | null | undefined): Promise<number[] | undefined> {
  if (positionJson === undefined) return undefined;
  let positions: unknown = null;
  try {
    positions = positionJson ? JSON.parse(positionJson) : null;
  } catch {
    positions = null;
  }
  const ids = chartIdsOfPositions(positions);
  if (!ids.length) return [];
  return (await db.select({ id: charts.id }).from(charts).where(inArray(charts.id, ids)).all()).map((r) => r.id);
}

export async function insertDashboard(db: Database, p: DashboardPayload, owners: number[], actor: number): Promise<number> {
  const created = await db
    .insert(dashboards)
    .values({ ...rowValues(p), dashboard_title: p.dashboard_title ?? "[ untitled dashboard ]", uuid: crypto.randomUUID(), created_by_fk: actor, changed_by_fk: actor })
    .returning({ id: dashboards.id })
    .get();
  await replaceRelations(db, created.id, { owners, roles: p.roles ?? [], charts: await placedCharts(db, p.position_json) });
  return created.id;
}

/** Updates the row (always touching changed_on, which last_modified_time is read from) and its relations. */
export async function updateDashboard(db: Database, id: number, p: DashboardPayload, actor: number): Promise<string> {
  const changed_on = new Date().toISOString();
  await db.update(dashboards).set({ ...rowValues(p), changed_by_fk: actor, changed_on }).where(eq(dashboards.id, id)).run();
  await replaceRelations(db, id, { owners: p.owners, roles: p.roles, charts: await placedCharts(db, p.position_json) });
  return changed_on;
}

/** Replaces the relations that are given; leaves the others as they are. */
async function replaceRelations(db: Database, id: number, r: { owners?: number[]; roles?: number[]; charts?: number[] }): Promise<void> {
  const writes = [];
  if (r.owners) {
    writes.push(db.delete(dashboardOwners).where(eq(dashboardOwners.dashboard_id, id)));
    for (const user_id of r.owners) writes.push(db.insert(dashboardOwners).values({ user_id, dashboard_id: id }).onConflictDoNothing());
  }
  if (r.roles) {
    writes.push(db.delete(dashboardRoles).where(eq(dashboardRoles.dashboard_id, id)));
    for (const role_id of r.roles) writes.push(db.insert(dashboardRoles).values({ role_id, dashboard_id: id }).onConflictDoNothing());
  }
  if (r.charts) {
    writes.push(db.delete(dashboardCharts).where(eq(dashboardCharts.dashboard_id, id)));
    for (const slice_id of r.charts) writes.push(db.insert(dashboardCharts).values({ slice_id, dashboard_id: id }).onConflictDoNothing());
  }
  if (writes.length) await db.batch(writes as [(typeof writes)[0], ...typeof writes]);
}

export async function deleteDashboards(db: Database, ids: number[]): Promise<void> {
  if (!ids.length) return;
  // SQLite cascades only when foreign keys are enforced: the link rows are removed explicitly
  await db.batch([
    db.delete(dashboardOwners).where(inArray(dashboardOwners.dashboard_id, ids)),
    db.delete(dashboardRoles).where(inArray(dashboardRoles.dashboard_id, ids)),
    db.delete(dashboardCharts).where(inArray(dashboardCharts.dashboard_id, ids)),
    db.delete(favorites).where(and(eq(favorites.class_name, "Dashboard"), inArray(favorites.obj_id, ids))),
    db.delete(dashboards).where(inArray(dashboards.id, ids)),
  ]);
}

export async function setDashboardFavorite(db: Database, userId: number, dashboardId: number, on: boolean): Promise<void> {
  if (on) await db.insert(favorites).values({ user_id: userId, class_name: "Dashboard", obj_id: dashboardId }).onConflictDoNothing().run();
  else await db.delete(favorites).where(and(eq(favorites.user_id, userId), eq(favorites.class_name, "Dashboard"), eq(favorites.obj_id, dashboardId))).run();
}
