import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { insertDashboard } from "../../../db/dashboards/writes";
import { datasetScope } from "../../../core/datasets/access";
import type { Principal } from "../../../core/security/permissions";
import { revisionsKept } from "../../../core/revisions/revisions";

/** The title Superset gives a dashboard made from the "+" menu (and the default of insertDashboard). */
export const UNTITLED_DASHBOARD = "[ untitled dashboard ]";

/**
 * Creates the dashboard through the same write as POST /api/v1/dashboard/ (the caller as its only owner, no
 * charts, unpublished) and redirects to it in edit mode (`?edit=true`, read by the page's useEditMode).
 */
export async function createEmptyDashboard(context: AppLoadContext, principal: Principal): Promise<Response> {
  const id = await insertDashboard(context.db, { dashboard_title: UNTITLED_DASHBOARD }, [principal.id], principal.id, datasetScope(principal), {
    actor: principal.id, message: null, keep: revisionsKept(context.env.REVISIONS_KEPT),
  });
  return redirect(`/superset/dashboard/${id}/?edit=true`);
}
