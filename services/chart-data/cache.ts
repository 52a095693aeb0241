// Chart data results cached close to the viewer, in the Workers Cache API of the data centre that served
// them (no D1 read for a cached result). An entry is keyed by what decides the rows: the compiled SQL (it
// already carries the caller's templates and filters), the database, the post-processing and the result type.

/** Superset's CACHE_DEFAULT_TIMEOUT: a day. */
export const DEFAULT_CACHE_TIMEOUT = 86_400;

export interface CachedResult {
  cached_dttm: string;
  /** the dataset it was read from, checked again before a cached entry is handed out by key */
  datasourceId: number;
  /** the row-level security predicate the rows were read under (services/chart-data/datasource.ts rlsPredicateOf) */
  rls?: string | null;
  payload: Record<string, unknown>;
}

const ORIGIN = "https://chart-data.cache";

export async function cacheKeyOf(parts: Record<string, unknown>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(parts)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The cache timeout as Superset chains it: the request's custom timeout, else the chart's, the dataset's,
 * the database's, else the default. -1 (or 0) means "do not cache".
 */
export function effectiveCacheTimeout(...candidates: (number | null | undefined)[]): number {
  for (const c of candidates) if (typeof c === "number") return c;
  return DEFAULT_CACHE_TIMEOUT;
}

function cache(): Cache | null {
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}

export async function readCached(key: string): Promise<CachedResult | null> {
  if (!/^[0-9a-f]{64}$/.test(key)) return null;
  const hit = await cache()?.match(`${ORIGIN}/${key}`);
  return hit ? ((await hit.json()) as CachedResult) : null;
}

export async function writeCached(key: string, entry: CachedResult, timeoutSeconds: number): Promise<void> {
  if (timeoutSeconds <= 0) return;
  const body = JSON.stringify(entry);
  await cache()?.put(`${ORIGIN}/${key}`, new Response(body, { headers: { "Content-Type": "application/json", "Cache-Control": `max-age=${timeoutSeconds}` } }));
}

/**
 * A forced run's answer in place of the cached one (Superset's force=true refreshes the cache): written over it, or,
 * when this answer may not be cached (a timeout of 0 or less now), the old entry deleted so no one reads it again.
 */
export async function replaceCached(key: string, entry: CachedResult, timeoutSeconds: number): Promise<void> {
  if (timeoutSeconds > 0) return writeCached(key, entry, timeoutSeconds);
  if (!/^[0-9a-f]{64}$/.test(key)) return;
  await cache()?.delete(`${ORIGIN}/${key}`);
}
