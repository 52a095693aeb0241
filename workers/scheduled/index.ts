import type { Env } from "../env";
import { openDatabase } from "../../db/client";
import { purgeExpired } from "../../db/housekeeping";

// The every-minute cron tick. Each job is independent: one failing does not stop the others.
export async function runScheduled(now: Date, env: Env): Promise<void> {
  const db = openDatabase(env.DB);
  const jobs: [string, () => Promise<unknown>][] = [["housekeeping", () => purgeExpired(db, now)]];
  for (const [name, job] of jobs) {
    try {
      await job();
    } catch (e) {
      console.error(`scheduled job ${name} failed:`, e instanceof Error ? e.message : e);
    }
  }
}
