import { startWorker, TEST_ADMIN } from "../support/server.mjs";

/** Starts one isolated Worker for the browser journeys and hands its URL to the tests. */
export default async function globalSetup() {
  const worker = await startWorker();
  process.env.E2E_BASE_URL = worker.url;
  process.env.E2E_ADMIN_USERNAME = TEST_ADMIN.username;
  process.env.E2E_ADMIN_PASSWORD = TEST_ADMIN.password;
  return async () => worker.stop();
}
