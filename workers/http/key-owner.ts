import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { randomToken, signPayload, verifyPayload } from "../../core/security/crypto";
import { anonymousOwner, type KeyOwner } from "../../core/security/key-owner";
import type { Principal } from "../../core/security/permissions";
import type { AppEnv } from "../../services/env";
import { verifiedPayload } from "./verified-tokens";
import { isLocal } from "./session";

// The owner of the key-value entries a caller stores (core/security/key-owner.ts): a user's id, or for an anonymous
// visitor an id of their own in a signed, HTTP-only cookie, issued on their first write.

export const ANONYMOUS_OWNER_COOKIE = "anon_owner";
const PURPOSE = "anonymous-owner";
const TTL_SECONDS = 30 * 24 * 3600;

interface AnonymousOwnerPayload {
  aid: string;
  exp: number; // epoch seconds
}

const valid = (p: AnonymousOwnerPayload | null): p is AnonymousOwnerPayload =>
  !!p && typeof p.aid === "string" && /^[A-Za-z0-9_-]{16,64}$/.test(p.aid) && typeof p.exp === "number" && p.exp * 1000 > Date.now();

/** The caller as an owner of entries; an anonymous caller without the cookie gets one now (it goes out with the answer). */
export async function keyOwnerOf(c: Context<AppEnv>, principal: Principal): Promise<KeyOwner> {
  if (principal.guest) return guestOwner(principal.guest.key);
  if (!principal.anonymous) return principal.id;
  const sent = await verifiedPayload<AnonymousOwnerPayload>(c.get("secret"), PURPOSE, getCookie(c, ANONYMOUS_OWNER_COOKIE));
  if (valid(sent)) return anonymousOwner(sent.aid);
  const payload: AnonymousOwnerPayload = { aid: randomToken(16), exp: Math.floor(Date.now() / 1000) + TTL_SECONDS };
  setCookie(c, ANONYMOUS_OWNER_COOKIE, await signPayload(c.get("secret"), PURPOSE, payload), {
    httpOnly: true, sameSite: "Lax", secure: !isLocal(c.req.url), path: "/", maxAge: TTL_SECONDS,
  });
  return anonymousOwner(payload.aid);
}

/** A guest's entries are its own (all guests are principal 0): one owner per guest of a tenant, across refreshed tokens. */
export const guestOwner = (key: string): KeyOwner => anonymousOwner(`guest-${key}`);

/** For pages (Remix loaders): the owner the request's cookie names, without issuing one; null when none. */
export async function anonymousOwnerOfCookie(secret: string, cookieHeader: string | null): Promise<KeyOwner | null> {
  const token = /(?:^|;\s*)anon_owner=([^;]+)/.exec(cookieHeader ?? "")?.[1];
  if (!token) return null;
  const payload = await verifyPayload<AnonymousOwnerPayload>(secret, PURPOSE, decodeURIComponent(token));
  return valid(payload) ? anonymousOwner(payload.aid) : null;
}
