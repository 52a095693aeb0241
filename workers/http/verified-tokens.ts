import { verify } from "hono/jwt";
import { hmac, jwtKey, verifyPayload } from "../../core/security/crypto";
import { VerifiedCache } from "../../core/security/verified-cache";

// Bearer tokens, session cookies and CSRF tokens checked once per isolate (core/security/verified-cache.ts):
// every API request used to spend an HMAC (WebCrypto) and a JSON parse on the same token. The values are
// frozen: every request of the isolate shares them.

type JWTPayload = Awaited<ReturnType<typeof verify>>;

const MAX_AGE_MS = 10 * 60_000;
const tokens = new VerifiedCache<JWTPayload>(2_000, MAX_AGE_MS);
const cookies = new VerifiedCache<unknown>(2_000, MAX_AGE_MS);
const csrf = new VerifiedCache<string>(2_000, MAX_AGE_MS);

/** A bearer token's claims when it verifies (HS256 under the secret, not expired), else null. */
export function verifiedJwt(token: string, secret: string): Promise<JWTPayload | null> {
  return tokens.get(token, secret, Date.now(), async () => {
    const claims = await verify(token, await jwtKey(secret), "HS256").catch(() => null);
    return claims ? { value: Object.freeze(claims), expiresAt: typeof claims.exp === "number" ? claims.exp * 1000 : null } : null;
  });
}

/** verifyPayload, remembered: the caller still checks the payload's own expiry. */
export async function verifiedPayload<T>(secret: string, purpose: string, token: string | undefined): Promise<T | null> {
  if (!token) return null;
  const value = await cookies.get(`${purpose}\u0000${token}`, secret, Date.now(), async () => {
    const payload = await verifyPayload<{ exp?: unknown }>(secret, purpose, token);
    return payload ? { value: Object.freeze(payload), expiresAt: typeof payload.exp === "number" ? payload.exp * 1000 : null } : null;
  });
  return value as T | null;
}

/** The CSRF token of a session id (an HMAC of it), computed once per isolate and session. */
export async function csrfTokenOf(secret: string, sessionId: string): Promise<string> {
  return (await csrf.get(sessionId, secret, Date.now(), async () => ({ value: await hmac(secret, "csrf", sessionId), expiresAt: null })))!;
}
