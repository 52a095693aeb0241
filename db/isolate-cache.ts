// A small per-isolate cache of D1 reads with a time bound (docs/decisions/0008-principal-cache.md): an entry
// lives at most `ttlMs`, a failed read is not remembered, and writers in this isolate forget entries as soon as
// their write has committed. Writers in other isolates are only bounded by `ttlMs`, so only data whose staleness
// is harmless for that long belongs here.
//
// Only settled values are shared, never a read in flight: workerd ties a promise to the request whose I/O will
// settle it, and another request awaiting it fails with "Cannot perform I/O on behalf of a different request"
// or is cancelled as hung (seen under the hostile battery's 8 concurrent requests). Concurrent misses therefore
// each read once; the first to finish fills the entry.

interface Entry<T> {
  /** Date.now() after which the entry is read again (workerd advances the clock on I/O, so it moves per request) */
  expires: number;
  value: T;
}

export class IsolateCache<K, T> {
  private readonly entries = new Map<K, Entry<T>>();
  /** Bumped by every forget, so a read that started before a write cannot store what it read after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  async get(key: K, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    if (hit) this.entries.delete(key);
    const generation = this.generation;
    // the bound counts from when the read started, not when it ended: what it read may date from its start,
    // and a slow read must not stretch the time another isolate's write can go unseen
    const readStarted = Date.now();
    const value = await load();
    if (generation === this.generation) {
      this.entries.set(key, { expires: readStarted + this.ttlMs, value });
      // past the cap the oldest entry goes (a Map iterates in insertion order)
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  /** Forgets the entries whose key matches, or all of them. */
  forget(matches?: (key: K) => boolean): void {
    this.generation++;
    if (!matches) return this.entries.clear();
    for (const key of [...this.entries.keys()]) if (matches(key)) this.entries.delete(key);
  }
}
