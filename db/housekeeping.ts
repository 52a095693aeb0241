import { and, isNotNull, lt } from "drizzle-orm";
import type { Database } from "./client";
import { keyValues, logs } from "./schema";

/** How long event logs are kept before the cron drops them. */
export const LOG_RETENTION_DAYS = 90;

export async function purgeExpired(db: Database, now: Date): Promise<{ keyValues: number; logs: number }> {
  const kv = await db
    .delete(keyValues)
    .where(and(isNotNull(keyValues.expires_on), lt(keyValues.expires_on, now.toISOString())))
    .run();
  const cutoff = new Date(now.getTime() - LOG_RETENTION_DAYS * 86_400_000).toISOString();
  const old = await db.delete(logs).where(lt(logs.dttm, cutoff)).run();
  return { keyValues: kv.meta.changes ?? 0, logs: old.meta.changes ?? 0 };
}
