// Who owns an entry of the key-value store (a dashboard's filter state, Explore's unsaved form data). A signed-in
// user is their user id. Anonymous visitors (the Public role) all come in as principal id 0, so that id cannot tell
// them apart: each gets an owner of their own, "anon:<random id>", kept in a signed cookie
// (workers/http/key-owner.ts). Entries stored by an anonymous visitor before that carry owner 0: nobody's.

export type KeyOwner = number | `anon:${string}`;

export const anonymousOwner = (id: string): KeyOwner => `anon:${id}`;

const isAnonymous = (owner: unknown): owner is `anon:${string}` => typeof owner === "string" && owner.startsWith("anon:");

/** Whether `owner` (as stored: a user id, an anonymous owner, or 0/absent for a legacy anonymous entry) is a real one. */
const isKnown = (owner: unknown) => isAnonymous(owner) || (typeof owner === "number" && Number.isSafeInteger(owner) && owner > 0);

/** Only the owner changes or deletes an entry. */
export function mayChangeKey(owner: unknown, caller: KeyOwner | null): boolean {
  return caller !== null && isKnown(owner) && owner === caller;
}

/**
 * A signed-in user's entry is read by anyone who may read what it names (Superset: the key travels in a shared
 * link); an anonymous visitor's entry is theirs alone (anyone else holding its key would read and reuse another
 * visitor's state), and a legacy anonymous entry nobody's.
 */
export function mayReadKey(owner: unknown, caller: KeyOwner | null): boolean {
  if (isAnonymous(owner)) return owner === caller;
  return isKnown(owner);
}
