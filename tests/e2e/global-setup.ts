import type { FullConfig } from "@playwright/test";
import { startWorker, TEST_ADMIN } from "../support/server.mjs";
import { examplesPresent } from "./superset-examples-bundle";

/**
 * Starts one isolated Worker (its own D1, Durable Objects and port) per Playwright worker and hands their URLs to
 * the tests: E2E_BASE_URL_<n> for the worker of parallel index n, which playwright.config.ts makes that process's
 * E2E_BASE_URL. Each Playwright worker then runs its spec files one after another against a Worker no other
 * process writes to, as the single worker did, so two browsers never see each other's rows.
 *
 * Superset's example bundle (superset-examples.spec.ts) gets a Worker of its own, E2E_EXAMPLES_BASE_URL: the 7
 * dashboards, 83 charts and 18 datasets it imports would otherwise be seen by every journey run after it on the
 * same Worker (a search for "cleaned_sales" finds two datasets), and which those are depends on how the files fall
 * to the workers. Started here, not by the spec, so it outlives a Playwright worker restarted after a failure.
 */
export default async function globalSetup(config: FullConfig) {
  const [workers, examples] = await Promise.all([
    Promise.all(Array.from({ length: Math.max(1, config.workers) }, () => startWorker())),
    examplesPresent() ? startWorker() : Promise.resolve(null),
  ]);
  if (examples) process.env.E2E_EXAMPLES_BASE_URL = examples.url;
  workers.forEach((worker, i) => (process.env[`E2E_BASE_URL_${i}`] = worker.url));
  process.env.E2E_BASE_URL = workers[0].url;
  // one id for the whole run, the same in every Playwright worker process and after a worker restarts: what a spec
  // names its own tables and schemas with, so its last test can drop them
  process.env.E2E_RUN_ID = Date.now().toString(36);
  process.env.E2E_ADMIN_USERNAME = TEST_ADMIN.username;
  process.env.E2E_ADMIN_PASSWORD = TEST_ADMIN.password;
  return async () => {
    await Promise.all([...workers, ...(examples ? [examples] : [])].map((worker) => worker.stop()));
  };
}
