import type { Database } from "../../db/client";
import { dashboardGrantsDataset } from "../../db/dashboards/data-grant";
import { dashboardDataRef } from "../../core/dashboards/data-grant";
import { dashboardRbacOn, dashboardViewer } from "../../core/dashboards/access";
import type { Principal } from "../../core/security/permissions";

/** Asked only when the caller's data access does not cover the dataset: may the request read it anyway? */
export type DatasetGrant = (datasetId: number) => Promise<boolean>;

/**
 * With DASHBOARD_RBAC on, the grant of the dashboard a request's form data names (core/dashboards/data-grant);
 * undefined when the setting is off or the request names no dashboard.
 */
export function dashboardRbacGrant(db: Database, env: { DASHBOARD_RBAC?: string }, principal: Principal, formData: Record<string, unknown> | null | undefined): DatasetGrant | undefined {
  if (!dashboardRbacOn(env)) return undefined;
  const ref = dashboardDataRef(formData);
  if (!ref) return undefined;
  return (datasetId) => dashboardGrantsDataset(db, ref, datasetId, dashboardViewer(principal, true));
}
