import { redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { can, isAdmin, type Principal } from "../core/security/permissions";

/** Pages need a signed-in user; anonymous visitors go to the login page and come back after. */
export function requireUser(context: AppLoadContext, request: Request): Principal {
  if (context.principal) return context.principal;
  throw loginRedirect(request);
}

/** The redirect to the login page that comes back to this address after. */
export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/login/?next=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * A page for a (permission, view) pair, or for admins only; others get a 403 page. With `allowPublic`, an
 * anonymous visitor the Public role grants the pair to is let in as that role (Superset's PUBLIC_ROLE_LIKE).
 */
export function requirePermission(context: AppLoadContext, request: Request, pair: readonly [string, string] | "admin", opts: { allowPublic?: boolean } = {}): Principal {
  const anonymous = context.publicPrincipal;
  if (!context.principal && opts.allowPublic && anonymous && pair !== "admin" && can(anonymous, pair[0], pair[1])) return anonymous;
  const principal = requireUser(context, request);
  const allowed = pair === "admin" ? isAdmin(principal) : can(principal, pair[0], pair[1]);
  if (!allowed) throw new Response("You do not have permission to see this page.", { status: 403, statusText: "Forbidden" });
  return principal;
}
