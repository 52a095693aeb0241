import { Hono } from "hono";
import { sign } from "hono/jwt";
import type { AppEnv } from "../../services/env";
import { verifyPassword } from "../../core/security/passwords";
import { badRequest, JwtError, unauthorized, validationError } from "../../core/http/errors";
import { booleanField } from "../../core/http/boolean-field";
import { verifiedJwt } from "../http/verified-tokens";
import { isPublic, requiresLogin, principalOf } from "../http/guard";
import { guestBootstrap } from "../../core/security/guest-permissions";
import { jsonObject } from "../http/input";
import { csrfTokenFor } from "../http/session";
import { loadPrincipal } from "../../db/security/principals";
import { forgetPrincipals } from "../../db/security/principal-cache";
import { countFailedLogin, countLogin, userByUsername } from "../../db/security/logins";
import { noteAction } from "../http/action-log";
import { loginThrottle } from "../http/login-throttle";
import { pairsByRole, roleIdsOfUser } from "../../db/security/roles";
import { parsePreferences } from "../../core/time-zone/preferences";
import { setUserPreferences } from "../../db/security/preferences";

// Superset's security endpoints for scripts: token login, refresh, CSRF token; and the caller's own profile.
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;

export const securityApi = new Hono<AppEnv>()
  .post("/api/v1/security/login", isPublic("token login for scripts"), async (c) => {
    const body = await jsonObject(c);
    const { username, password, provider } = body;
    if (typeof username !== "string" || typeof password !== "string") throw badRequest("username and password are required");
    if (provider !== undefined && provider !== "db") throw badRequest(`Unsupported provider: ${String(provider)}`);
    // FAB's login schema reads refresh as a Marshmallow Boolean: "true" asks for a refresh token as true does
    const refresh = body.refresh === undefined ? false : booleanField(body.refresh);
    if (refresh === undefined) throw validationError({ refresh: ["Not a valid boolean."] });
    const throttle = loginThrottle(c, username);
    await throttle.check();
    const user = await checkCredentials(c.var.db, username, password);
    if (!user) {
      await throttle.failed();
      throw unauthorized("Not authorized");
    }
    await throttle.succeeded();
    noteAction(c, { userId: user.id, details: { username } });
    const now = Math.floor(Date.now() / 1000);
    const gen = user.session_generation;
    const access_token = await sign({ sub: String(user.id), type: "access", fresh: true, gen, iat: now, exp: now + ACCESS_TOKEN_SECONDS }, c.var.secret);
    const result: Record<string, string> = { access_token };
    if (refresh) {
      result.refresh_token = await sign({ sub: String(user.id), type: "refresh", gen, iat: now, exp: now + REFRESH_TOKEN_SECONDS }, c.var.secret);
    }
    return c.json(result);
  })
  .post("/api/v1/security/refresh", isPublic("exchanges a refresh token, checked below"), async (c) => {
    // flask-jwt-extended's answers: no header 401, a token that does not verify 401/422, an access token 422
    const auth = c.req.header("Authorization");
    if (!auth?.startsWith("Bearer ")) throw new JwtError(401, "Missing Authorization Header");
    const claims = await verifiedJwt(auth.slice(7).trim(), c.var.secret);
    if (claims instanceof JwtError) throw claims;
    if (claims.type !== "refresh") throw new JwtError(422, "Only refresh tokens are allowed");
    if (typeof claims.sub !== "string" || typeof claims.gen !== "number") throw unauthorized("Not authorized");
    // a refresh token from before a password change or deactivation refreshes nothing
    if (!(await loadPrincipal(c.var.db, Number(claims.sub), { generation: claims.gen }))) throw unauthorized("Not authorized");
    const now = Math.floor(Date.now() / 1000);
    return c.json({ access_token: await sign({ sub: claims.sub, type: "access", fresh: false, gen: claims.gen, iat: now, exp: now + ACCESS_TOKEN_SECONDS }, c.var.secret) });
  })
  .get("/api/v1/security/csrf_token/", requiresLogin(), async (c) => {
    // Bearer callers have no session and need no CSRF token; Superset still answers with one.
    const sid = c.var.sessionId ?? `bearer:${principalOf(c).id}`;
    return c.json({ result: await csrfTokenFor(c.var.secret, sid) });
  })
  .get("/api/v1/me/", requiresLogin(), (c) => {
    // answered from the principal the guard loaded (its profile comes in the same read, or from the cache)
    const p = principalOf(c);
    // a guest of an embedded dashboard: Superset's GuestUser as its user schema dumps it (no id, no email)
    if (p.guest) return c.json({ result: { username: p.username, first_name: p.first_name, last_name: p.last_name, is_active: true, is_anonymous: false } });
    if (!p.profile) throw unauthorized();
    return c.json({
      result: {
        id: p.id,
        username: p.username,
        first_name: p.first_name,
        last_name: p.last_name,
        email: p.profile.email,
        is_active: true, // a deactivated user is no principal at all
        is_anonymous: false,
        login_count: p.profile.login_count,
        created_on: p.profile.created_on,
        changed_on: p.profile.changed_on,
        time_zone: p.profile.time_zone,
        locale: p.profile.locale,
      },
    });
  })
  .put("/api/v1/me/", requiresLogin(), async (c) => {
    // the signed-in user's own zone and locale; nothing else of the record is theirs to change here
    const p = principalOf(c);
    if (!p.profile) throw unauthorized();
    const prefs = parsePreferences(await jsonObject(c));
    await setUserPreferences(c.var.db, p.id, prefs);
    const next = { time_zone: p.profile.time_zone, locale: p.profile.locale, ...prefs };
    return c.json({ result: next });
  })
  .get("/api/v1/me/roles/", requiresLogin(), async (c) => {
    // Superset's shape: each role with its own [permission, view] pairs; data-access permissions by kind.
    // Superset's bootstrap_user_data(user, include_perms=True): the user fields its frontend bootstraps from, then
    // roles and permissions (user_id is kept for this product's earlier clients)
    const p = principalOf(c);
    if (p.guest) return c.json({ result: guestBootstrap(p) });
    if (!p.profile) throw unauthorized();
    const roles = await pairsByRole(c.var.db, await roleIdsOfUser(c.var.db, p.id));
    return c.json({
      result: {
        username: p.username, firstName: p.first_name, lastName: p.last_name, userId: p.id, isActive: true, isAnonymous: false,
        createdOn: p.profile.created_on, email: p.profile.email, user_id: p.id, roles, permissions: dataAccess(roles),
      },
    });
  });

/** Superset's `permissions` of /me/roles/: the views of datasource_access and database_access held. */
function dataAccess(roles: Record<string, [string, string][]>): Record<string, string[]> {
  const out: Record<string, Set<string>> = {};
  for (const pairs of Object.values(roles))
    for (const [permission, view] of pairs)
      if (permission === "datasource_access" || permission === "database_access") (out[permission] ??= new Set()).add(view);
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v].sort()]));
}

/** Checks a username and password, counting logins and failures as Superset does; null when refused. */
export async function checkCredentials(db: AppEnv["Variables"]["db"], username: string, password: string) {
  const user = await userByUsername(db, username);
  const ok = await verifyPassword(password, user?.password);
  if (!user || !ok || !user.active) {
    if (user) await countFailedLogin(db, user.id);
    return null;
  }
  await countLogin(db, user.id);
  forgetPrincipals(user.id); // its login count changed (and this isolate should see it at once)
  return user;
}
