import type { Principal } from "../security/permissions";
import type { RlsViewer } from "./rules";

// Who row-level security binds, from the request's principal: a signed-in user (their id, name and roles), an
// anonymous viewer of the Public role (roles only), or a guest of an embedded dashboard (the token's rules and
// user attributes). Every path that reads rows asks this one function.

/** The caller as row-level security sees it: a guest with its token's rules, its username and attributes. */
export function rlsViewerOf(principal: Principal): RlsViewer {
  const g = principal.guest;
  if (g) return { userId: null, username: principal.username, roles: principal.roles, guest: { rules: g.rls, user: g.user } };
  return { userId: principal.anonymous ? null : principal.id, username: principal.anonymous ? null : principal.username, roles: principal.roles };
}
