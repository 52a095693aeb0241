import { and, eq } from "drizzle-orm";
import type { Database } from "../client";
import { charts, dashboardCharts, dashboardDrafts, dashboardOwners, dashboardRoles, dashboards, embeddedDashboards, favorites, roles, users } from "../schema";
import type { BatchItem } from "drizzle-orm/batch";
import { commandInvalid } from "../../core/http/errors";
import type { DashboardPayload } from "../../core/dashboards/payloads";
import { chartIdsOfPositions } from "../../core/dashboards/layout";
import type { DatasetScope } from "../../core/datasets/access";
import { assertMayLink, linkedOf, NOTHING_LINKED } from "./link-guard";
import { inList } from "../d1-params";
import { deleteWithLinks, replaceLinks, type DeleteCascade } from "../lists/links";
import { syncFavoriteTag, syncSystemTags } from "../tags/store";
import { revisionWrites, type RevisionMeta } from "../revisions/store";

// Writing dashboards: the row, its owners (dashboard_user), roles (dashboard_roles), the charts its layout
// places (dashboard_slices, synced from position_json as Superset's set_dash_metadata does) and favourites.

/** Owner and role ids must name existing rows, and a slug must be free: clear field errors otherwise. */
export async function assertDashboardFields(db: Database, p: DashboardPayload, selfId?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (p.owners?.length) {
    const found = await db.select({ id: users.id }).from(users).where(inList(users.id, p.owners)).all();
    if (found.length !== p.owners.length) errors.owners = ["Owners are invalid"];
  }
  if (p.roles?.length) {
    const found = await db.select({ id: roles.id }).from(roles).where(inList(roles.id, p.roles)).all();
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
  return (await db.select({ id: charts.id }).from(charts).where(inList(charts.id, ids)).all()).map((r) => r.id);
}

/** `saver`: the data access of who saves, which bounds what the dashboard may link (db/dashboards/link-guard.ts). */
export async function insertDashboard(db: Database, p: DashboardPayload, owners: number[], actor: number, saver: DatasetScope, revision: RevisionMeta): Promise<number> {
  const placed = await placedCharts(db, p.position_json);
  await assertMayLink(db, saver, NOTHING_LINKED, { charts: placed, jsonMetadata: p.json_metadata });
  const created = await db
    .insert(dashboards)
    .values({ ...rowValues(p), dashboard_title: p.dashboard_title ?? "[ untitled dashboard ]", uuid: crypto.randomUUID(), created_by_fk: actor, changed_by_fk: actor })
    .returning({ id: dashboards.id })
    .get();
  // the revision reads only the row, so it may come first in the batch
  await db.batch([...revisionWrites(db, "dashboard", created.id, revision), ...relationWrites(db, created.id, { owners, roles: p.roles ?? [], charts: placed })]);
  await syncSystemTags(db, { type: "dashboard", id: created.id }, owners);
  return created.id;
}

/**
 * Updates the row (always touching changed_on, which last_modified_time is read from), its relations and keeps a
 * revision of the result, in one batch; `also` joins that batch (a publish drops its draft in the same step).
 */
export async function updateDashboard(
  db: Database, id: number, p: DashboardPayload, actor: number, saver: DatasetScope, revision: RevisionMeta, also: BatchItem<"sqlite">[] = [],
): Promise<string> {
  const placed = await placedCharts(db, p.position_json);
  // A save that gives the dashboard a role it did not have grants that role everything linked (with
  // DASHBOARD_RBAC): then all of it must be readable by the saver, not only what this save adds.
  const hadRoles = (await db.select({ id: dashboardRoles.role_id }).from(dashboardRoles).where(eq(dashboardRoles.dashboard_id, id)).all()).map((r) => r.id);
  const addsRole = (p.roles ?? []).some((r) => !hadRoles.includes(r));
  const before = await linkedOf(db, id);
  const meta = p.json_metadata !== undefined ? p.json_metadata : addsRole ? ((await db.select({ m: dashboards.json_metadata }).from(dashboards).where(eq(dashboards.id, id)).get())?.m ?? null) : undefined;
  await assertMayLink(db, saver, addsRole ? NOTHING_LINKED : before, { charts: placed ?? (addsRole ? before.charts : undefined), jsonMetadata: meta });
  const changed_on = new Date().toISOString();
  await db.batch([
    db.update(dashboards).set({ ...rowValues(p), changed_by_fk: actor, changed_on }).where(eq(dashboards.id, id)),
    ...relationWrites(db, id, { owners: p.owners, roles: p.roles, charts: placed }),
    ...revisionWrites(db, "dashboard", id, revision),
    ...also,
  ]);
  if (p.owners) await syncSystemTags(db, { type: "dashboard", id }, p.owners);
  return changed_on;
}

/** The statements replacing the relations that are given; the others stay as they are. */
function relationWrites(db: Database, id: number, r: { owners?: number[]; roles?: number[]; charts?: number[] }) {
  return [
    ...(r.owners ? replaceLinks(db, { entity: dashboardOwners.dashboard_id, other: dashboardOwners.user_id }, id, r.owners) : []),
    ...(r.roles ? replaceLinks(db, { entity: dashboardRoles.dashboard_id, other: dashboardRoles.role_id }, id, r.roles) : []),
    ...(r.charts ? replaceLinks(db, { entity: dashboardCharts.dashboard_id, other: dashboardCharts.slice_id }, id, r.charts) : []),
  ];
}

/** What goes with a dashboard: owners, roles, chart places, its embedding, favourites and tag links. */
export const DASHBOARD_CASCADE: DeleteCascade = {
  table: dashboards, id: dashboards.id,
  links: [dashboardOwners.dashboard_id, dashboardRoles.dashboard_id, dashboardCharts.dashboard_id, embeddedDashboards.dashboard_id, dashboardDrafts.dashboard_id],
  favoriteClass: "Dashboard", tagType: "dashboard", revisionType: "dashboard",
};

export async function deleteDashboards(db: Database, ids: number[]): Promise<void> {
  await deleteWithLinks(db, DASHBOARD_CASCADE, ids);
}

export async function setDashboardFavorite(db: Database, userId: number, dashboardId: number, on: boolean): Promise<void> {
  if (on) await db.insert(favorites).values({ user_id: userId, class_name: "Dashboard", obj_id: dashboardId }).onConflictDoNothing().run();
  else await db.delete(favorites).where(and(eq(favorites.user_id, userId), eq(favorites.class_name, "Dashboard"), eq(favorites.obj_id, dashboardId))).run();
  await syncFavoriteTag(db, userId, { type: "dashboard", id: dashboardId }, on);
}
