// Signature checks remembered per isolate: a bearer token or session cookie is HMAC-checked once, then looked
// up. Only successes are kept (a flood of forged tokens cannot fill it), each until the token's own expiry and
// at most maxAgeMs, and only under the secret that checked it (a rotated SECRET_KEY checks everything again).
// What a signature cannot say (a revoked session, a deactivated user) is not decided here: the principal
// cache re-reads that within its own bound on every request.

export interface Verified<T> {
  value: T;
  /** epoch ms after which the token no longer verifies (its exp claim); null when it has none */
  expiresAt: number | null;
}

interface Entry<T> {
  secret: string;
  value: T;
  expires: number;
}

export class VerifiedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs: number,
  ) {}

  /** The token's verified value: remembered, or checked by `verify` (null: it does not verify, not kept). */
  async get(token: string, secret: string, now: number, verify: () => Promise<Verified<T> | null>): Promise<T | null> {
    const hit = this.entries.get(token);
    if (hit && hit.secret === secret && hit.expires > now) return hit.value;
    if (hit) this.entries.delete(token);
    const checked = await verify();
    if (!checked) return null;
    const expires = Math.min(checked.expiresAt ?? Infinity, now + this.maxAgeMs);
    if (expires > now) {
      this.entries.set(token, { secret, value: checked.value, expires });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return checked.value;
  }

  get size(): number {
    return this.entries.size;
  }
}
