import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { charts, dashboardCharts, dashboardOwners, dashboardRoles, dashboards, favorites, roles, users } from "../schema";
import { orderTerms, whereFor, type ListSpec } from "../lists/list";
import { chartScopeWhere } from "../charts/charts";
import { badRequest } from "../../core/http/errors";
import type { ListArgs, ListFilter } from "../../core/http/list-query";
import type { DatasetScope } from "../../core/datasets/access";
import type { UserRef } from "../../core/charts/shape";
import type { DashboardChartRecord, DashboardRelations } from "../../core/dashboards/shape";
import { inList, valuesList } from "../d1-params";
import { commonListFilter, anyContains, truthy } from "../lists/common-filters";
import { tagsOfObjects } from "../tags/store";
import { tagFilter } from "../tags/list-filter";

// Reading dashboards in Superset's shapes. Who sees a dashboard is Superset's DashboardAccessFilter: admins
// see all; others see the dashboards they own, and published ones holding at least one chart whose dataset they
// may read. Drafts are therefore only for their owners and admins; the rest answer 404 as if absent.

export type DashboardRow = typeof dashboards.$inferSelect;

/** Who is asking: their id, whether they see everything, which datasets they may read, their roles and DASHBOARD_RBAC. */
export interface DashboardViewer {
  userId: number;
  admin: boolean;
  scope: DatasetScope;
  /** the viewer's role names (the Public role for an anonymous viewer); used when `rbac` is on */
  roles?: string[];
  /** Superset's DASHBOARD_RBAC: a dashboard's roles grant access to it */
  rbac?: boolean;
}

/**
 * Superset's DashboardAccessFilter: owned dashboards, plus published ones with a chart the viewer may read.
 * With DASHBOARD_RBAC, a published dashboard that has roles is seen through its roles only (a viewer holding
 * one of them), no longer through data access, as Superset's `is_rbac_disabled_filter` does.
 */
const dashboardTagFilter = tagFilter("dashboard", "dashboard", dashboards.id);

export function dashboardAccessWhere(v: DashboardViewer): SQL | undefined {
  // a guest sees the dashboards of its token and nothing else (published or not, as Superset's has_guest_access)
  if (!v.scope.all && v.scope.guest) return v.scope.guest.dashboardIds.length ? inList(dashboards.id, [...v.scope.guest.dashboardIds]) : sql`0`;
  if (v.admin) return undefined;
  const owned = sql`${dashboards.id} IN (SELECT dashboard_id FROM dashboard_user WHERE user_id = ${v.userId})`;
  const chartVisible = chartScopeWhere(v.scope);
  const readableChart = sql`EXISTS (SELECT 1 FROM dashboard_slices ds JOIN slices ON slices.id = ds.slice_id WHERE ds.dashboard_id = ${dashboards.id}${chartVisible ? sql` AND ${chartVisible}` : sql``})`;
  if (!v.rbac) return or(owned, and(eq(dashboards.published, true), readableChart));
  const hasRoles = sql`EXISTS (SELECT 1 FROM ${dashboardRoles} dr0 WHERE dr0.dashboard_id = ${dashboards.id})`;
  return or(owned, and(eq(dashboards.published, true), sql`NOT ${hasRoles}`, readableChart), dashboardRoleGrantWhere(v));
}

/** A published dashboard one of whose roles the viewer holds: how DASHBOARD_RBAC grants a dashboard (and its data). */
export function dashboardRoleGrantWhere(v: DashboardViewer): SQL {
  const names = v.roles ?? [];
  const roleGranted = names.length
    ? sql`EXISTS (SELECT 1 FROM ${dashboardRoles} dr JOIN ${roles} ar ON ar.id = dr.role_id WHERE dr.dashboard_id = ${dashboards.id} AND ar.name IN ${valuesList(names)})`
    : sql`0`;
  return and(eq(dashboards.published, true), roleGranted)!;
}

/** Superset's DashboardRestApi search filters: title/slug text, published, then owners, roles, people, favourites, certification. */
function dashboardFilter(userId: number) {
  const common = commonListFilter({
    id: dashboards.id,
    links: { owners: { entity: dashboardOwners.dashboard_id, other: dashboardOwners.user_id }, roles: { entity: dashboardRoles.dashboard_id, other: dashboardRoles.role_id } },
    createdBy: dashboards.created_by_fk, changedBy: dashboards.changed_by_fk,
    favorite: { opr: "dashboard_is_favorite", className: "Dashboard", userId },
    certified: { opr: "dashboard_is_certified", column: dashboards.certified_by },
  });
  return (f: ListFilter): SQL | undefined => {
    if (f.opr === "title_or_slug") {
      if (typeof f.value !== "string") throw badRequest("Filter title_or_slug needs a text value");
      return anyContains([dashboards.dashboard_title, dashboards.slug], f.value);
    }
    if (f.col === "published" && ["eq", "neq"].includes(f.opr) && f.value !== null && typeof f.value !== "object") {
      const on = truthy(f.value) || f.value === "1";
      return eq(dashboards.published, f.opr === "eq" ? on : !on);
    }
    return common(f);
  };
}

export const dashboardListSpec = (viewer: DashboardViewer): ListSpec => ({
  table: dashboards,
  columns: {
    id: dashboards.id, dashboard_title: dashboards.dashboard_title, slug: dashboards.slug, published: dashboards.published,
    changed_on: dashboards.changed_on, changed_on_delta_humanized: dashboards.changed_on, uuid: dashboards.uuid,
    certified_by: dashboards.certified_by, created_on: dashboards.created_on,
  },
  defaultOrder: { column: dashboards.changed_on, direction: "desc" },
  baseWhere: dashboardAccessWhere(viewer),
  customFilter: (f) => dashboardTagFilter(f) ?? dashboardFilter(viewer.userId)(f),
});

