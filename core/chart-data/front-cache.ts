// The rules of the chart-data front cache (workers/chart-data/front-cache.ts): a warm answer kept per isolate and
// handed back before the query context is parsed, compiled and looked up in the Cache API. Pure: the key, which
// answers may be kept, how long, and whether the clock has moved a relative time range since.

/** Who asks: the answer of one caller is never looked up under another's key. */
export interface FrontCaller {
  id: number;
  roles: readonly string[];
  anonymous?: boolean;
  /** a guest of an embedded dashboard: its key stands for its user, dashboards and rules (templates render them) */
  guest?: { key: string };
  /** the viewer's own zone: a changed zone is another answer ("Today" is another day) */
  profile?: { time_zone: string | null } | null;
}

/** One time range the answer was computed with, as the run resolved it (epoch ms, null for an open end). */
export interface RangeUse {
  range: string;
  relativeStart?: "today" | "now";
  relativeEnd?: "today" | "now";
  timeShift?: string | null;
  /** the IANA zone the range resolved in (core/time-zone/viewer-zone.ts) */
  timeZone?: string;
  since: number | null;
  until: number | null;
}

export type ResolveRange = (use: RangeUse, now: Date) => { since: Date | null; until: Date | null };

/** The longest an answer is kept, whatever its cache timeout says (memory is the isolate's). */
export const FRONT_MAX_AGE_MS = 5 * 60_000;
/** Bodies past this size are not worth a key (dashboards send small query contexts). */
export const FRONT_MAX_BODY_CHARS = 32_768;
/** Answers past this size are not kept: one would crowd out many small ones. */
export const FRONT_MAX_ANSWER_CHARS = 1_048_576;

/**
 * The key: the request's exact body text and query string, the caller's id and roles (sorted: the order they
 * were granted in does not change an answer). Roles are part of it because RLS and templates may depend on
 * them; the id because `current_username` and per-user templates do. Null when the request is not kept.
 */
export function frontKey(body: string, search: string, caller: FrontCaller): string | null {
  if (body.length > FRONT_MAX_BODY_CHARS) return null;
  const who = caller.guest ? `guest:${caller.guest.key}` : caller.anonymous ? "anon" : `${caller.id}@${caller.profile?.time_zone ?? ""}`;
  // roles as JSON (a role name may hold any character); the query string is URL-encoded (no NUL); the body last
  return `${who}\u0000${JSON.stringify([...caller.roles].sort())}\u0000${search}\u0000${body}`;
}

/** A request as the front cache sees it: the key of the answer it names, and whether it forces a fresh run. */
export interface FrontRequest {
  key: string;
  forced: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The front cache's view of a POST: its key leaves out `force` (the body's member and the query parameter), so a
 * forced request names the very answer the plain one does and its fresh answer replaces the kept one, as Superset's
 * force refreshes the cache for every later viewer, not only for the one who forced. Null when not kept (too large,
 * or not a JSON object: the route answers that with a 400).
 */
export function frontRequest(body: string, search: string, caller: FrontCaller): FrontRequest | null {
  if (body.length > FRONT_MAX_BODY_CHARS) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isObject(parsed)) return null;
  const { force, ...rest } = parsed;
  const params = new URLSearchParams(search);
  const forced = force === true || params.get("force") === "true";
  params.delete("force");
  const key = frontKey(JSON.stringify(rest), params.toString(), caller);
  return key === null ? null : { key, forced };
}

interface ResultLike {
  status?: unknown;
  cache_timeout?: unknown;
  is_cached?: unknown;
  cached_dttm?: unknown;
}

/**
 * When a fresh answer may be kept, until when (epoch ms): every result succeeded and is cacheable (a timeout
 * above 0), bounded by the shortest timeout and FRONT_MAX_AGE_MS. Null: not kept.
 */
export function frontExpiry(results: readonly ResultLike[], now: number): number | null {
  if (!results.length) return null;
  let seconds = Infinity;
  for (const r of results) {
    if (r.status !== "success" || typeof r.cache_timeout !== "number" || r.cache_timeout <= 0) return null;
    seconds = Math.min(seconds, r.cache_timeout);
  }
  return now + Math.min(seconds * 1000, FRONT_MAX_AGE_MS);
}

/**
 * The results as a cached read answers them: a result run just now was written to the results cache at
 * `cachedDttm`, so a later answer says is_cached with that time (what the Cache API path would answer).
 */
export function asCachedResults<T extends ResultLike>(results: readonly T[], cachedDttm: string): T[] {
  return results.map((r) => (r.is_cached === true ? r : { ...r, is_cached: true, cached_dttm: cachedDttm }));
}

/**
 * Whether every time range still resolves to the bounds the answer was computed with. 'Last week' moves at
 * midnight, 'Last 10 seconds : now' every second: the same resolver the run used decides, so no grammar is
 * duplicated here and an answer is never served across a boundary.
 */
export function rangesHold(uses: readonly RangeUse[], now: Date, resolve: ResolveRange): boolean {
  for (const use of uses) {
    let bounds;
    try {
      bounds = resolve(use, now);
    } catch {
      return false;
    }
    if ((bounds.since?.getTime() ?? null) !== use.since || (bounds.until?.getTime() ?? null) !== use.until) return false;
  }
  return true;
}

/** A kept answer is fresh while its expiry is ahead, its dataset unchanged and its time ranges unmoved. */
export function frontFresh(entry: { expires: number; stamp: string; ranges: readonly RangeUse[] }, now: Date, stamp: string, resolve: ResolveRange): boolean {
  return entry.expires > now.getTime() && entry.stamp === stamp && rangesHold(entry.ranges, now, resolve);
}
