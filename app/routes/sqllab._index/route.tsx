import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requirePermission } from "../../auth.server";
import { SqlLabPage } from "../../features/sqllab/SqlLabPage";
import { useSqlLabStartup } from "../../features/sqllab/use-sqllab-startup";
import { sqlLabPageData } from "./bootstrap.server";
import { openRequestsFromUrl, requestedFromForm, type RequestedQuery } from "./requested-query";

export const meta: MetaFunction = () => [{ title: "SQL Lab · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_sqllab", "Superset"]);
  return sqlLabPageData(context.env as never, principal);
}

/** A posted form (datasource key and sql) opens as a new tab; posting changes nothing on the server. */
export async function action({ context, request }: ActionFunctionArgs) {
  requirePermission(context, request, ["can_sqllab", "Superset"]);
  return { requested: requestedFromForm(await request.formData()) };
}

export default function SqlLabRoute() {
  const { config, canExport, canConnect } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>()?.requested ?? null;
  const location = useLocation();
  useSqlLabStartup(config, () => openRequestsFromUrl(location.search, location.state, posted as RequestedQuery | null));
  return <SqlLabPage canExport={canExport} canConnect={canConnect} />;
}
