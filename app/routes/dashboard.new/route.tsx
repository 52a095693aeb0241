import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requirePermission } from "../../auth.server";
import { createEmptyDashboard } from "./new-dashboard.server";

// Superset's /dashboard/new/: a fresh empty dashboard owned by the caller, opened in edit mode. It is a GET with
// a side effect, as in Superset; links to it leave Remix's prefetch off (the default) so hovering never creates one.

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_write", "Dashboard"]);
  return createEmptyDashboard(context, principal);
}
