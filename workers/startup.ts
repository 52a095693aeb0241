import type { Env } from "../services/env";
import type { Database } from "../db/client";
import { bootstrapMetadata } from "../db/security/bootstrap";
import { registerExamples } from "../db/examples/registration";
import { registerExampleCharts } from "../db/examples/charts";
import { registerExampleDashboards } from "../db/examples/dashboards";
import { syncDataAccessPermissions } from "../db/security/data-access-permissions";

let started: Promise<void> | null = null;

/** Runs the idempotent first-start work once per isolate; a failure is retried on the next request. */
export function ensureStarted(env: Env, db: Database): Promise<void> {
  started ??= bootstrapMetadata(db, {
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    adminEmail: env.ADMIN_EMAIL,
    announce: (message) => console.log(message),
  })
    .then(async () => {
      const firstStart = await registerExamples(db);
      // an example chart per chart type, on the example datasets just registered
      await registerExampleCharts(db, env.ADMIN_USERNAME || "admin");
      // the example dashboards only on the very first start, so one a user deleted does not come back
      if (firstStart) await registerExampleDashboards(db);
    })
    // grantable database_access / datasource_access pairs for every database and dataset, examples included
    .then(() => syncDataAccessPermissions(db))
    .catch((e) => {
      started = null;
      throw e;
    });
  return started;
}
