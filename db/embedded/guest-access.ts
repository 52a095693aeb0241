import { and, eq, sql } from "drizzle-orm";
import { inList } from "../d1-params";
import type { Database } from "../client";
import { charts, dashboardCharts, embeddedDashboards, permissionViewRoles, permissionViews, permissions, roles, viewMenus } from "../schema";
import { IsolateCache } from "../isolate-cache";

// What a guest token reaches, read from D1: the embedded dashboards its resources name (by embedded uuid or
// dashboard id: a dashboard that is no longer embedded is no longer reached), their charts and those charts'
// datasets; and the guest role's pairs. Kept per isolate for the principal cache's bound (PRINCIPAL_TTL_MS): every request of an
// embedded page asks the same, and an un-embedding or a dashboard's changed charts are seen within it.

export interface GuestReach {
  dashboardIds: number[];
  chartIds: number[];
  datasetIds: number[];
}

const GUEST_TTL_MS = 2_000;
const reaches = new IsolateCache<string, GuestReach>(GUEST_TTL_MS, 1_000);
const rolePairs = new IsolateCache<string, [string, string][] | null>(GUEST_TTL_MS, 20);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The embedded dashboards the resource ids name: id → dashboard id (ids naming nothing embedded are left out). */
export async function embeddedDashboardsNamed(db: Database, ids: readonly string[]): Promise<Map<string, number>> {
  const uuids = ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase());
  const numbers = ids.filter((id) => /^\d{1,15}$/.test(id)).map(Number);
  if (!uuids.length && !numbers.length) return new Map();
  const rows = await db
    .select({ uuid: embeddedDashboards.uuid, dashboardId: embeddedDashboards.dashboard_id })
    .from(embeddedDashboards)
    .where(sql`${uuids.length ? inList(sql`lower(${embeddedDashboards.uuid})`, uuids) : sql`0`} OR ${numbers.length ? inList(embeddedDashboards.dashboard_id, numbers) : sql`0`}`)
    .all();
  const found = new Map<string, number>();
  for (const id of ids) {
    const row = rows.find((r) => r.uuid.toLowerCase() === id.toLowerCase() || String(r.dashboardId) === id);
    if (row) found.set(id, row.dashboardId);
  }
  return found;
}

export function guestReach(db: Database, resourceIds: readonly string[]): Promise<GuestReach> {
  const key = JSON.stringify([...resourceIds].sort());
  return reaches.get(key, async () => {
    const dashboardIds = [...new Set((await embeddedDashboardsNamed(db, resourceIds)).values())].sort((a, b) => a - b);
    if (!dashboardIds.length) return { dashboardIds, chartIds: [], datasetIds: [] };
    const rows = await db
      .select({ chart: charts.id, dataset: charts.datasource_id, type: charts.datasource_type })
      .from(dashboardCharts)
      .innerJoin(charts, eq(charts.id, dashboardCharts.slice_id))
      .where(inList(dashboardCharts.dashboard_id, dashboardIds))
      .all();
    const chartIds = [...new Set(rows.map((r) => r.chart))].sort((a, b) => a - b);
    const datasetIds = [...new Set(rows.filter((r) => r.dataset !== null && (r.type === "table" || r.type === "dataset")).map((r) => r.dataset!))].sort((a, b) => a - b);
    return { dashboardIds, chartIds, datasetIds };
  });
}

/** The pairs of the role GUEST_ROLE_NAME names; null when no role has that name. */
export function guestRolePairs(db: Database, roleName: string): Promise<[string, string][] | null> {
  return rolePairs.get(roleName, async () => {
    // a LEFT JOIN chain: a role without pairs is one row of nulls, no role is no row
    const rows = await db
      .select({ permission: permissions.name, view: viewMenus.name })
      .from(roles)
      .leftJoin(permissionViewRoles, eq(permissionViewRoles.role_id, roles.id))
      .leftJoin(permissionViews, eq(permissionViews.id, permissionViewRoles.permission_view_id))
      .leftJoin(permissions, eq(permissions.id, permissionViews.permission_id))
      .leftJoin(viewMenus, and(eq(viewMenus.id, permissionViews.view_menu_id)))
      .where(eq(roles.name, roleName))
      .all();
    if (!rows.length) return null;
    return rows.filter((r) => r.permission !== null && r.view !== null).map((r) => [r.permission!, r.view!]);
  });
}

/** After an embedding, a dashboard's charts, or a role's pairs change in this isolate. */
export function forgetGuestReach(): void {
  reaches.forget();
  rolePairs.forget();
}
