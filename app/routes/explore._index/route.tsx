import { useEffect } from "react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { can, isAdmin } from "../../../core/security/permissions";
import { requirePermission } from "../../auth.server";
import type { RootData } from "../../root";
import { ExplorePage } from "../../features/explore/ExplorePage";
import { isStandalone } from "../../../core/dashboards/view-options";
import { openExplore } from "../../features/explore/store";

export const meta: MetaFunction = () => [{ title: "Explore · Edge Superset" }];

/** The chart builder needs can_read on Chart and can_explore, as in Superset. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  requirePermission(context, request, ["can_read", "Chart"]);
  const principal = requirePermission(context, request, ["can_explore", "Superset"]);
  return { user: { id: principal.id, isAdmin: isAdmin(principal), canWriteChart: can(principal, "can_write", "Chart"), canSqlLab: can(principal, "can_sqllab", "Superset"), canWriteReport: can(principal, "can_write", "ReportSchedule") } };
}

export default function ExploreRoute() {
  const { user } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  const location = useLocation();
  const csrfToken = root?.csrfToken ?? null;
  // Opened from the address once per navigation; the page rewrites the address itself (replaceState) as the
  // form data key and the saved chart's id change, which is not a navigation and does not reopen it.
  useEffect(() => {
    void openExplore(location.search, csrfToken);
  }, [location.key, csrfToken]); // eslint-disable-line react-hooks/exhaustive-deps
  return <ExplorePage user={user} standalone={isStandalone(location.search)} />;
}
