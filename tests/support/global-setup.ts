import type { TestProject } from "vitest/node";
import { startWorker, TEST_ADMIN } from "./server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { username: string; password: string };
    /** Superset's example bundle (tests/support/superset-examples.ts), worker projects only; null when absent */
    supersetExamples: Record<string, string> | null;
    /** whether the runner is CI, for tests/support/prerequisite.ts inside workerd (worker projects only) */
    ci: boolean;
  }
}

/** One real Worker for the whole integration run; each test file logs in as it needs. */
export default async function setup(project: TestProject) {
  const worker = await startWorker();
  project.provide("baseUrl", worker.url);
  project.provide("admin", TEST_ADMIN);
  return async () => {
    if (process.env.SHOW_WORKER_LOGS) console.log(worker.logs());
    await worker.stop();
  };
}
