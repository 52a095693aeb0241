import type { Database } from "../client";
import { loadPrincipal, loadPublicPrincipal, type Credential } from "./principals";
import { IsolateCache } from "../isolate-cache";
import { forgetGuestReach } from "../embedded/guest-access";
import type { Principal } from "../../core/security/permissions";

// Per-isolate cache of the principal behind a credential (docs/decisions/0008-principal-cache.md).
// Every authenticated request used to read the user, their roles and permission pairs and the revocation
// state from D1; the answer is the same for every request of that credential until an admin or the user
// changes something. Two rules keep the cache from ever extending a right:
// - every write in this isolate that can take a right away (logout, password change, deactivation, user or
//   role edits, a dataset's or database's grants renamed or dropped, a login) forgets the entries at once;
// - a write in another isolate is seen within PRINCIPAL_TTL_MS, after which the entry is read again from D1.
// The bound is short enough that nothing a person does after a revocation outruns it, and long enough that
// a busy isolate reads D1 for a user about once per bound instead of once per request.
export const PRINCIPAL_TTL_MS = 2_000;

/** keyed by user id and credential (generation, session id): one entry per session or per user's tokens */
const principals = new IsolateCache<string, Principal | null>(PRINCIPAL_TTL_MS, 2_000);

/** The principal of a cookie or token's credential: from this isolate's cache when fresh, otherwise from D1. */
export function cachedPrincipal(db: Database, userId: number, credential: Credential): Promise<Principal | null> {
  return principals.get(`${userId}:${credential.generation}:${credential.sid ?? ""}`, () => loadPrincipal(db, userId, credential));
}

/** The anonymous viewer's principal (the Public role's rights), cached as any other; a role edit forgets it. */
export function cachedPublicPrincipal(db: Database): Promise<Principal | null> {
  return principals.get("public", () => loadPublicPrincipal(db));
}

/**
 * Forgets cached principals: one user's (their password, activity, roles or login count changed, or they
 * logged out) or, with no argument, everyone's (a role's permissions or members, a role's name, or the names of
 * grantable data-access pairs changed). Called after the write has committed.
 */
export function forgetPrincipals(userId?: number): void {
  if (userId === undefined) {
    forgetGuestReach(); // a role's pairs changed: the guest role may be that role
    return principals.forget();
  }
  const prefix = `${userId}:`;
  principals.forget((key) => key.startsWith(prefix));
}
