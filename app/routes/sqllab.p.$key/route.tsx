import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "../../auth.server";
import { SqlLabPage } from "../../features/sqllab/SqlLabPage";
import { useSqlLabStartup } from "../../features/sqllab/use-sqllab-startup";
import { sqlLabPageData } from "../sqllab._index/bootstrap.server";
import { openPermalink } from "../sqllab._index/requested-query";

// A SQL Lab permalink (Superset's /sqllab/p/<key>, made by POST /api/v1/sqllab/permalink): SQL Lab with
// the shared query opened as a new tab.

export const meta: MetaFunction = () => [{ title: "SQL Lab · Edge Superset" }];

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_sqllab", "Superset"]);
  const key = params.key ?? "";
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(key)) throw new Response("This link is not valid.", { status: 404, statusText: "Not found" });
  return { key, ...sqlLabPageData(context.env as never, principal) };
}

export default function SqlLabPermalinkRoute() {
  const { key, config, canExport, canConnect } = useLoaderData<typeof loader>();
  useSqlLabStartup(config, async () => {
    await openPermalink(key);
    // the shared query is now one of the user's tabs; SQL Lab's own address avoids opening it again on reload
    window.history.replaceState(window.history.state, "", "/sqllab/");
  });
  return <SqlLabPage canExport={canExport} canConnect={canConnect} />;
}
