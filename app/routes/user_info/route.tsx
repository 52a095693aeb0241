import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "../../auth.server";
import { ProfilePage } from "../../features/profile/ProfilePage";

// Superset's /user_info/: the signed-in user's own record, plus the time zone and locale they set here.

export const meta: MetaFunction = () => [{ title: "Your profile · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const p = requireUser(context, request);
  if (!p.profile) throw new Response("Not found", { status: 404 });
  return {
    username: p.username, first_name: p.first_name ?? "", last_name: p.last_name ?? "", email: p.profile.email, roles: p.roles,
    login_count: p.profile.login_count, created_on: p.profile.created_on, time_zone: p.profile.time_zone, locale: p.profile.locale,
  };
}

export default function UserInfo() {
  return <ProfilePage user={useLoaderData<typeof loader>()} />;
}
