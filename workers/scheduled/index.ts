import type { Env } from "../../services/env";
import { openDatabase } from "../../db/client";
import { purgeExpired } from "../../db/logs/housekeeping";
import { runDueSavedQueries } from "./saved-queries";
import { dispatchDueReports } from "./reports";

// The every-minute cron tick. Each job is independent: one failing does not stop the others.
export async function runScheduled(now: Date, env: Env): Promise<void> {
  const db = openDatabase(env.DB);
  const jobs: [string, () => Promise<unknown>][] = [
    [
      "housekeeping",
      async () => {
        const purged = await purgeExpired(db, now);
        if (purged.keyValues || purged.logs) console.log(`housekeeping: purged ${purged.keyValues} key-value entries, ${purged.logs} log rows`);
      },
    ],
    ["scheduled saved queries", () => runDueSavedQueries(env, db, now)],
    ["alerts and reports", () => dispatchDueReports(env, db, now)],
  ];
  for (const [name, job] of jobs) {
    try {
      await job();
    } catch (e) {
      console.error(`scheduled job ${name} failed:`, e instanceof Error ? e.message : e);
    }
  }
}
