import { useEffect } from "react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "../../root";
import { ExplorePage } from "../../features/explore/ExplorePage";
import { isStandalone } from "../../../core/dashboards/view-options";
import { openExplore } from "../../features/explore/store";
import { loader as exploreLoader } from "../explore._index/route";

// An Explore permalink (Superset's /explore/p/<key>/, made by POST /api/v1/explore/permalink): Explore opened
// on the shared chart state, with the same permissions as Explore itself.

export const meta: MetaFunction = () => [{ title: "Explore · Edge Superset" }];

export async function loader(args: LoaderFunctionArgs) {
  const key = args.params.key ?? "";
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(key)) throw new Response("This link is not valid.", { status: 404, statusText: "Not found" });
  return { key, ...(await exploreLoader(args)) };
}

export default function ExplorePermalinkRoute() {
  const { user, key } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  const location = useLocation();
  const csrfToken = root?.csrfToken ?? null;
  useEffect(() => {
    void openExplore(`?permalink_key=${encodeURIComponent(key)}`, csrfToken);
  }, [location.key, key, csrfToken]);
  return <ExplorePage user={user} standalone={isStandalone(location.search)} />;
}
