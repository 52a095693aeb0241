import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { pageLanguage } from "../../i18n/catalog.server";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { loginRedirect, requirePermission } from "../../auth.server";
import type { RootData } from "../../root";
import { DashboardPage } from "../../features/dashboard/DashboardPage";
import { loadDashboardPage } from "./dashboard.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.dashboard.title ?? "Dashboard"} · Edge Superset` }];

/** A dashboard by id or slug (Superset's /superset/dashboard/{id_or_slug}/), for users with can_read Dashboard. */
export async function loader({ context, request, params }: LoaderFunctionArgs) {
  // the one page an anonymous visitor may see when an admin granted the Public role dashboard access
  const principal = requirePermission(context, request, ["can_read", "Dashboard"], { allowPublic: true });
  return loadDashboardPage(context, principal, params.idOrSlug ?? "", new URL(request.url).searchParams, pageLanguage(request, principal).language).catch((e: unknown) => {
    // a dashboard the Public role does not cover: the anonymous visitor is asked to log in, as Superset does
    if (principal.anonymous && e instanceof Response && e.status === 404) throw loginRedirect(request);
    throw e;
  });
}

export default function DashboardRoute() {
  const data = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  return <DashboardPage key={data.dashboard.id} data={data} csrfToken={root?.csrfToken ?? null} />;
}
