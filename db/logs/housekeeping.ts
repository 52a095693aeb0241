import { and, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { keyValues, logs, revokedSessions } from "../schema";

/** How long event logs are kept before the cron drops them. */
export const LOG_RETENTION_DAYS = 90;
/**
 * Rows deleted per statement and statements per tick. A D1 statement has a time limit, so a backlog (a first
 * run on a big log) is worked off in slices over several ticks instead of one delete that could time out.
 */
const DELETE_SLICE = 5000;
const MAX_SLICES_PER_TICK = 20;

export interface PurgeResult {
  keyValues: number;
  logs: number;
}

/** Drops expired key-value entries (share links, permalinks with an expiry) and logs past the retention. */
export async function purgeExpired(db: Database, now: Date, logRetentionDays = LOG_RETENTION_DAYS): Promise<PurgeResult> {
  const nowIso = now.toISOString();
  const kv = await deleteInSlices(db, keyValues, keyValues.id, and(isNotNull(keyValues.expires_on), lt(keyValues.expires_on, nowIso))!);
  const cutoff = new Date(now.getTime() - logRetentionDays * 86_400_000).toISOString();
  const old = await deleteInSlices(db, logs, logs.id, lt(logs.dttm, cutoff));
  // a revoked session's cookie has expired by then: its record is no longer needed to refuse it
  await db.delete(revokedSessions).where(lt(revokedSessions.expires_on, nowIso)).run();
  return { keyValues: kv, logs: old };
}

async function deleteInSlices(
  db: Database,
  table: typeof keyValues | typeof logs,
  idColumn: typeof keyValues.id | typeof logs.id,
  where: SQL,
): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_SLICES_PER_TICK; i++) {
    const slice = db.select({ id: idColumn }).from(table).where(where).limit(DELETE_SLICE);
    const res = await db.delete(table).where(sql`${idColumn} IN ${slice}`).run();
    const changed = res.meta.changes ?? 0;
    total += changed;
    if (changed < DELETE_SLICE) break;
  }
  return total;
}
