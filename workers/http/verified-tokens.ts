import { verify } from "hono/jwt";
import { JwtAlgorithmMismatch, JwtTokenSignatureMismatched } from "hono/utils/jwt/types";
import { JwtError } from "../../core/http/errors";
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

/**
 * A bearer token's claims when it verifies (HS256 under the secret, not expired), else the JwtError
 * flask-jwt-extended would answer for it. As PyJWT, the signature is checked before the expiry, so a forged
 * token is never reported as merely expired.
 */
export async function verifiedJwt(token: string, secret: string): Promise<JWTPayload | JwtError> {
  let failure: JwtError | null = null;
  const claims = await tokens.get(token, secret, Date.now(), async () => {
    try {
      const verified = await verify(token, await jwtKey(secret), { alg: "HS256", exp: false });
      if (typeof verified.exp === "number" && verified.exp * 1000 <= Date.now()) {
        failure = new JwtError(401, "Token has expired");
        return null;
      }
      return { value: Object.freeze(verified), expiresAt: typeof verified.exp === "number" ? verified.exp * 1000 : null };
    } catch (e) {
      failure = new JwtError(422, refusal(token, e));
      return null;
    }
  });
  return claims ?? failure ?? new JwtError(422, "Invalid token");
}

/** PyJWT's words for a token that does not decode or verify. */
function refusal(token: string, e: unknown): string {
  const segments = token.split(".").length;
  if (segments < 3) return "Not enough segments";
  if (segments > 3) return "Invalid payload padding";
  if (e instanceof JwtTokenSignatureMismatched) return "Signature verification failed";
  if (e instanceof JwtAlgorithmMismatch) return "The specified alg value is not allowed";
  return "Invalid token";
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
