// The one place the embedded page's guest token lives. The embedded page sets it when the host's SDK hands it
// over (and again on each refresh); every request the page makes to this app adds it as X-GuestToken through
// guestHeaders(). Outside an embedded page it is never set and the headers are empty (cookie session as ever).

import { GUEST_TOKEN_HEADER } from "../../core/security/guest-token";

export { GUEST_TOKEN_HEADER };

let token: string | null = null;
const listeners = new Set<(token: string | null) => void>();

export function setGuestToken(value: string | null): void {
  token = value;
  for (const listener of listeners) listener(value);
}

export function guestToken(): string | null {
  return token;
}

/** Calls `listener` on every token change; answers the unsubscribe. */
export function onGuestToken(listener: (token: string | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Headers to add to a request of this app: the guest token when the page has one. */
export function guestHeaders(): Record<string, string> {
  return token ? { [GUEST_TOKEN_HEADER]: token } : {};
}
