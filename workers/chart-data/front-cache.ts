import type { Context } from "hono";
import type { AppEnv } from "../../services/env";
import { principalOf } from "../http/guard";
import { chartDatasource, type ChartDatasource } from "../../services/chart-data/datasource";
import { dashboardRbacGrant } from "../../services/chart-data/dashboard-grant";
import { resolveTimeRange } from "../../core/time-range/resolve";
import type { QueryContext } from "../../core/chart-data/query-context";
import {
  FRONT_MAX_ANSWER_CHARS, asCachedResults, frontExpiry, frontFresh, frontRequest, type FrontRequest, type RangeUse, type ResolveRange,
} from "../../core/chart-data/front-cache";

// The chart-data front cache: a warm POST /api/v1/chart/data answered from this isolate's memory, as the JSON
// text it was first sent as, before the query context is parsed and compiled and the Cache API is read (that
// path cost ~1.5 ms of isolate CPU per warm request; see bench/chart-data.mjs). Only a kept answer's bytes
// are cached, never a decision: every hit has passed the route's guard (can_read on Chart) and checks the
// caller's data access to the dataset again here. An answer is passed over when
// - the key differs: the key is the body and query string (less `force`) with the caller's id and roles,
// - the request forces (force in the body or the query string): the kept answer is dropped, and the forced run's
//   fresh answer is kept in its place, so the next plain request reads the refreshed data,
// - the dataset, its columns, metrics or database changed (their rows as this isolate last read them, at most
//   2 s old: db/datasets/cache.ts, which writes in this isolate forget at once, cache invalidation included),
// - it expired (the results' cache timeout, at most FRONT_MAX_AGE_MS),
// - a time range it was computed with resolves differently now ('Last week' after midnight).

interface Entry {
  json: string;
  datasetId: number;
  /** the request's form data, when it names a dashboard (DASHBOARD_RBAC may grant its dataset through it) */
  formData: Record<string, unknown> | null;
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
  // a rule written since the answer was kept (or one that no longer binds the caller) makes it stale
  // (a virtual dataset's: the rules on the tables its SQL reads, too)
  const rules = ds.tables.length ? JSON.stringify([ds.rls, ds.tables]) : ds.rls.length ? JSON.stringify(ds.rls) : "";
  return `${stamp}${rules}`;
}

const resolveUse: ResolveRange = (use, now) =>
  resolveTimeRange(use.range, { now, relativeStart: use.relativeStart, relativeEnd: use.relativeEnd, timeShift: use.timeShift, timeZone: use.timeZone });

type C = Context<AppEnv>;

export const FRONT_HIT = 'chart-data-front;desc="hit"';

/** The front cache's view of a JSON body sent with this query string by this request's caller; null when not kept. */
function keyFor(c: C, body: string, search: string): FrontRequest | null {
  return frontRequest(body, search, principalOf(c));
}

const searchOf = (c: C): string => {
  const url = c.req.url;
  const at = url.indexOf("?");
  return at < 0 ? "" : url.slice(at + 1);
};

async function keyOf(c: C): Promise<FrontRequest | null> {
  if (!(c.req.header("Content-Type") ?? "").includes("application/json")) return null;
  return keyFor(c, await c.req.text(), searchOf(c));
}

/**
 * The key of one context of POST /api/v1/chart/data/batch: its JSON text with the batch's query string, as
 * POST /api/v1/chart/data keys that very body (a context answers the same through either route, so either
 * may serve the other's kept answer).
 */
export function frontContextKey(c: C, context: Record<string, unknown>): FrontRequest | null {
  return keyFor(c, JSON.stringify(context), searchOf(c));
}

/** The kept answer's JSON text under this key, when fresh and this caller may read its dataset; else null. */
export async function frontHit(c: C, request: FrontRequest | null): Promise<string | null> {
  if (request === null) return null;
  const { key } = request;
  // a forced request never reads the kept answer, and no one else may while its fresh one is computed
  if (request.forced) {
    drop(key);
    return null;
  }
  const entry = entries.get(key);
  if (!entry) return null;
  // throws 403 (or 404) as the full path would when the caller's access or the dataset is gone
  const db = c.get("db");
  const ds = await chartDatasource(db, principalOf(c), entry.datasetId, dashboardRbacGrant(db, c.env, principalOf(c), entry.formData));
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
export function recorderFor(request: FrontRequest | null): FrontRecorder {
  const key = request?.key ?? null;
  const ranges: RangeUse[] = [];
  return {
    onTimeRange: (use) => void ranges.push(use),
    remember: (context, results, datasource) => {
      const json = JSON.stringify({ result: results });
      const now = Date.now();
      const expires = frontExpiry(results, now);
      // annotation layers read other charts' datasets, whose access this entry could not check again
      const annotated = context.queries.some((q) => q.annotation_layers.length > 0);
      // a forced answer is kept too: it is the refreshed answer every later plain request must read
      if (key === null || expires === null || annotated || !datasource || json.length > FRONT_MAX_ANSWER_CHARS) return json;
      const cachedDttm = new Date(now).toISOString().slice(0, 19);
      const kept = JSON.stringify({ result: asCachedResults(results, cachedDttm) });
      const formData = context.form_data && "dashboardId" in context.form_data ? context.form_data : null;
      keep(key, { json: kept, datasetId: datasource.dataset.id, formData, stamp: stampOf(datasource), expires, ranges });
      return json;
    },
  };
}
