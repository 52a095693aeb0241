// A small per-isolate cache of D1 reads with a time bound (docs/decisions/0008-principal-cache.md): an entry
// lives at most `ttlMs`, concurrent misses share one read, a failed read is not remembered, and writers in
// this isolate forget entries as soon as their write has committed. Writers in other isolates are only
// bounded by `ttlMs`, so only data whose staleness is harmless for that long belongs here.

interface Entry<T> {
  /** Date.now() after which the entry is read again (workerd advances the clock on I/O, so it moves per request) */
  expires: number;
  value: Promise<T>;
}

export class IsolateCache<K, T> {
  private readonly entries = new Map<K, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: K, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit) this.entries.delete(key);
    const entry: Entry<T> = { expires: now + this.ttlMs, value: load() };
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    this.entries.set(key, entry);
    // past the cap the oldest entry goes (a Map iterates in insertion order)
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry.value;
  }

  /** Forgets the entries whose key matches, or all of them. */
  forget(matches?: (key: K) => boolean): void {
    if (!matches) return this.entries.clear();
    for (const key of [...this.entries.keys()]) if (matches(key)) this.entries.delete(key);
  }
}
