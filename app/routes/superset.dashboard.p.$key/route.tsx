import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requirePermission } from "../../auth.server";
import { dashboardRbacOn, dashboardViewer } from "../../../core/dashboards/access";
import { permalinkTarget } from "../../../core/dashboards/permalink/state";
import { visibleDashboard } from "../../../db/dashboards/dashboards";
import { dashboardPermalink } from "../../../db/dashboards/permalink";

// Superset's /superset/dashboard/p/<key>/: the dashboard a permalink names, opened in the shared state. The
// dashboard is checked as on its own page (a permalink grants nothing); an unknown key or a dashboard the
// viewer cannot see are the same 404.

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "Dashboard"]);
  const key = params.key ?? "";
  const value = await dashboardPermalink(context.db, key);
  const row = value && (await visibleDashboard(context.db, { id: Number(value.dashboardId) }, dashboardViewer(principal, dashboardRbacOn(context.env))));
  if (!value || !row) throw new Response("The permalink was not found.", { status: 404, statusText: "Not Found" });
  return redirect(permalinkTarget(row.slug || row.id, key, value.state));
}
