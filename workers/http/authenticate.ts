import type { Context, MiddlewareHandler, Next } from "hono";
import { cachedPrincipal } from "../../db/security/principal-cache";
import { ApiError, JwtError, unauthorized } from "../../core/http/errors";
import { GUEST_TOKEN_HEADER, guestTokenOfProtocols } from "../../core/security/guest-token";
import { guestPrincipal, guestRoleAllowed, verifiedGuestToken } from "../../services/security/guest-token";
import { safeEqual } from "../../core/security/crypto";
import { verifiedJwt } from "./verified-tokens";
import type { AppEnv } from "../../services/env";
import type { Principal } from "../../core/security/permissions";
import { CSRF_HEADER, csrfTokenFor, readSession } from "./session";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Finds who is calling: a guest token (X-GuestToken, a websocket handshake's `guest-token.` subprotocol, or a
 * small form post's guest_token field: an embedded
 * dashboard's viewer, services/security/guest-token.ts),
 * a bearer access token (scripts, Superset clients) or the session cookie (the UI).
 * Cookie-authenticated writes must carry the CSRF token, in the X-CSRFToken header or a csrf_token form field.
 * The principal's roles and permissions come from this isolate's short-lived cache (db/security/principal-cache.ts) or
 * are read from D1 without waiting here: the route's guard waits for
 * them (resolvePrincipal), so a route may start its own reads meanwhile. Anonymous callers end up as
 * `principal: null`; routes decide through their permission guard.
 * Every request passes here, so it reads variables with c.get(...): Hono's `c.var` builds a fresh object of
 * all of them on each access (Object.fromEntries), which the V8 profile of a warm request counted.
 */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("principal", null);
  c.set("principalLoad", null);
  c.set("authMethod", null);
  c.set("sessionId", null);
  c.set("tokenError", null);
  const guestToken = c.req.header(GUEST_TOKEN_HEADER) ?? handshakeGuestToken(c);
  if (guestToken !== undefined) return asGuest(c, guestToken, next);
  const auth = c.req.header("Authorization");
  if (auth?.startsWith("Bearer ")) {
    const claims = await verifiedJwt(auth.slice(7).trim(), c.get("secret"));
    // a refused token is answered by the route's guard, as flask-jwt-extended answers inside @protect: public
    // routes (login, health) still serve a caller whose stale header they never read
    if (claims instanceof JwtError) c.set("tokenError", claims);
    else if (claims.type !== "access") c.set("tokenError", new JwtError(422, "Only non-refresh tokens are allowed"));
    else if (typeof claims.sub === "string" && typeof claims.gen === "number") {
      c.set("principalLoad", handled(cachedPrincipal(c.get("db"), Number(claims.sub), { generation: claims.gen })));
      c.set("authMethod", "bearer");
    }
    return next();
  }
  const session = await readSession(c);
  if (!session) {
    // the embedded page's event beacon cannot send headers: its guest token comes as a form field
    const formToken = await formGuestToken(c.req.raw);
    if (formToken !== undefined) return asGuest(c, formToken, next);
  }
  if (session) {
    c.set("principalLoad", handled(cachedPrincipal(c.get("db"), session.uid, { generation: session.gen, sid: session.sid })));
    c.set("authMethod", "cookie");
    c.set("sessionId", session.sid);
    if (!SAFE_METHODS.has(c.req.method)) {
      const sent = c.req.header(CSRF_HEADER) ?? (await formCsrfToken(c.req.raw));
      // Flask-WTF's CSRFError, as Superset answers it: 400 with Flask-WTF's own words
      if (!sent) throw new ApiError(400, "The CSRF token is missing.", "GENERIC_BACKEND_ERROR");
      if (!safeEqual(sent, await csrfTokenFor(c.get("secret"), session.sid))) throw new ApiError(400, "The CSRF token is invalid.", "GENERIC_BACKEND_ERROR");
    }
  }
  return next();
};

/** A websocket handshake's guest token, offered as a subprotocol (an embedded page's live channel). */
export function handshakeGuestToken(c: Context<AppEnv>): string | undefined {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") return undefined;
  return guestTokenOfProtocols(c.req.header("Sec-WebSocket-Protocol"));
}

/**
 * A guest token that does not verify (expired, forged, tampered, another audience, not a guest's) is a 401 on
 * every route, pages included: never a fall back to the anonymous viewer (apache/superset#24745).
 */
async function asGuest(c: Context<AppEnv>, token: string, next: Next) {
  const guest = guestRoleAllowed(c.env) ? await verifiedGuestToken(token, c.env) : null;
  if (!guest) throw unauthorized("Invalid guest token");
  c.set("principalLoad", handled(guestPrincipal(c.get("db"), c.env, guest)));
  c.set("authMethod", "guest");
  return next();
}

/** The caller's principal, once loaded (null for anonymous or deactivated callers); guards call this first. */
export async function resolvePrincipal(c: Context<AppEnv>): Promise<Principal | null> {
  const load = c.get("principalLoad");
  if (load) {
    c.set("principalLoad", null);
    const principal = await load;
    c.set("principal", principal);
    if (!principal) {
      // a session or token of a user who no longer exists or was deactivated authenticates nobody
      c.set("authMethod", null);
      c.set("sessionId", null);
    }
  }
  return c.get("principal");
}

/** A read nobody may wait for (a route without a guard) must not become an unhandled rejection. */
function handled<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {});
  return p;
}

/** Small form posts may carry the guest token as a field (the bytes a beacon can send). */
const MAX_GUEST_FORM_BYTES = 1024 * 1024;

/**
 * The `guest_token` field of a form post, as Superset's get_guest_user_from_request reads it after the header:
 * the embedded page's event beacon cannot set headers. Only for small bodies of callers without a session or a
 * bearer token (as Superset, whose session user comes first), so an upload is never read twice.
 */
async function formGuestToken(request: Request): Promise<string | undefined> {
  if (request.method !== "POST" || request.headers.has("Authorization")) return undefined;
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) return undefined;
  const length = Number(request.headers.get("Content-Length") ?? NaN);
  if (!(length <= MAX_GUEST_FORM_BYTES)) return undefined;
  const form = await request.clone().formData().catch(() => null);
  const value = form?.get("guest_token");
  return typeof value === "string" ? value : undefined;
}

async function formCsrfToken(request: Request): Promise<string | undefined> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) return undefined;
  const form = await request.clone().formData().catch(() => null);
  const value = form?.get("csrf_token");
  return typeof value === "string" ? value : undefined;
}
