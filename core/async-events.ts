import { badRequest } from "./http/errors";

// Async event stream ids. Superset's clients expect Redis
// stream ids, "<epoch ms>-<sequence>", and ask for everything after the last id they saw. Ids here are
// issued so that both parts never go backwards: ms = max(now, previous ms), seq = previous seq + 1.
// Ordering is then the (ms, seq) tuple, exactly Redis's order, and the seq alone orders them too.

export interface StreamId {
  ms: number;
  seq: number;
}

export const ZERO_ID: StreamId = { ms: 0, seq: 0 };

/** How many events a channel keeps, and for how long (a client that was away longer reloads its state). */
export const EVENT_RETENTION = { maxEvents: 1000, maxAgeMs: 24 * 3600 * 1000 };

export function formatEventId(id: StreamId): string {
  return `${id.ms}-${id.seq}`;
}

/**
 * Parses a client's `last_id`: absent or empty means "from the start"; "<ms>" alone means "<ms>-0" as in
 * Redis. Anything else is a 400, so a typo does not silently replay (or hide) a whole stream.
 */
export function parseLastId(raw: string | null | undefined): StreamId {
  if (raw === null || raw === undefined || raw === "") return ZERO_ID;
  const m = /^(\d{1,16})(?:-(\d{1,16}))?$/.exec(raw);
  if (!m) throw badRequest(`Invalid last_id: ${raw.slice(0, 64)}. Expected an event id like 1700000000000-1`);
  return { ms: Number(m[1]), seq: m[2] === undefined ? 0 : Number(m[2]) };
}

export function compareIds(a: StreamId, b: StreamId): number {
  return a.ms - b.ms || a.seq - b.seq;
}

/** The id for the next event after `last` (null when the channel never had one). */
export function nextEventId(now: number, last: StreamId | null): StreamId {
  const prev = last ?? ZERO_ID;
  return { ms: Math.max(now, prev.ms), seq: prev.seq + 1 };
}

/**
 * Where reading starts. A last_id ahead of the newest id ever issued cannot come from this channel (its
 * storage was reset, or the id belongs elsewhere): the client then gets everything kept rather than
 * waiting forever for ids that will never come.
 */
export function readFrom(lastId: StreamId, newest: StreamId | null): StreamId {
  if (!newest || compareIds(lastId, newest) > 0) return ZERO_ID;
  return lastId;
}

export function isAfter(id: StreamId, lastId: StreamId): boolean {
  return compareIds(id, lastId) > 0;
}

/** Events with seq below minSeq, or older than minMs, are dropped. */
export function retentionCutoff(now: number, newest: StreamId, policy = EVENT_RETENTION): { minSeq: number; minMs: number } {
  return { minSeq: newest.seq - policy.maxEvents + 1, minMs: now - policy.maxAgeMs };
}
