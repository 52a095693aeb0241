import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Principal } from "../../../core/security/permissions";
import { dashboardRbacOn, dashboardViewer } from "../../../core/dashboards/access";
import { permalinkTarget } from "../../../core/dashboards/permalink/state";
import { visibleDashboard } from "../../../db/dashboards/dashboards";
import { dashboardPermalink } from "../../../db/dashboards/permalink";

/** Where a permalink opens for this viewer, or null when the key is unknown or its dashboard is not theirs to see. */
export async function permalinkAddress(context: AppLoadContext, principal: Principal, key: string): Promise<string | null> {
  const value = await dashboardPermalink(context.db, key);
  const row = value && (await visibleDashboard(context.db, { id: Number(value.dashboardId) }, dashboardViewer(principal, dashboardRbacOn(context.env))));
  return value && row ? permalinkTarget(row.slug || row.id, key, value.state) : null;
}
