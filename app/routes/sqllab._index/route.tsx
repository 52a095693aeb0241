import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { can } from "../../../core/security/permissions";
import { requirePermission } from "../../auth.server";
import type { RootData } from "../../root";
import { setCsrfToken } from "../../features/sqllab/api";
import { startAsyncEvents } from "../../features/sqllab/async-events";
import { SqlLabPage } from "../../features/sqllab/SqlLabPage";
import { startSync } from "../../features/sqllab/sync";
import { loadSqlLab } from "../../features/sqllab/tab-actions";
import { sqlLabConfig } from "./bootstrap.server";
import { openRequestsFromUrl, requestedFromForm, type RequestedQuery } from "./requested-query";

export const meta: MetaFunction = () => [{ title: "SQL Lab · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_sqllab", "Superset"]);
  return { config: sqlLabConfig(context.env as never), canExport: can(principal, "can_export_csv", "SQLLab") };
}

/** A posted form (datasource key and sql) opens as a new tab; posting changes nothing on the server. */
export async function action({ context, request }: ActionFunctionArgs) {
  requirePermission(context, request, ["can_sqllab", "Superset"]);
  return { requested: requestedFromForm(await request.formData()) };
}

export default function SqlLabRoute() {
  const { config, canExport } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>()?.requested ?? null;
  const root = useRouteLoaderData<RootData>("root");
  const location = useLocation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    setCsrfToken(root?.csrfToken ?? null);
    startAsyncEvents();
    let stop = () => {};
    void loadSqlLab(config).then(async () => {
      stop = startSync();
      await openRequestsFromUrl(location.search, location.state, posted as RequestedQuery | null);
    });
    return () => stop();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <SqlLabPage canExport={canExport} />;
}
