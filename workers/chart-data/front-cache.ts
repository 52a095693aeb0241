import type { Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf } from "../http/guard";
import { chartDatasource, type ChartDatasource } from "../../services/chart-data/datasource";
import { resolveTimeRange } from "../../core/time-range/resolve";
import type { QueryContext } from "../../core/chart-data/query-context";
import {
  FRONT_MAX_ANSWER_CHARS, asCachedResults, forcedBySearch, frontExpiry, frontFresh, frontKey, type RangeUse, type ResolveRange,
} from "../../core/chart-data/front-cache";

// The chart-data front cache: a warm POST /api/v1/chart/data answered from this isolate's memory, as the JSON
// text it was first sent as, before the query context is parsed and compiled and the Cache API is read (that
// path cost ~1.5 ms of isolate CPU per warm request; see bench/chart-data.mjs). Only a kept answer's bytes
// are cached, never a decision: every hit has passed the route's guard (can_read on Chart) and checks the
// caller's data access to the dataset again here. An answer is passed over when
// - the key differs: the key is the exact body and query string with the caller's id and roles,
// - force=true (query string; a body with force is never kept),
// - the dataset, its columns, metrics or database changed (their rows as this isolate last read them, at most
//   2 s old: db/datasets/cache.ts, which writes in this isolate forget at once, cache invalidation included),
// - it expired (the results' cache timeout, at most FRONT_MAX_AGE_MS),
// - a time range it was computed with resolves differently now ('Last week' after midnight).

interface Entry {
  json: string;
  datasetId: number;
  stamp: string;
  expires: number;
  ranges: RangeUse[];
}

const MAX_ENTRIES = 500;
const MAX_TOTAL_CHARS = 16 * 1_048_576;
const entries = new Map<string, Entry>();
let totalChars = 0;

function drop(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  totalChars -= entry.json.length;
}

function keep(key: string, entry: Entry): void {
  drop(key);
  entries.set(key, entry);
  totalChars += entry.json.length;
  // past either bound the least recently used entries go (a Map iterates in insertion order; hits re-insert)
  while (entries.size > MAX_ENTRIES || totalChars > MAX_TOTAL_CHARS) drop(entries.keys().next().value!);
}

/** Forgets every kept answer (tests of this isolate; writes are seen through the dataset stamp). */
export function forgetFrontAnswers(): void {
  entries.clear();
  totalChars = 0;
}

/** The rows a dataset's answers were computed from, once per row object this isolate read (they are frozen). */
const stamps = new WeakMap<object, string>();
function stampOf(ds: ChartDatasource): string {
  let stamp = stamps.get(ds.dataset);
  if (stamp === undefined) {
    stamp = JSON.stringify([ds.dataset, ds.database, ds.query]);
    stamps.set(ds.dataset, stamp);
  }
  return stamp;
}

const resolveUse: ResolveRange = (use, now) =>
  resolveTimeRange(use.range, { now, relativeStart: use.relativeStart, relativeEnd: use.relativeEnd, timeShift: use.timeShift });

type C = Context<AppEnv>;

export const FRONT_HIT = 'chart-data-front;desc="hit"';

/** The key of a JSON body sent with this query string by this request's caller; null when not kept. */
function keyFor(c: C, body: string, search: string): string | null {
  if (search && forcedBySearch(new URLSearchParams(search))) return null;
  return frontKey(body, search, principalOf(c));
}

const searchOf = (c: C): string => {
  const url = c.req.url;
  const at = url.indexOf("?");
  return at < 0 ? "" : url.slice(at + 1);
};

async function keyOf(c: C): Promise<string | null> {
  if (!(c.req.header("Content-Type") ?? "").includes("application/json")) return null;
  return keyFor(c, await c.req.text(), searchOf(c));
}

/**
 * The key of one context of POST /api/v1/chart/data/batch: its JSON text with the batch's query string, as
 * POST /api/v1/chart/data keys that very body (a context answers the same through either route, so either
 * may serve the other's kept answer).
 */
export function frontContextKey(c: C, context: Record<string, unknown>): string | null {
  return keyFor(c, JSON.stringify(context), searchOf(c));
}

/** The kept answer's JSON text under this key, when fresh and this caller may read its dataset; else null. */
export async function frontHit(c: C, key: string | null): Promise<string | null> {
  const entry = key === null ? undefined : entries.get(key);
  if (!entry || key === null) return null;
  // throws 403 (or 404) as the full path would when the caller's access or the dataset is gone
  const ds = await chartDatasource(c.get("db"), principalOf(c), entry.datasetId);
  if (!frontFresh(entry, new Date(), stampOf(ds), resolveUse)) {
    drop(key);
    return null;
  }
  keep(key, entry);
  return entry.json;
}

/** The kept answer to this request, when there is a fresh one this caller may read; otherwise null. */
export async function frontAnswer(c: C): Promise<Response | null> {
  const json = await frontHit(c, await keyOf(c));
  // says which layer answered (for tests and anyone reading a trace); nothing of the answer itself
  return json === null ? null : c.body(json, 200, { "Content-Type": "application/json", "Server-Timing": FRONT_HIT });
}

/** Collects what a run needs kept beside its answer: the time ranges it resolved. */
export interface FrontRecorder {
  onTimeRange: (use: RangeUse) => void;
  /** Keeps the answer about to be sent (when it may be kept); answers its JSON text. */
  remember: (context: QueryContext, results: Record<string, unknown>[], datasource: ChartDatasource | null) => string;
}

export async function frontRecorder(c: C): Promise<FrontRecorder> {
  return recorderFor(await keyOf(c));
}

/** The recorder of a known key (a batch context's: frontContextKey). */
export function recorderFor(key: string | null): FrontRecorder {
  const ranges: RangeUse[] = [];
  return {
    onTimeRange: (use) => void ranges.push(use),
    remember: (context, results, datasource) => {
      const json = JSON.stringify({ result: results });
      const now = Date.now();
      const expires = frontExpiry(results, now);
      // annotation layers read other charts' datasets, whose access this entry could not check again
      const annotated = context.queries.some((q) => q.annotation_layers.length > 0);
      if (key === null || expires === null || context.force || annotated || !datasource || json.length > FRONT_MAX_ANSWER_CHARS) return json;
      const cachedDttm = new Date(now).toISOString().slice(0, 19);
      const kept = JSON.stringify({ result: asCachedResults(results, cachedDttm) });
      keep(key, { json: kept, datasetId: datasource.dataset.id, stamp: stampOf(datasource), expires, ranges });
      return json;
    },
  };
}
