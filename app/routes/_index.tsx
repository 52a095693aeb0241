import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "../auth.server";
import { HomePage } from "../features/home/HomePage";
import { loadHome } from "../features/home/home.server";

// "/" is Superset's home page, the same as /superset/welcome/.

export const meta: MetaFunction = () => [{ title: "Home · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requireUser(context, request);
  return { username: principal.username, ...(await loadHome(context, principal)) };
}

export default function Home() {
  return <HomePage data={useLoaderData<typeof loader>()} />;
}
