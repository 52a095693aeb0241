import { sign, verify } from "hono/jwt";
import type { Database } from "../../db/client";
import type { Env } from "../../services/env";
import { jwtKey, hmac } from "../../core/security/crypto";
import { VerifiedCache } from "../../core/security/verified-cache";
import { checkGuestClaims, DEFAULT_GUEST_AUDIENCE, DEFAULT_GUEST_ROLE, type GuestClaims } from "../../core/security/guest-token";
import { guestPermissions } from "../../core/security/guest-permissions";
import { isAdminRoleName, type Principal } from "../../core/security/permissions";
import { guestReach, guestRolePairs } from "../../db/embedded/guest-access";

// The X-GuestToken header, for API routes and Remix pages alike (workers/http/authenticate.ts calls this for
// both; a live dashboard's object re-checks its guest viewers with it each cycle): the token verified once per
// isolate as bearer tokens are (workers/http/verified-tokens.ts), then the guest's principal. Refusals are never
// "merely anonymous": a request that sends a guest token that does not verify is answered 401 by every route
// (apache/superset#24745: an expired token still downloading rows).

type GuestEnv = Pick<Env, "GUEST_TOKEN_JWT_SECRET" | "GUEST_TOKEN_JWT_AUDIENCE" | "GUEST_ROLE_NAME">;

/** a verified token's claims with its guest key (an HMAC, computed once per token like the signature check) */
interface VerifiedGuest { claims: GuestClaims; key: string }
const verified = new VerifiedCache<VerifiedGuest>(2_000, 10 * 60_000);

export const guestAudience = (env: GuestEnv) => env.GUEST_TOKEN_JWT_AUDIENCE || DEFAULT_GUEST_AUDIENCE;
export const guestRoleName = (env: GuestEnv) => env.GUEST_ROLE_NAME || DEFAULT_GUEST_ROLE;

export async function signGuestToken(claims: GuestClaims, secret: string): Promise<string> {
  return sign(claims as unknown as Record<string, unknown>, await jwtKey(secret), "HS256");
}

/** A guest holding the Admin role would hold every right (isAdmin): with such a setting no guest token is accepted or minted. */
export const guestRoleAllowed = (env: GuestEnv) => !isAdminRoleName(guestRoleName(env));

/** Whether the role GUEST_ROLE_NAME names exists: a token minted without it would grant its guest nothing. */
export async function guestRoleExists(db: Database, env: GuestEnv): Promise<boolean> {
  return (await guestRolePairs(db, guestRoleName(env))) !== null;
}

/** The token's claims when it verifies (HS256 under GUEST_TOKEN_JWT_SECRET, audience, type guest, not expired), else null. */
export async function verifiedGuestToken(token: string, env: GuestEnv): Promise<VerifiedGuest | null> {
  const secret = env.GUEST_TOKEN_JWT_SECRET;
  if (!secret || token.length > 16_384) return null;
  const audience = guestAudience(env);
  const now = Date.now();
  const claims = await verified.get(token, `${secret}\u0000${audience}`, now, async () => {
    let payload: Record<string, unknown>;
    try {
      payload = await verify(token, await jwtKey(secret), { alg: "HS256", exp: false });
    } catch {
      return null;
    }
    const checked = checkGuestClaims(payload, audience, now);
    if (typeof checked === "string") return null;
    return { value: Object.freeze({ claims: Object.freeze(checked), key: await guestKey(secret, checked) }), expiresAt: checked.exp * 1000 };
  });
  // the cache keeps an entry until the token's exp at most; checked again so the boundary is exact
  return claims && claims.claims.exp * 1000 > now ? claims : null;
}

/** The guest's principal: the token's user and rules, the reach of its dashboards, the guest role's allowed pairs. */
export async function guestPrincipal(db: Database, env: GuestEnv, { claims, key }: VerifiedGuest): Promise<Principal> {
  const roleName = guestRoleName(env);
  const [reach, pairs] = await Promise.all([guestReach(db, claims.resources.map((r) => r.id)), guestRolePairs(db, roleName)]);
  const user = claims.user;
  return {
    id: 0,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    roles: [roleName],
    // exactly the guest role's pairs (within the guest ceiling); a role that does not exist grants nothing
    permissions: guestPermissions(pairs ?? []),
    anonymous: true,
    guest: {
      dashboardIds: reach.dashboardIds,
      chartIds: reach.chartIds,
      datasetIds: reach.datasetIds,
      rls: claims.rls_rules,
      user,
      key,
    },
  };
}

/** One guest of one tenant, across refreshed tokens: their user, resources and rules (an HMAC: not guessable). */
function guestKey(secret: string, claims: GuestClaims): Promise<string> {
  return hmac(secret, "guest-owner", JSON.stringify([claims.user, claims.resources, claims.rls_rules]));
}
