import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requirePermission } from "../../auth.server";
import { permalinkAddress } from "./permalink.server";

// Superset's /superset/dashboard/p/<key>/: the dashboard a permalink names, opened in the shared state. The
// dashboard is checked as on its own page (a permalink grants nothing); an unknown key or a dashboard the
// viewer cannot see are the same 404.

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "Dashboard"]);
  const address = await permalinkAddress(context, principal, params.key ?? "");
  if (!address) throw new Response("The permalink was not found.", { status: 404, statusText: "Not Found" });
  return redirect(address);
}
