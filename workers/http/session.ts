import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import type { Context } from "hono";
import { randomToken, signPayload } from "../../core/security/crypto";
import { csrfTokenOf, verifiedPayload } from "./verified-tokens";
import type { AppEnv } from "../../services/env";
import { revokeSession } from "../../db/security/sessions";
import { forgetPrincipals } from "../../db/security/principal-cache";

// The browser session: an HMAC-signed cookie naming the user and a random session id.
// The CSRF token is derived from that id, so it needs no storage and dies with the session.
export const SESSION_COOKIE = "session";
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;
export const CSRF_HEADER = "X-CSRFToken";

export interface SessionPayload {
  uid: number;
  sid: string;
  exp: number; // epoch seconds
  /** the user's session generation when it was issued (see db/security/principals.ts) */
  gen: number;
}

export async function readSession(c: Context<AppEnv>): Promise<SessionPayload | null> {
  const payload = await verifiedPayload<SessionPayload>(c.get("secret"), "session", getCookie(c, SESSION_COOKIE));
  if (!payload || typeof payload.uid !== "number" || typeof payload.gen !== "number" || payload.exp * 1000 < Date.now()) return null;
  return payload;
}

export async function startSession(c: Context<AppEnv>, user: { id: number; session_generation: number }): Promise<SessionPayload> {
  const payload: SessionPayload = { uid: user.id, sid: randomToken(16), exp: Math.floor(Date.now() / 1000) + SESSION_TTL_SECONDS, gen: user.session_generation };
  setCookie(c, SESSION_COOKIE, await signPayload(c.get("secret"), "session", payload), {
    httpOnly: true,
    sameSite: "Lax",
    secure: !isLocal(c.req.url),
    path: "/",
    maxAge: SESSION_TTL_SECONDS,
  });
  return payload;
}

/** Ends the browser's session: the cookie is deleted, and its id revoked so a copy of it no longer works. */
export async function endSession(c: Context<AppEnv>) {
  const session = await readSession(c);
  if (session) {
    await revokeSession(c.get("db"), session.sid, new Date(session.exp * 1000).toISOString());
    forgetPrincipals(session.uid);
  }
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: !isLocal(c.req.url) });
}

export function csrfTokenFor(secret: string, sessionId: string): Promise<string> {
  return csrfTokenOf(secret, sessionId);
}

/** Secure cookies are refused by browsers on plain-http localhost, so only there do we drop the flag. */
export function isLocal(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}
