import type { Context, MiddlewareHandler } from "hono";
import { cachedPublicPrincipal } from "../../db/security/principal-cache";
import { can, isAdmin, type Principal } from "../../core/security/permissions";
import { forbidden, unauthorized } from "../../core/http/errors";
import type { AppEnv } from "../../services/env";
import { resolvePrincipal } from "./authenticate";

// Every route declares who may call it with one of these guards. tests/integration/route-coverage.test.ts
// walks the registered routes and fails on any route that has none and is not on its public list.
export const GUARD = Symbol.for("edge-superset.guard");

export type GuardedHandler = MiddlewareHandler<AppEnv> & { [GUARD]: string };

function tag(description: string, mw: MiddlewareHandler<AppEnv>): GuardedHandler {
  return Object.assign(mw, { [GUARD]: description });
}

/**
 * The caller, or for an anonymous caller the Public role's viewer when that role holds one of the pairs
 * (Superset's PUBLIC_ROLE_LIKE); anonymous callers the Public role does not cover stay unauthenticated (401).
 */
async function callerFor(c: Context<AppEnv>, pairs: [string, string][]): Promise<Principal> {
  const p = await resolvePrincipal(c);
  if (p) return p;
  const anonymous = await cachedPublicPrincipal(c.get("db"));
  if (!anonymous || !pairs.some(([perm, view]) => can(anonymous, perm, view))) throw notSignedIn(c);
  c.set("principal", anonymous);
  return anonymous;
}

/** Nobody signed in: the refused bearer token's own answer (expired 401, malformed 422), else a plain 401. */
function notSignedIn(c: Context<AppEnv>) {
  return c.get("tokenError") ?? unauthorized();
}

/** Needs the (permission, view) pair, e.g. requires("can_read", "Chart"). */
export const requires = (permission: string, view: string) =>
  tag(`${permission} on ${view}`, async (c, next) => {
    const p = await callerFor(c, [[permission, view]]);
    if (!can(p, permission, view)) throw forbidden();
    await next();
  });

/** Any one of the pairs is enough. */
export const requiresAny = (...pairs: [string, string][]) =>
  tag(pairs.map(([p, v]) => `${p} on ${v}`).join(" or "), async (c, next) => {
    const p = await callerFor(c, pairs);
    if (!pairs.some(([perm, view]) => can(p, perm, view))) throw forbidden();
    await next();
  });

/** Only for the Admin role (user and role management). */
export const requiresAdmin = () =>
  tag("admin", async (c, next) => {
    const p = await resolvePrincipal(c);
    if (!p) throw notSignedIn(c);
    if (!isAdmin(p)) throw forbidden();
    await next();
  });

/** Any signed-in user, whatever their roles (their own profile, their own event stream). */
export const requiresLogin = () =>
  tag("login", async (c, next) => {
    if (!(await resolvePrincipal(c))) throw notSignedIn(c);
    await next();
  });

/** Open to anyone: used only for the few routes on the public list (login, health). */
export const isPublic = (why: string) =>
  tag(`public: ${why}`, async (c, next) => {
    await resolvePrincipal(c);
    await next();
  });

/** The caller, in a handler behind a guard (the guard has waited for the principal). */
export function principalOf(c: { get(key: "principal"): Principal | null }): Principal {
  const principal = c.get("principal");
  if (!principal) throw unauthorized();
  return principal;
}

/**
 * The caller as a user with a record of their own, for a handler that writes something of theirs (favourites):
 * anonymous viewers and guests of embedded dashboards (both principal 0) have none, and are refused.
 */
export function userOf(c: { get(key: "principal"): Principal | null }): Principal {
  const principal = principalOf(c);
  if (principal.anonymous) throw forbidden();
  return principal;
}
