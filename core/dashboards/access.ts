import { datasetScope } from "../datasets/access";
import { can, isAdmin, type Principal } from "../security/permissions";

// What a user may do with a dashboard they can see: edit and save need can_write on
// Dashboard and being an owner or an admin; sharing needs can_share_dashboard.

export function dashboardPermissions(p: Principal, ownerIds: number[]) {
  const canWrite = can(p, "can_write", "Dashboard") && (isAdmin(p) || ownerIds.includes(p.id));
  return { canEdit: canWrite, canSave: canWrite, canShare: can(p, "can_share_dashboard", "Superset"), canSaveAs: can(p, "can_write", "Dashboard"),
    canWriteReport: can(p, "can_write", "ReportSchedule"),
    // Superset's canExportData: CSV and Excel downloads of a chart's data (an embedded guest's role may lack it)
    canExportData: can(p, "can_csv", "Superset"),
    // Superset's "manage embedded": can_set_embedded, and (as every change of the dashboard) its owners or an admin
    canEmbed: can(p, "can_set_embedded", "Dashboard") && (isAdmin(p) || ownerIds.includes(p.id)) };
}

/** Superset's DASHBOARD_RBAC setting (wrangler var, "true" to turn on): a dashboard's roles grant access to it. */
export const dashboardRbacOn = (env: { DASHBOARD_RBAC?: string }) => env.DASHBOARD_RBAC === "true";

/** Who asks for dashboards, as the access filter needs it (db/dashboards: DashboardViewer). */
export function dashboardViewer(p: Principal, rbac: boolean) {
  return { userId: p.id, admin: !p.guest && isAdmin(p), scope: datasetScope(p), roles: p.roles, rbac };
}