function orderBy(args: ListArgs, spec: ListSpec): SQL[] {
  return orderTerms(args, {
    ...spec.columns,
    "changed_by.first_name": sql`(SELECT first_name FROM ab_user WHERE ab_user.id = ${dashboards.changed_by_fk})`,
    "created_by.first_name": sql`(SELECT first_name FROM ab_user WHERE ab_user.id = ${dashboards.created_by_fk})`,
  }, [desc(dashboards.changed_on), desc(dashboards.id)], dashboards.id);
}

export async function listDashboardRows(db: Database, args: ListArgs, spec: ListSpec): Promise<{ count: number; rows: DashboardRow[] }> {
  const where = whereFor(spec, args.filters);
  const total = await db.select({ n: sql<number>`count(*)` }).from(dashboards).where(where).get();
  const rows = await db.select().from(dashboards).where(where).orderBy(...orderBy(args, spec)).limit(args.pageSize).offset(args.page * args.pageSize).all();
  return { count: total?.n ?? 0, rows };
}

/** The dashboard by id or slug if the viewer may see it (Superset's get_by_id_or_slug with the access filter). */
export async function visibleDashboard(db: Database, key: { id: number } | { slug: string }, viewer: DashboardViewer): Promise<DashboardRow | undefined> {
  const match = "id" in key ? eq(dashboards.id, key.id) : eq(dashboards.slug, key.slug);
  return db.select().from(dashboards).where(and(match, dashboardAccessWhere(viewer))).get();
}

/** Owners, roles, editors and chart names of a page of dashboards: a handful of queries, not one per dashboard. */
export async function dashboardRelations(db: Database, rows: DashboardRow[]): Promise<DashboardRelations> {
  const ids = rows.map((r) => r.id);
  const owners = new Map<number, UserRef[]>();
  const rolesOf = new Map<number, { id: number; name: string }[]>();
  const people = new Map<number, UserRef>();
  const chartNames = new Map<number, string[]>();
  if (!ids.length) return { owners, roles: rolesOf, people, chartNames };
  const personIds = [...new Set(rows.flatMap((r) => [r.changed_by_fk, r.created_by_fk]).filter((v): v is number => typeof v === "number"))];
  const [ownerRows, roleRows, personRows, chartRows, tags] = await Promise.all([
    db.select({ dashboard_id: dashboardOwners.dashboard_id, id: users.id, first_name: users.first_name, last_name: users.last_name })
      .from(dashboardOwners).innerJoin(users, eq(users.id, dashboardOwners.user_id)).where(inList(dashboardOwners.dashboard_id, ids)).all(),
    db.select({ dashboard_id: dashboardRoles.dashboard_id, id: roles.id, name: roles.name })
      .from(dashboardRoles).innerJoin(roles, eq(roles.id, dashboardRoles.role_id)).where(inList(dashboardRoles.dashboard_id, ids)).all(),
    personIds.length ? db.select({ id: users.id, first_name: users.first_name, last_name: users.last_name }).from(users).where(inList(users.id, personIds)).all() : [],
    db.select({ dashboard_id: dashboardCharts.dashboard_id, slice_name: charts.slice_name })
      .from(dashboardCharts).innerJoin(charts, eq(charts.id, dashboardCharts.slice_id)).where(inList(dashboardCharts.dashboard_id, ids)).orderBy(charts.id).all(),
    tagsOfObjects(db, "dashboard", ids),
  ]);
  const push = <T>(m: Map<number, T[]>, k: number, v: T) => (m.get(k) ?? m.set(k, []).get(k)!).push(v);
  for (const { dashboard_id, ...u } of ownerRows) push(owners, dashboard_id, u);
  for (const { dashboard_id, ...r } of roleRows) push(rolesOf, dashboard_id, r);
  for (const p of personRows) people.set(p.id, p);
  for (const { dashboard_id, slice_name } of chartRows) push(chartNames, dashboard_id, slice_name);
  return { owners, roles: rolesOf, people, chartNames, tags };
}

export async function dashboardOwnerIds(db: Database, dashboardId: number): Promise<number[]> {
  return (await db.select({ id: dashboardOwners.user_id }).from(dashboardOwners).where(eq(dashboardOwners.dashboard_id, dashboardId)).all()).map((r) => r.id);
}

/** The charts placed on a dashboard (dashboard_slices), as the page needs them to query and draw. */
export async function chartsOfDashboard(db: Database, dashboardId: number): Promise<DashboardChartRecord[]> {
  return db.select({
    id: charts.id, slice_name: charts.slice_name, viz_type: charts.viz_type, params: charts.params, description: charts.description,
    cache_timeout: charts.cache_timeout, certified_by: charts.certified_by, certification_details: charts.certification_details,
    changed_on: charts.changed_on, datasource_id: charts.datasource_id, datasource_type: charts.datasource_type,
  }).from(dashboardCharts).innerJoin(charts, eq(charts.id, dashboardCharts.slice_id)).where(eq(dashboardCharts.dashboard_id, dashboardId)).orderBy(charts.id).all();
}

export async function favoriteDashboardIds(db: Database, userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ obj_id: favorites.obj_id }).from(favorites)
    .where(and(eq(favorites.user_id, userId), eq(favorites.class_name, "Dashboard"), inList(favorites.obj_id, ids))).all();
  return new Set(rows.map((r) => r.obj_id));
}
