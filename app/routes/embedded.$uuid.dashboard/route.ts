import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { embeddedDashboard } from "../embedded.$uuid/embedded.server";

/** /embedded/{uuid}/dashboard: the embedded dashboard's page data as JSON, for the guest of the X-GuestToken header. */
export function loader({ context, params, request }: LoaderFunctionArgs) {
  return embeddedDashboard(context, params.uuid ?? "", new URL(request.url).searchParams);
}
